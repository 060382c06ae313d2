import Foundation
import ManifestEditing
import ManifestLint
import PinningCore

/// The root's bookkeeping after a change, done only inside the update: a new manifest (undo, the filtered list, the
/// selection kept on its host), the filter, and the selection kept in range and on screen.
extension WorkbenchUpdate {
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
