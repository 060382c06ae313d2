import Foundation

extension WorkbenchUpdate {
    /// `V`: the Reports view of the selected domain; what the database holds now counts as seen.
    mutating func openReports() {
        openDomainView(.reports(ReportsPanel()), orSay: .reports)
        if case .reports = overlay { markReportsSeen() }
    }

    /// A command while the Reports view is open: move among the latest reports, show one's chain in the panes, go
    /// back to the live chain, move to another domain, or close.
    mutating func handleReportsCommand(_ command: Command, _ current: ReportsPanel) {
        var panel = current
        let layout = ReportsView.layout(state, panel: panel, width: LineOverlay.textWidth(chrome.size))
        let count = layout.reportLines.count
        let action = panel.update(
            command, reports: count, lineCount: layout.lines.count, page: LineOverlay.bodyHeight(chrome.size),
            lineOf: { layout.reportLines[min(max(0, $0), max(0, count - 1))] })
        switch action {
        case .stay: overlay = .reports(panel)
        case .close: overlay = nil
        case .moveDomain(let delta):
            overlay = .reports(panel)
            moveDomainSelection(by: delta)
        case .showChain(let index):
            guard let host = selectedDomainPolicy?.normalizedHost,
                let entry = state.reports.reports(for: host)?.latest[safe: index]
            else { return }
            guard !entry.chain.isEmpty else {
                say(.reportHasNoChain(id: entry.summary.id))
                overlay = .reports(panel)
                return
            }
            showReportChain(
                OpenedReport(
                    host: host, id: entry.summary.id,
                    chain: FetchedChain(certificates: entry.chain, fetchedAt: entry.summary.lastSeen))
            )
            selection.selectedLevel = 0
            overlay = nil
            say(.reportChainShown(id: entry.summary.id))
        case .liveChain:
            showReportChain(nil)
            selection.selectedLevel = 0
            overlay = .reports(panel)
            say(.liveChainShown)
        }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
