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
/// Per-frame work is kept independent of the number of domains: the filtered index list and the unsaved flag are
/// recomputed only when the manifest or the filter changes.
public struct WorkbenchState: Sendable {
    /// The manifest being edited, with its history and what was loaded from disk.
    public var editing: EditedDocument
    /// Focus, selection, scroll positions and the Domains filter.
    public var selection: WorkbenchSelection
    /// Fetched chains, fetch status and verdicts per domain.
    public var results = LiveResults()
    /// Screen size, clock, theme, glyph set, messages.
    public var chrome: WorkbenchChrome
    /// The releases file as last read, and the Forecast view's forecasts (``ForecastCache``).
    public var forecast = ForecastCache()
    /// The CT watch: the logs watched here and its state file as last read (the Transparency view, `T`).
    public var transparency = TransparencyFeed()
    public var overlay: OverlayState?
    public var prompt: Prompt?
    /// The Certificate pane's search: its query, and which match is current.
    public var search: CertificateSearch?
    /// Recovery files found at the start still to offer, after the one open (``RecoveryOffer``).
    public var pendingRecoveries: [RecoveryOffer] = []
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
        selectedDomainPolicy.map { results.live[$0.normalizedHost] ?? DomainLive() }
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

    // MARK: - Changing the manifest

    /// Replaces the manifest after an edit: records undo (and clears redo), re-sorts, refreshes the derived values.
    mutating func commitEdit(_ manifest: PinManifest, undo description: String, previous: PinManifest, host: String?) {
        editing.history.record(UndoEntry(manifest: previous, description: description, host: host))
        replaceManifest(manifest)
    }

    /// Sets the manifest without touching the undo history (undo itself, loading); the selection stays on its host.
    mutating func replaceManifest(_ manifest: PinManifest) {
        let host = selectedDomainPolicy?.normalizedHost
        editing.replace(manifest)
        selection.recomputeVisibleDomains(editing.manifest.domains)
        if let host, let index = selection.visibleDomains.firstIndex(where: { domain(at: $0).normalizedHost == host }) {
            selection.selectedDomain = index
        }
        clampSelection()
    }

    /// Takes in the manifest as read from disk as the new loaded version (the base of the diff and of the next
    /// write's change check), with its lint facts, and `edited` as the manifest being edited on top of it. Undo
    /// history is of the old version, so it goes; the selection stays on its host.
    mutating func adoptDiskVersion(_ disk: ManifestDocument, lint: LintEnvironment?, edited: PinManifest) {
        editing.adopt(disk, lintEnvironment: lint)
        replaceManifest(edited)
    }

    private func domain(at index: Int) -> DomainPolicy { editing.document.manifest.domains[index] }

    // MARK: - Filter

    mutating func setFilter(_ text: String) {
        let host = selectedDomainPolicy?.normalizedHost
        selection.setFilter(text, domains: manifest.domains)
        selection.selectedDomain =
            host.flatMap { h in selection.visibleDomains.firstIndex { domain(at: $0).normalizedHost == h } } ?? 0
        if selectedDomainPolicy?.normalizedHost != host { startAtTopOfDomain() }
        clampSelection()
    }

    // MARK: - Selection

    /// A newly selected domain shows its leaf from the top of its chain; the Certificate pane's scroll and the Pins
    /// pane's selection follow the host by themselves (``reconcileViewports()``).
    mutating func startAtTopOfDomain() {
        selection.startAtTopOfDomain()
    }

    mutating func clampSelection() {
        selection.selectedDomain = min(max(0, selection.selectedDomain), max(0, selection.visibleDomains.count - 1))
        let levels = selectedLive?.levels.count ?? 0
        selection.selectedLevel = min(max(0, selection.selectedLevel), max(0, levels - 1))
    }

    /// Keeps the selections on screen after any change (the view itself never scrolls).
    mutating func reconcileViewports() {
        let layout = self.layout
        if let rect = layout.panes[.domains] {
            selection.domainViewport = selection.domainViewport.scrolled(
                toShow: selection.selectedDomain, count: selection.visibleDomains.count, height: max(0, rect.height - 2)
            )
        }
        if let rect = layout.panes[.chain] {
            selection.chainViewport = selection.chainViewport.scrolled(
                toShow: selection.selectedLevel, count: selectedLive?.levels.count ?? 0, height: max(0, rect.height - 2)
            )
        }
        selection.certificateScroll.follow(host: selectedDomainPolicy?.normalizedHost, level: selection.selectedLevel)
        let pins = selectedDomainPolicy?.pins ?? []
        selection.pinsPane.follow(host: selectedDomainPolicy?.normalizedHost, count: pins.count)
        if let rect = layout.panes[.pins] {
            selection.pinsPane.scroll(
                count: pins.count, height: PinsPaneView.listHeight(count: pins.count, inside: rect.height - 2))
        }
    }
}
