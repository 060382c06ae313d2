import ManifestLint
import PinningCore

/// The semantic diff overlay (`m`): the manifest as loaded against the edited one, with its lockout risk, scrolled.
public struct DiffPanel: Hashable, Sendable {
    public var lines: [ManifestDiffLine]
    public var scroll: Int

    public init(lines: [ManifestDiffLine], scroll: Int = 0) {
        self.lines = lines
        self.scroll = scroll
    }

    public enum Action: Hashable, Sendable {
        case stay
        case close
        /// Go on to the write gate.
        case write
    }

    public mutating func update(_ command: Command, page: Int) -> Action {
        switch command {
        case .close: return .close
        case .write: return .write
        default:
            scroll = min(OverlayScroll.scrolled(scroll, by: command, page: page), lines.count)
            return .stay
        }
    }
}
