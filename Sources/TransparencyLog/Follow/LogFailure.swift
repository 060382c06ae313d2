/// Why reading a log did not move its position. A log that cannot be reached only waits; a log that served
/// something that does not verify is misbehaving, and says what.
public enum LogFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The log did not answer in time, refused, or answered with an HTTP error: try again later.
    case unreachable(String)
    /// The log served a tree head, proof, tile or entry that does not verify: a fork, a rewind, entries that are not
    /// the ones signed, a bad signature. Never taken; reported.
    case misbehaving(String)

    public var description: String {
        switch self {
        case .unreachable(let why): return "unreachable: \(why)"
        case .misbehaving(let why): return "misbehaving: \(why)"
        }
    }

    public var isMisbehaviour: Bool {
        if case .misbehaving = self { return true }
        return false
    }
}
