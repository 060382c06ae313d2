extension WorkbenchUpdate {
    /// `C`: the Clients view of the selected domain.
    mutating func openClients() {
        openDomainView(.clients(ClientsPanel()), orSay: .clients)
    }

    /// A command while the Clients view is open: scroll, move to another domain, or close.
    mutating func handleClientsCommand(_ command: Command, _ panel: ClientsPanel) {
        let lineCount = ClientsView.lines(state, width: LineOverlay.textWidth(chrome.size)).count
        handleDomainViewCommand(command, panel, lineCount: lineCount, reopen: OverlayState.clients)
    }
}
