import X509

/// One scenario of a running lab: its name, what it serves, and what a client would have pinned before.
public struct RunningScenario: Hashable, Sendable {
    public let kind: LabScenario
    /// The SNI name that selects it, e.g. "good.pinbench.test".
    public let host: String
    /// The certificates the lab sends for this name, leaf first, exactly as served (DER).
    public let servedChain: [[UInt8]]
    /// The same certificates, parsed.
    public let servedCertificates: [Certificate]
    /// The genuine chain a client pinned earlier (leaf, intermediates, root): the served chain plus the lab root
    /// in most scenarios; the previous leaf for `rotated`; the real lab chain for `mitm`.
    public let pinnedChain: [Certificate]
    /// The OCSP response the lab staples for this name (good for `good`, revoked for `revoked`), or nil.
    public let stapledOCSPResponse: [UInt8]?

    public var name: String { kind.rawValue }
    public var expectation: String { kind.expectation }
}
