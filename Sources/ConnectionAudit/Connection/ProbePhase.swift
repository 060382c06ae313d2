/// The step of a connection that was running when it failed: tells "no such name" from "no answer" from "bad TLS".
/// In the core so that every failure that crosses from the probe to a view (the workbench's `FetchFailure`) names
/// its step with the same value.
public enum ProbePhase: String, Hashable, Sendable, CustomStringConvertible {
    /// Checking the target and options, loading trust anchors.
    case setup
    /// Resolving the host name to addresses.
    case resolve
    /// Opening the TCP connection.
    case dial
    /// The TLS handshake, up to and including reading the certificate chain.
    case handshake

    public var description: String {
        switch self {
        case .setup: return "setup"
        case .resolve: return "name resolution"
        case .dial: return "connect"
        case .handshake: return "TLS handshake"
        }
    }
}
