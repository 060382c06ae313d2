import ManifestLint
import PinningCore

extension WorkbenchUpdate {
    /// `m`: the diff overlay, or "no changes" when the edited manifest equals the loaded one.
    mutating func openDiff() {
        let diff = ManifestDiff(from: editing.savedManifest, to: manifest)
        if diff.isEmpty {
            say(.noChanges)
        } else {
            overlay = .diff(DiffPanel(lines: manifestDiff()))
        }
    }

    mutating func handleDiffCommand(_ command: Command, _ current: DiffPanel) {
        var panel = current
        switch panel.update(command, page: pageSize) {
        case .stay: overlay = .diff(panel)
        case .close: overlay = nil
        case .write: openWriteGate(quitAfterWrite: false)
        }
    }
}

extension WorkbenchState {
    /// The semantic diff of the manifest as loaded (or last saved, or reloaded) against the manifest as edited,
    /// with the lockout risk of the change against the chains fetched live and, for the clients the session was
    /// opened for (`--clients`), the pins only some of them can match. Values are compared, not text: a
    /// manifest loaded and left alone shows "no changes" whatever its file's formatting.
    func manifestDiff() -> [ManifestDiffLine] {
        let diff = ManifestDiff(from: editing.savedManifest, to: manifest)
        guard !diff.isEmpty else { return diff.lines() }
        return diff.lines(
            assessment: diff.lockoutRisks(served: servedChains, now: chrome.now),
            clientWarnings: diff.clientWarnings(clients: editing.lintEnvironment.clients, served: servedChains))
    }
}
