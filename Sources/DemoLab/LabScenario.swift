/// The demo lab's scenarios: each one a way a pinned connection goes right or wrong, chosen by SNI name.
public enum LabScenario: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case good
    case rotated
    case mitm
    case expired
    case wrongHost = "wrong-host"
    case selfSigned = "self-signed"
    case incomplete
    case weak
    case slow
    case tls11
    case revoked
    case ctLogged = "ct-logged"
    case noSCT = "no-sct"
    case rotating

    /// The scenario's SNI label: `<name>.<domain>`.
    public func host(in domain: String) -> String { "\(rawValue).\(domain)" }

    /// What a pinning client should conclude, in words (shown by `pinbench lab` and used as test documentation).
    public var expectation: String {
        switch self {
        case .good:
            return "valid chain to the lab root; every pin matches: accepted"
        case .rotated:
            return "new leaf key from the same CA: a leaf-key pin fails, a CA pin or backup still matches"
        case .mitm:
            return "impostor chain with the same names but other keys and its own fake root: untrusted, no pin matches"
        case .expired:
            return "leaf expired 30 days ago: rejected as expired"
        case .wrongHost:
            return "the leaf names other.pinbench.test: rejected for the hostname"
        case .selfSigned:
            return "a self-signed leaf: untrusted"
        case .incomplete:
            return "the intermediate is not sent: no path to the lab root unless the client has the intermediate"
        case .weak:
            return "TLS 1.2 with RSA key exchange (no forward secrecy) and a SHA-1 signed leaf: fails ATS"
        case .slow:
            return "the server holds the handshake for seconds: the probe times out in the TLS handshake"
        case .tls11:
            return "a valid chain on a server that speaks only TLS 1.1: reachable and its pins judged, but ATS refuses "
                + "it (TLS 1.1 < 1.2) unless NSExceptionMinimumTLSVersion = TLSv1.1"
        case .revoked:
            return "a valid, pinned chain whose stapled OCSP response (signed by the lab CA) says the leaf was revoked "
                + "for keyCompromise: rejected whatever it is pinned to"
        case .ctLogged:
            return "a leaf with SCTs from the lab's two CT logs: meets the 2-log policy (--ct-log-list, --require-ct)"
        case .noSCT:
            return "a leaf with no SCT: fails the CT policy, rejected only where CT is required (--require-ct)"
        case .rotating:
            return "today's chain until rotated while the lab runs (SIGUSR1 to `pinbench lab`): a renewal with a new "
                + "leaf key, then today's leaf key under a sibling intermediate; the demo releases lock out on each"
        }
    }

    public var description: String { rawValue }
}
