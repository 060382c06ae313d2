import Foundation
import ManifestEditing
import ManifestLint
import PinningCore

/// Everything the workbench shows, as one value made of small models with one job each: the manifest being edited
/// with its history (``EditedDocument``), where the user is (``WorkbenchSelection``), what the servers answered
/// (``LiveResults``), the frame around it all (``WorkbenchChrome``), and the overlay, prompt and search open on top.
/// ``WorkbenchProgram/update(_:_:)`` changes it; ``WorkbenchProgram/view(_:)`` draws it. Update is pure: what it
/// needs from the disk arrives with the manifest (``LintEnvironment``), and work to do leaves as ``Effect``s.
///
/// Every field is readable everywhere and writable only in this file: the one way in is ``apply(_:)``, which hands
/// the update's code a ``WorkbenchUpdate`` for the message. A view, a component's model or the runtime holds no
/// ``WorkbenchUpdate``, so the compiler (not a convention) keeps them from writing the root.
///
/// Per-frame work is kept independent of the number of domains: the filtered index list and the unsaved flag are
/// recomputed only when the manifest or the filter changes.
public struct WorkbenchState: Sendable {
    /// The manifest being edited, with its history and what was loaded from disk.
    public fileprivate(set) var editing: EditedDocument
    /// Focus, selection, scroll positions and the Domains filter.
    public fileprivate(set) var selection: WorkbenchSelection
    /// Fetched chains, fetch status and verdicts per domain.
    public fileprivate(set) var results = LiveResults()
    /// Screen size, clock, theme, glyph set, messages.
    public fileprivate(set) var chrome: WorkbenchChrome
    /// The releases file as last read, and the Forecast view's forecasts (``ForecastCache``).
    public fileprivate(set) var forecast = ForecastCache()
    /// The CT watch: the logs watched here and its state file as last read (the Transparency view, `T`).
    public fileprivate(set) var transparency = TransparencyFeed()
    /// The field reports `pinbench collect` stored, as last read, and the report whose chain the panes show (`V`).
    public fileprivate(set) var reports = ReportsFeed()
    public fileprivate(set) var overlay: OverlayState?
    public fileprivate(set) var prompt: Prompt?
    /// The Certificate pane's search: its query, and which match is current.
    public fileprivate(set) var search: CertificateSearch?
    /// Recovery files found at the start still to offer, after the one open (``RecoveryOffer``).
    public fileprivate(set) var pendingRecoveries: [RecoveryOffer] = []
    public let keyMap: KeyMap

    /// Undo history is capped so a long session cannot grow without bound.
    public static let undoLimit = EditedDocument.undoLimit

    /// A workbench on `document`, with `lintEnvironment` the facts lint needs from the disk for it
    /// (``LintEnvironment/gather(for:publicSuffixes:clients:)``, read by the caller: update itself never reads a file).
    public init(
        document: ManifestDocument, lintEnvironment: LintEnvironment, size: Size, now: Date,
        themeName: String = "default", themeNames: [String] = ["default"], keyMap: KeyMap = .standard
    ) {
        editing = EditedDocument(document: document, lintEnvironment: lintEnvironment)
        selection = WorkbenchSelection()
        chrome = WorkbenchChrome(size: size, now: now, themeName: themeName, themeNames: themeNames)
        self.keyMap = keyMap
        selection.recomputeVisibleDomains(editing.manifest.domains)
    }

    /// A workbench on `document` whose lint facts are gathered from the disk now, at construction.
    public init(
        document: ManifestDocument, size: Size, now: Date, themeName: String = "default",
        themeNames: [String] = ["default"], keyMap: KeyMap = .standard
    ) {
        self.init(
            document: document, lintEnvironment: .gather(for: document), size: size, now: now, themeName: themeName,
            themeNames: themeNames, keyMap: keyMap)
    }

    public var manifest: PinManifest { editing.document.manifest }

    /// The selected domain, if the filtered list is not empty.
    public var selectedDomainPolicy: DomainPolicy? {
        guard selection.selectedDomain >= 0, selection.selectedDomain < selection.visibleDomains.count else {
            return nil
        }
        return manifest.domains[selection.visibleDomains[selection.selectedDomain]]
    }

    /// Live state of the selected domain.
    public var selectedLive: DomainLive? {
        selectedDomainPolicy.map { shownLive(host: $0.normalizedHost) }
    }

    /// What the Chain and Certificate panes show for `host`: the chain of a report opened in the Reports view (not
    /// judged: it is the sender's), else the live results.
    public func shownLive(host: String) -> DomainLive {
        if let opened = reports.opened, opened.host == host {
            var live = DomainLive(fetch: .fetched(opened.chain))
            live.chain = opened.chain
            return live
        }
        return results.live[host] ?? DomainLive()
    }

    /// The selected chain level of the selected domain.
    public var selectedChainLevel: ChainLevel? {
        guard let levels = selectedLive?.levels, selection.selectedLevel >= 0, selection.selectedLevel < levels.count
        else { return nil }
        return levels[selection.selectedLevel]
    }

    public var layout: Layout { Layout(size: chrome.size, focus: selection.focus, detail: selection.detailPane) }

    /// Where keys go now, most specific first: the open overlay's contexts, else the focused pane's and the global
    /// one. Key dispatch and the status bar's hints both use this, so they cannot disagree.
    public var activeKeyContexts: [KeyContext] {
        overlay?.keyContexts ?? [KeyContext(pane: selection.focus), .global]
    }

    // MARK: - The one way in

    /// `update` in place: what a backend calls to avoid copying the manifest on every key.
    public mutating func apply(_ message: WorkbenchMessage) -> [Effect] {
        update { $0.receive(message) }
    }

    /// Marks every domain as fetching and returns the effect that fetches them (what `R` does; used at start).
    public mutating func fetchAll() -> [Effect] {
        update { $0.fetch($0.manifest.domains) }
    }

    /// This state drawn in ASCII only (a non-UTF-8 locale, or `--ascii`): set once, before the first message.
    public func drawing(asciiOnly: Bool) -> WorkbenchState {
        var next = self
        next.chrome.asciiOnly = asciiOnly
        return next
    }

    /// This state with the CT logs its own rounds watch (none without a log list): set once, before the first
    /// message.
    public func watching(logs: [String]) -> WorkbenchState {
        var next = self
        next.transparency.watchedLogs = logs
        return next
    }

    /// Runs `body` with write access to the fields, moving the state in and out so nothing is copied: the door
    /// ``apply(_:)`` goes through (and tests, to arrange a state no message reaches). It needs the root as a `var`;
    /// views and components are handed values, so they cannot open it.
    mutating func update<Result>(_ body: (inout WorkbenchUpdate) -> Result) -> Result {
        var update = WorkbenchUpdate(root: consume self)
        let result = body(&update)
        self = update.root
        return result
    }
}

/// Write access to ``WorkbenchState`` for the length of one message: only ``WorkbenchState/apply(_:)`` makes one.
/// The update's code (the message dispatch, the keys, the components' glue) is written as extensions of this type.
///
/// Not every field is writable as a whole: the status text changes only through ``say(_:)`` (and a key clears it,
/// ``clearMessage()``), the clock and the size only through their messages, and the live results, the forecasts and
/// the CT feed only through the methods for the messages that bring them, and the manifest only through the edits'
/// own methods (undo recorded, generation bumped): all declared here.
struct WorkbenchUpdate {
    fileprivate var root: WorkbenchState

    fileprivate init(root: consuming WorkbenchState) {
        self.root = root
    }

    /// The state as it stands, to read (and to hand to views that measure what they draw).
    var state: WorkbenchState { root }

    var selection: WorkbenchSelection {
        _read { yield root.selection }
        _modify { yield &root.selection }
    }
    var overlay: OverlayState? {
        _read { yield root.overlay }
        _modify { yield &root.overlay }
    }
    var prompt: Prompt? {
        _read { yield root.prompt }
        _modify { yield &root.prompt }
    }
    var search: CertificateSearch? {
        _read { yield root.search }
        _modify { yield &root.search }
    }
    var pendingRecoveries: [RecoveryOffer] {
        _read { yield root.pendingRecoveries }
        _modify { yield &root.pendingRecoveries }
    }
    var editing: EditedDocument { root.editing }
    var chrome: WorkbenchChrome { root.chrome }
    var results: LiveResults { root.results }
    var forecast: ForecastCache { root.forecast }
    var transparency: TransparencyFeed { root.transparency }
    var reports: ReportsFeed { root.reports }

    /// The one place the status text is set: shown above the status bar until the next key, and kept in the
    /// message log with the time.
    mutating func say(_ notice: Notice) {
        root.chrome.show(notice.message)
    }

    /// A key or a click starts with an empty status line.
    mutating func clearMessage() {
        root.chrome.show(nil)
    }

    /// Keeps `notice` in the message log without showing it over the status bar (what the bar already says in its
    /// own words, such as the CT watch's).
    mutating func log(_ notice: Notice) {
        root.chrome.log(notice.message)
    }

    /// `resize`: the terminal's new size.
    mutating func resize(to size: Size) {
        root.chrome.size = size
    }

    /// `tick`: the clock as the runtime read it.
    mutating func setClock(_ now: Date) {
        root.chrome.now = now
    }

    // The manifest changes only here: every edit records its undo entry, and every change of the manifest bumps its
    // generation (so verdicts of older manifests are ignored) and keeps the filtered list and the selection true.

    /// Replaces the manifest after an edit: records undo (and clears redo), re-sorts, refreshes the derived values.
    mutating func commitEdit(_ manifest: PinManifest, undo description: String, previous: PinManifest, host: String?) {
        root.editing.history.record(UndoEntry(manifest: previous, description: description, host: host))
        replaceManifest(manifest)
    }

    /// Sets the manifest without touching the undo history (undo itself, loading); the selection stays on its host.
    mutating func replaceManifest(_ manifest: PinManifest) {
        let host = selectedDomainPolicy?.normalizedHost
        root.editing.replace(manifest)
        selection.recomputeVisibleDomains(root.editing.manifest.domains)
        if let host, let index = selection.visibleDomains.firstIndex(where: { domain(at: $0).normalizedHost == host }) {
            selection.selectedDomain = index
        }
        clampSelection()
    }

    /// Takes in the manifest as read from disk as the new loaded version (the base of the diff and of the next
    /// write's change check), with its lint facts, and `edited` as the manifest being edited on top of it. Undo
    /// history is of the old version, so it goes; the selection stays on its host.
    mutating func adoptDiskVersion(_ disk: ManifestDocument, lint: LintEnvironment?, edited: PinManifest) {
        root.editing.adopt(disk, lintEnvironment: lint)
        replaceManifest(edited)
    }

    /// `z` / `Z`: the entry undone or redone (its manifest not yet taken in: ``replaceManifest(_:)``), or nil.
    mutating func stepHistory(undo: Bool) -> UndoEntry? {
        let current = root.manifest
        return undo ? root.editing.history.undo(current: current) : root.editing.history.redo(current: current)
    }

    /// `saved`: the document as written becomes the loaded one; true when the write was asked for before quitting.
    mutating func markSaved(_ saved: ManifestDocument) -> Bool {
        root.editing.markSaved(saved)
        defer { root.editing.quitAfterSave = false }
        return root.editing.quitAfterSave
    }

    /// The write asked for (`w`, or the quit guard's "write first" with `quitAfter`).
    mutating func startSave(quitAfter: Bool) {
        root.editing.quitAfterSave = quitAfter
    }

    /// `saveFailed`: nothing was written, so no quit follows.
    mutating func saveFailed() {
        root.editing.quitAfterSave = false
    }

    /// `manifestOnDisk` with unsaved edits: the disk's version is held (nil: none) until the user chooses.
    mutating func holdDiskVersion(_ disk: ManifestDocument?, lint: LintEnvironment?) {
        root.editing.hold(disk, lint: lint)
    }

    // What background work and the watchers bring: only these change the live results, the forecasts and the CT
    // feed, so no key and no component can make one up.

    /// A fetch asked for, or `fetchStarted`: the domain shows as fetching.
    mutating func markFetching(_ host: String) {
        root.results.markFetching(host)
    }

    /// `fetchCompleted`: true when the domain has a new chain to judge.
    mutating func recordFetch(_ host: String, _ result: Result<FetchedChain, FetchFailure>) -> Bool {
        root.results.complete(host, result)
    }

    /// `validated`: kept only for the manifest's current generation.
    mutating func recordVerdict(_ verdict: VerdictSummary, host: String, generation: Int) {
        root.results.record(verdict, host: host, generation: generation)
    }

    /// `releasesOnDisk`: the releases file as the runtime read it (at the start, and on every change on disk).
    mutating func receiveReleases(_ releases: ReleasesOnDisk) {
        root.forecast.receive(releases)
    }

    /// A forecast asked for (``Effect/forecast(_:)``), so it is not asked again while it is computed.
    mutating func askedForForecast(_ key: ForecastKey) {
        root.forecast.asked(key)
    }

    /// `forecastComputed`.
    mutating func storeForecast(_ outlook: ForecastOutlook) {
        root.forecast.store(outlook)
    }

    /// `watchOnDisk`: the CT watch's state file as read now.
    mutating func receiveWatch(_ file: WatchOnDisk) {
        root.transparency.onDisk = file
    }

    /// `watchRoundSkipped`: why the last round could not run (nil: it ran); true for a reason not seen just before.
    mutating func roundSkipped(_ reason: String?) -> Bool {
        let isNew = reason != nil && reason != root.transparency.skippedRound
        root.transparency.skippedRound = reason
        return isNew
    }

    /// `reportsOnDisk`: the report database as read now.
    mutating func receiveReports(_ disk: ReportsOnDisk) {
        root.reports.receive(disk)
    }

    /// The Reports view opened: the reports there now are no longer new.
    mutating func markReportsSeen() {
        root.reports.markSeen()
    }

    /// Shows `report`'s chain in the Chain and Certificate panes, or the live chain again (nil).
    mutating func showReportChain(_ report: OpenedReport?) {
        root.reports.opened = report
    }

    /// `t`: the next theme of the cycle, and says which.
    mutating func nextTheme() {
        root.chrome.nextTheme()
        say(.theme(root.chrome.themeName))
    }
}
