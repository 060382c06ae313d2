/// The question before a domain is deleted (`d`): delete `host` and its pins, or keep it.
public struct DeleteConfirmation: Hashable, Sendable {
    /// The domain as its manifest entry writes it.
    public let host: String

    public init(host: String) {
        self.host = host
    }

    public enum Action: Hashable, Sendable {
        case stay
        case keep
        case delete(host: String)
    }

    public func update(_ command: Command) -> Action {
        switch command {
        case .confirm: return .delete(host: host)
        case .cancel: return .keep
        default: return .stay
        }
    }
}
