import PinningCore

/// Why an HTTP GET brought no body, as a kind a caller decides on and words for people (terminal-safe).
public enum HTTPFetchFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not reached in time, refused, reset: worth trying again later.
    case network(String)
    /// The server answered with a status other than 200.
    case status(Int, String)
    /// More bytes than the caller allows.
    case tooLarge(String)
    /// Not an HTTP response, or a body that does not decode.
    case malformed(String)
    /// The URL cannot be asked (scheme, characters).
    case badURL(String)

    public var description: String {
        switch self {
        case .network(let why), .tooLarge(let why), .malformed(let why), .badURL(let why): return why.terminalSafe
        case .status(let code, let line): return "HTTP \(code): \(line.terminalSafe)"
        }
    }
}
