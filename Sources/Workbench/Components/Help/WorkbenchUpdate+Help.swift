extension WorkbenchUpdate {
    /// A command while the key help is open: it scrolls over the help's lines, or closes it.
    mutating func handleHelpCommand(_ command: Command, _ current: HelpPanel) {
        var panel = current
        switch panel.update(command, lineCount: HelpOverlay.lines(keyMap: keyMap).count, page: pageSize) {
        case .stay: overlay = .help(panel)
        case .close: overlay = nil
        }
    }
}
