import Foundation
import ManifestLint
import PinningCore

/// The state's parts by their names of old, so views, backends and tests read `state.document`, `state.focus` or
/// `state.message` wherever the value now lives (``EditedDocument``, ``WorkbenchSelection``, ``LiveResults``,
/// ``WorkbenchChrome``). Nothing is stored here.
extension WorkbenchState {
    // MARK: - editing

    public var document: ManifestDocument {
        get { editing.document }
        set { editing.document = newValue }
    }

    public var savedManifest: PinManifest { editing.savedManifest }

    public var isDirty: Bool { editing.isDirty }

    public var generation: Int { editing.generation }

    public var history: EditHistory {
        get { editing.history }
        set { editing.history = newValue }
    }

    public var diskVersion: ManifestDocument? { editing.diskVersion }

    public var quitAfterSave: Bool {
        get { editing.quitAfterSave }
        set { editing.quitAfterSave = newValue }
    }

    public var lintEnvironment: LintEnvironment { editing.lintEnvironment }

    // MARK: - selection

    public var focus: PaneID {
        get { selection.focus }
        set { selection.focus = newValue }
    }

    public var detailPane: PaneID {
        get { selection.detailPane }
        set { selection.detailPane = newValue }
    }

    public var pinsPane: PinsPane {
        get { selection.pinsPane }
        set { selection.pinsPane = newValue }
    }

    public var selectedDomain: Int {
        get { selection.selectedDomain }
        set { selection.selectedDomain = newValue }
    }

    public var selectedLevel: Int {
        get { selection.selectedLevel }
        set { selection.selectedLevel = newValue }
    }

    public var certificateScroll: CertificateScroll {
        get { selection.certificateScroll }
        set { selection.certificateScroll = newValue }
    }

    public var domainViewport: ListViewport {
        get { selection.domainViewport }
        set { selection.domainViewport = newValue }
    }

    public var chainViewport: ListViewport {
        get { selection.chainViewport }
        set { selection.chainViewport = newValue }
    }

    public var filter: String { selection.filter }

    public var visibleDomains: [Int] { selection.visibleDomains }

    // MARK: - results

    public var live: [String: DomainLive] {
        get { results.live }
        set { results.live = newValue }
    }

    public var pendingFetches: Int {
        get { results.pendingFetches }
        set { results.pendingFetches = newValue }
    }

    // MARK: - chrome

    public var size: Size {
        get { chrome.size }
        set { chrome.size = newValue }
    }

    public var now: Date {
        get { chrome.now }
        set { chrome.now = newValue }
    }

    public var themeName: String {
        get { chrome.themeName }
        set { chrome.themeName = newValue }
    }

    public var themeNames: [String] {
        get { chrome.themeNames }
        set { chrome.themeNames = newValue }
    }

    public var asciiOnly: Bool {
        get { chrome.asciiOnly }
        set { chrome.asciiOnly = newValue }
    }

    public var message: StatusMessage? {
        get { chrome.message }
        set { chrome.message = newValue }
    }

    public var messageLog: MessageLog { chrome.messageLog }

    /// The edits `z` can undo, oldest first.
    public var undoStack: [UndoEntry] { history.undoEntries }
}
