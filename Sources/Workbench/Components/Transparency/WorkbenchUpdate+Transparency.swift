extension WorkbenchUpdate {
    /// `T`: the Transparency view of the selected domain.
    mutating func openTransparency() {
        openDomainView(.transparency(TransparencyPanel()), orSay: .transparency)
    }

    /// A command while the Transparency view is open: scroll, move to another domain, or close.
    mutating func handleTransparencyCommand(_ command: Command, _ panel: TransparencyPanel) {
        let lineCount = TransparencyView.lines(state, width: LineOverlay.textWidth(chrome.size)).count
        handleDomainViewCommand(command, panel, lineCount: lineCount, reopen: OverlayState.transparency)
    }

    /// Opens `view` of the selected domain, or says it needs one when no domain is selected.
    mutating func openDomainView(_ view: OverlayState, orSay kind: Notice.DomainView) {
        guard selectedDomainPolicy != nil else {
            say(.noDomainFor(kind))
            return
        }
        overlay = view
    }

    /// A command in a view of the selected domain drawn over the screen (Forecast, Transparency): close it, move
    /// to another domain with the view open (`reopen` puts the panel back), or scroll its `lineCount` lines.
    mutating func handleDomainViewCommand(
        _ command: Command, _ current: ForecastPanel, lineCount: Int, reopen: (ForecastPanel) -> OverlayState
    ) {
        var panel = current
        switch panel.update(command, lineCount: lineCount, page: LineOverlay.bodyHeight(chrome.size)) {
        case .stay: overlay = reopen(panel)
        case .close: overlay = nil
        case .moveDomain(let delta):
            overlay = reopen(panel)
            moveDomainSelection(by: delta)
        }
    }
}
