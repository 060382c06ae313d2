import Foundation
import ManifestEditing
import ManifestLint
import PinningCore

/// The root's bookkeeping after a change, done only inside the update: the filter, and the selection kept in range
/// and on screen.
extension WorkbenchUpdate {
    func domain(at index: Int) -> DomainPolicy { editing.document.manifest.domains[index] }

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
