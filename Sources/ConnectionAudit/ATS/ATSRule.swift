/// The App Transport Security requirements PinBench checks for one connection.
///
/// ATS is what an iOS or macOS app enforces before any pin is looked at: a server that fails it is unreachable
/// from the app however well it is pinned, so the workbench reports it beside the pin verdict.
public enum ATSRule: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The negotiated protocol is TLS 1.2 or later.
    case minimumTLSVersion
    /// The cipher suite has forward secrecy: one of the ECDHE suites ATS lists, or any TLS 1.3 suite.
    case forwardSecrecy
    /// The leaf's key is RSA of at least 2048 bits or elliptic-curve of at least 256 bits.
    case leafKeySize
    /// Every certificate on the chain (except a self-signed anchor) is signed with SHA-256 or better.
    case signatureHash

    public var description: String {
        switch self {
        case .minimumTLSVersion: return "TLS 1.2 or later"
        case .forwardSecrecy: return "forward-secret cipher suite"
        case .leafKeySize: return "leaf key RSA >= 2048 bits or EC >= 256 bits"
        case .signatureHash: return "SHA-256 or better signatures"
        }
    }
}
