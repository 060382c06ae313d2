/// What the probes of a batch share, made once: the TLS client context and the trust store OpenSSL builds paths
/// against (reading the anchor files, the system bundle among them, once per domain would dominate a scan).
struct ProbeResources: Sendable {
    let tls: TLSClientContext
    /// Nil when the options do not ask for OpenSSL's path to an anchor.
    let trustStore: TrustStore?

    init(options: ProbeOptions) throws(ProbeFailure) {
        tls = try TLSClientContext()
        trustStore =
            options.buildsAnchorPath
            ? try TrustStore(anchorPaths: options.trustAnchorPaths, useSystemTrustStore: options.useSystemTrustStore)
            : nil
    }
}
