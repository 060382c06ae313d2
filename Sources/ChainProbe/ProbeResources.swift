/// What the probes of a batch share, made once: the TLS client context and the trust store OpenSSL builds paths
/// against (reading the anchor files, the system bundle among them, once per domain would dominate a scan).
struct ProbeResources: Sendable {
    let tls: TLSClientContext
    /// For servers that refuse TLS 1.2 and 1.3 (``TLSClientContext/Versions/legacy``).
    let legacyTLS: TLSClientContext
    /// Nil when the options do not ask for OpenSSL's path to an anchor.
    let trustStore: TrustStore?
    /// The batch's App Transport Security verdicts, by connection.
    let ats = ATSMemo()

    init(options: ProbeOptions) throws(ProbeFailure) {
        tls = try TLSClientContext(.current)
        legacyTLS = try TLSClientContext(.legacy)
        trustStore =
            options.buildsAnchorPath
            ? try TrustStore(anchorPaths: options.trustAnchorPaths, useSystemTrustStore: options.useSystemTrustStore)
            : nil
    }
}
