import Foundation
import PinningCore

/// Everything the workbench shows, as one value: the manifest being edited, live results per domain, selection,
/// focus, overlays, prompt and undo history. ``WorkbenchProgram/update(_:_:)`` changes it;
/// ``WorkbenchProgram/view(_:)`` draws it.
///
/// Per-frame work is kept independent of the number of domains: the filtered index list and the unsaved flag are
/// recomputed only when the manifest or the filter changes.
public struct WorkbenchState: Sendable {
    /// The manifest being edited, with what was loaded from disk (the base of the diff and of change detection).
    public var document: ManifestDocument
    /// The manifest as last loaded or saved, in canonical order: unsaved means `document.manifest` differs from it.
    public private(set) var savedManifest: PinManifest
    public private(set) var isDirty = false
    /// Bumped by every manifest edit; verdicts computed for older generations are ignored.
    public private(set) var generation = 0

    /// Live results by normalized host.
    public var live: [String: DomainLive] = [:]
    public var pendingFetches = 0

    public var focus: PaneID = .domains
    /// The detail pane (Chain or Certificate) shown beside Domains in two-pane mode: the one focused last. The Pins
    /// pane takes the right-hand column only while it has the focus (README, "The workbench").
    public var detailPane: PaneID = .chain
    /// The Pins pane's own model: its selection and scroll position.
    public var pinsPane = PinsPane()
    /// Index into ``visibleDomains``.
    public var selectedDomain = 0
    /// Level of the selected domain's chain (0 = leaf).
    public var selectedLevel = 0
    /// The Certificate pane's scroll position (its own model: a new domain or level starts at the top).
    public var certificateScroll = CertificateScroll()
    public var domainViewport = ListViewport()
    public var chainViewport = ListViewport()

    public private(set) var filter = ""
    /// Indices into `document.manifest.domains` that match the filter, in display order.
    public private(set) var visibleDomains: [Int] = []

    /// Undo and redo of manifest edits (`z`, `Z`).
    public var history = EditHistory(limit: WorkbenchState.undoLimit)
    /// The edits `z` can undo, oldest first.
    public var undoStack: [UndoEntry] { history.undoEntries }
    public var overlay: OverlayState?
    public var prompt: Prompt?
    /// The Certificate pane's search: its query, and which match is current.
    public var search: CertificateSearch?
    /// The message on screen until the next key; setting one also records it in ``messageLog`` with the time.
    public var message: StatusMessage? {
        get { shownMessage }
        set {
            shownMessage = newValue
            if let newValue, !newValue.text.isEmpty { messageLog.record(newValue, at: now) }
        }
    }
    private var shownMessage: StatusMessage?
    /// Every message of the session, capped (`L` shows it).
    public private(set) var messageLog = MessageLog()
    /// Draw only ASCII: every glyph becomes its fallback from ``Marker/all`` (a non-UTF-8 locale, or `--ascii`).
    public var asciiOnly = false

    /// The manifest as changed on disk since it was loaded, while it is not taken in (the user kept editing): the
    /// write refuses until it is, and a refused write offers it again.
    public internal(set) var diskVersion: ManifestDocument?

    /// Quit once the pending write succeeds (the quit guard's "write first").
    public var quitAfterSave = false

    public var size: Size
    public var now: Date
    /// The theme in use and the order `t` cycles through.
    public var themeName: String
    public var themeNames: [String]
    public let keyMap: KeyMap
    /// Undo history is capped so a long session cannot grow without bound.
    public static let undoLimit = 200

    public init(
        document: ManifestDocument, size: Size, now: Date, themeName: String = "default",
        themeNames: [String] = ["default"], keyMap: KeyMap = .standard
    ) {
        var document = document
        document.manifest = document.manifest.canonicallyOrdered
        self.document = document
        self.savedManifest = document.manifest
        self.size = size
        self.now = now
        self.themeName = themeName
        self.themeNames = themeNames.contains(themeName) ? themeNames : [themeName] + themeNames
        self.keyMap = keyMap
        recomputeVisibleDomains()
    }

    public var manifest: PinManifest { document.manifest }

    /// The selected domain, if the filtered list is not empty.
    public var selectedDomainPolicy: DomainPolicy? {
        guard selectedDomain >= 0, selectedDomain < visibleDomains.count else { return nil }
        return manifest.domains[visibleDomains[selectedDomain]]
    }

    /// Live state of the selected domain.
    public var selectedLive: DomainLive? {
        selectedDomainPolicy.map { live[$0.normalizedHost] ?? DomainLive() }
    }

    /// The selected chain level of the selected domain.
    public var selectedChainLevel: ChainLevel? {
        guard let levels = selectedLive?.levels, selectedLevel >= 0, selectedLevel < levels.count else { return nil }
        return levels[selectedLevel]
    }

    public var layout: Layout { Layout(size: size, focus: focus, detail: detailPane) }

    /// Where keys go now, most specific first: the open overlay's contexts, else the focused pane's and the global
    /// one. Key dispatch and the status bar's hints both use this, so they cannot disagree.
    public var activeKeyContexts: [KeyContext] {
        overlay?.keyContexts ?? [KeyContext(pane: focus), .global]
    }

    // MARK: - Changing the manifest

    /// Replaces the manifest after an edit: records undo (and clears redo), re-sorts, refreshes the derived values.
    mutating func commitEdit(_ manifest: PinManifest, undo description: String, previous: PinManifest, host: String?) {
        history.record(UndoEntry(manifest: previous, description: description, host: host))
        replaceManifest(manifest)
    }

    /// Sets the manifest without touching the undo history (undo itself, loading).
    mutating func replaceManifest(_ manifest: PinManifest) {
        let host = selectedDomainPolicy?.normalizedHost
        document.manifest = manifest.canonicallyOrdered
        generation += 1
        isDirty = document.manifest != savedManifest
        recomputeVisibleDomains()
        if let host, let index = visibleDomains.firstIndex(where: { domain(at: $0).normalizedHost == host }) {
            selectedDomain = index
        }
        clampSelection()
    }

    /// Marks the document as saved (after a successful write).
    mutating func markSaved(_ saved: ManifestDocument) {
        let edited = document.manifest
        document = saved
        document.manifest = edited
        savedManifest = saved.manifest.canonicallyOrdered
        isDirty = document.manifest != savedManifest
    }

    /// Takes in the manifest as read from disk as the new loaded version (the base of the diff and of the next
    /// write's change check), with `edited` as the manifest being edited on top of it. Undo history is of the old
    /// version, so it goes; the selection stays on its host.
    mutating func adoptDiskVersion(_ disk: ManifestDocument, edited: PinManifest) {
        document = disk
        savedManifest = disk.manifest.canonicallyOrdered
        diskVersion = nil
        history = EditHistory(limit: Self.undoLimit)
        replaceManifest(edited)
    }

    private func domain(at index: Int) -> DomainPolicy { document.manifest.domains[index] }

    // MARK: - Filter

    mutating func setFilter(_ text: String) {
        let host = selectedDomainPolicy?.normalizedHost
        filter = text
        recomputeVisibleDomains()
        selectedDomain = host.flatMap { h in visibleDomains.firstIndex { domain(at: $0).normalizedHost == h } } ?? 0
        if selectedDomainPolicy?.normalizedHost != host { startAtTopOfDomain() }
        clampSelection()
    }

    private mutating func recomputeVisibleDomains() {
        let needle = filter.lowercased()
        let domains = document.manifest.domains
        visibleDomains =
            needle.isEmpty
            ? Array(domains.indices)
            : domains.indices.filter { domains[$0].host.lowercased().contains(needle) }
    }

    // MARK: - Selection

    /// A newly selected domain shows its leaf from the top of its chain; the Certificate pane's scroll and the Pins
    /// pane's selection follow the host by themselves (``reconcileViewports()``).
    mutating func startAtTopOfDomain() {
        selectedLevel = 0
        chainViewport = ListViewport()
    }

    mutating func clampSelection() {
        selectedDomain = min(max(0, selectedDomain), max(0, visibleDomains.count - 1))
        let levels = selectedLive?.levels.count ?? 0
        selectedLevel = min(max(0, selectedLevel), max(0, levels - 1))
    }

    /// Keeps the selections on screen after any change (the view itself never scrolls).
    mutating func reconcileViewports() {
        let layout = self.layout
        if let rect = layout.panes[.domains] {
            domainViewport = domainViewport.scrolled(
                toShow: selectedDomain, count: visibleDomains.count, height: max(0, rect.height - 2))
        }
        if let rect = layout.panes[.chain] {
            chainViewport = chainViewport.scrolled(
                toShow: selectedLevel, count: selectedLive?.levels.count ?? 0, height: max(0, rect.height - 2))
        }
        certificateScroll.follow(host: selectedDomainPolicy?.normalizedHost, level: selectedLevel)
        let pins = selectedDomainPolicy?.pins ?? []
        pinsPane.follow(host: selectedDomainPolicy?.normalizedHost, count: pins.count)
        if let rect = layout.panes[.pins] {
            pinsPane.scroll(
                count: pins.count, height: PinsPaneView.listHeight(count: pins.count, inside: rect.height - 2))
        }
    }
}
