import PinningCore

extension WorkbenchUpdate {
    /// Opens the write gate: the same lint as the CLI's, on the same inputs (the document with the lint facts
    /// gathered when it was loaded, and each live chain with the path the validator verified for it). The manifest as
    /// loaded is linted the same way, so the gate can tell what the change introduces from what was there before.
    mutating func openWriteGate(quitAfterWrite: Bool) {
        let served = servedChains
        overlay = .writeGate(
            WriteGate(
                edited: editing.lint(manifest, now: chrome.now, served: served),
                loaded: editing.lint(editing.savedManifest, now: chrome.now, served: served), diff: manifestDiff(),
                quitAfterWrite: quitAfterWrite))
    }

    mutating func handleWriteGateCommand(_ command: Command, _ current: WriteGate) -> [Effect] {
        var gate = current
        switch gate.update(command, lineCount: WriteGateView.body(current, screen: chrome.size).count, page: pageSize) {
        case .stay:
            overlay = .writeGate(gate)
        case .cancel:
            overlay = nil
            say(.writeCancelled)
        case .refuse(let errors):
            say(.lintRefused(errors: errors))
        case .write(let quitAfter):
            return save(quitAfter: quitAfter)
        }
        return []
    }

    private mutating func save(quitAfter: Bool) -> [Effect] {
        overlay = nil
        startSave(quitAfter: quitAfter)
        say(.writing(path: editing.document.url.path))
        return [.save(editing.document)]
    }
}
