/// What a cell means, not how it looks: themes map each role to colours and attributes.
///
/// Views only ever name roles, so a theme (or mono mode) can restyle the whole workbench without touching the view.
public enum StyleRole: String, CaseIterable, Hashable, Sendable, Comparable {
    case text = "text"
    case dim = "dim"
    case label = "label"
    case paneBorder = "pane.border"
    case paneBorderFocused = "pane.border.focused"
    case paneTitle = "pane.title"
    case paneTitleFocused = "pane.title.focused"
    case listSelected = "list.selected"
    case listSelectedUnfocused = "list.selected.unfocused"
    case pinActive = "pin.active"
    case pinBackup = "pin.backup"
    case verdictAccepted = "verdict.accepted"
    case verdictRejected = "verdict.rejected"
    case verdictWarning = "verdict.warning"
    case verdictPending = "verdict.pending"
    case certExpiring = "cert.expiring"
    case certExpired = "cert.expired"
    case statusBar = "status.bar"
    case statusKey = "status.key"
    case statusUnsaved = "status.unsaved"
    case overlayBorder = "overlay.border"
    case overlayText = "overlay.text"
    case diffAdded = "diff.added"
    case diffRemoved = "diff.removed"
    case diffContext = "diff.context"
    case prompt = "prompt"
    case error = "error"

    public static func < (lhs: StyleRole, rhs: StyleRole) -> Bool {
        lhs.order < rhs.order
    }

    private var order: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// The role whose style this one falls back to when a theme leaves it out.
    public var parent: StyleRole? {
        switch self {
        case .text: return nil
        case .paneBorderFocused: return .paneBorder
        case .paneTitleFocused: return .paneTitle
        case .listSelectedUnfocused: return .listSelected
        case .statusKey, .statusUnsaved: return .statusBar
        case .overlayText: return .text
        case .overlayBorder: return .paneBorderFocused
        case .certExpired: return .verdictRejected
        case .error: return .verdictRejected
        default: return .text
        }
    }
}
