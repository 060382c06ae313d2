extension WorkbenchUpdate {
    /// `q`: quits at once with nothing unsaved, else asks.
    mutating func quitOrAsk() -> [Effect] {
        guard editing.isDirty else { return [.quit] }
        overlay = .quitGuard(QuitGuard())
        return []
    }

    mutating func handleQuitGuardCommand(_ command: Command, _ current: QuitGuard) -> [Effect] {
        switch current.update(command) {
        case .stay: break
        case .keepWorking: overlay = nil
        case .quitWithoutSaving: return [.quit]
        case .writeFirst: openWriteGate(quitAfterWrite: true)
        }
        return []
    }
}
