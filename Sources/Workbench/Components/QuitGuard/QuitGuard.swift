/// The question when `q` would lose unsaved changes: quit anyway, write first (then quit), or stay.
public struct QuitGuard: Hashable, Sendable {
    public init() {}

    public enum Action: Hashable, Sendable {
        case stay
        /// Close the question and keep working.
        case keepWorking
        case quitWithoutSaving
        /// Open the write gate, and quit once the write succeeds.
        case writeFirst
    }

    public func update(_ command: Command) -> Action {
        switch command {
        case .confirm: return .quitWithoutSaving
        case .write: return .writeFirst
        case .cancel: return .keepWorking
        default: return .stay
        }
    }
}
