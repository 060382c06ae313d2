/// How a probe runs: its single deadline, the anchors OpenSSL builds a chain to, and caps on what a server may send.
public struct ProbeOptions: Hashable, Sendable {
    /// One budget for name resolution, TCP connect and TLS handshake together, so a probe never hangs.
    public var deadline: Duration
    /// PEM files of extra trust anchors for the built chain (a corporate root, the demo lab's root).
    public var trustAnchorPaths: [String]
    /// Also build against the system trust store (OpenSSL's default paths).
    public var useSystemTrustStore: Bool
    /// More certificates than this is a hostile or broken server: the probe fails with `chainTooLarge`.
    public var maxCertificates: Int
    /// Cap on the certificates' total DER bytes, so a server cannot make us buffer without end. OpenSSL stops reading
    /// a certificate message beyond max(4096, this) bytes, and the whole handshake beyond that plus 64 KiB.
    public var maxChainBytes: Int
    /// Also build OpenSSL's path from the leaf to one of the anchors (``ProbeResult/builtChain``), to show it. A
    /// caller that only needs the core's verdict (which builds its own path) turns it off and saves a verification
    /// per probe.
    public var buildsAnchorPath: Bool

    public init(
        deadline: Duration = .seconds(5),
        trustAnchorPaths: [String] = [],
        useSystemTrustStore: Bool = true,
        maxCertificates: Int = 32,
        maxChainBytes: Int = 256 * 1024,
        buildsAnchorPath: Bool = true
    ) {
        self.deadline = deadline
        self.trustAnchorPaths = trustAnchorPaths
        self.useSystemTrustStore = useSystemTrustStore
        self.maxCertificates = maxCertificates
        self.maxChainBytes = maxChainBytes
        self.buildsAnchorPath = buildsAnchorPath
    }
}
