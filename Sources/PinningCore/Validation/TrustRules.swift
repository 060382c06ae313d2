/// The default trust a TLS stack applies before any pin, as values: which extended and plain key usages it asks of a
/// leaf, whether a CA certificate may serve as one, and how it matches the host. ``TrustEvaluator`` builds its verifier
/// policies from these: PinBench's own verdict follows ``platform``, and a client model (the ClientModels target)
/// names its stack's rules to have a chain judged by them (``PinValidator/evaluateTrust(host:chain:at:rules:limits:)``).
///
/// Every stack checks the path to an anchor, the dates, a CA's `keyCertSign` and name constraints alike; only the
/// rules where stacks differ are values here.
public struct TrustRules: Hashable, Sendable {
    /// Which extended key usage a chain needs.
    public enum ServerAuthUsage: Hashable, Sendable {
        /// A certificate that states an EKU must name serverAuth; anyExtendedKeyUsage alone is not enough; a leaf
        /// without EKU passes (OpenSSL's `ssl_server` purpose: `xku_reject(x, XKU_SSL_SERVER | XKU_SGC)`).
        case serverAuthWhenStated
        /// A leaf that states an EKU must name serverAuth or anyExtendedKeyUsage; a leaf without EKU passes (the
        /// JDK's `EndEntityChecker.checkTLSServer`).
        case serverAuthOrAnyWhenStated
        /// As `serverAuthOrAnyWhenStated` for every certificate, and a leaf issued after 1 July 2019 must name
        /// serverAuth itself (iOS 13 and later).
        case serverAuthRequiredSince2019
    }

    /// What a leaf's key usage, when stated, must allow.
    public enum LeafKeyUsage: Hashable, Sendable {
        /// One of digitalSignature, keyEncipherment and keyAgreement (OpenSSL's `ssl_server` purpose).
        case anyHandshakeUsage
        /// digitalSignature (the JDK for TLS 1.3 and ECDHE suites, the only ones OkHttp offers a modern server).
        case digitalSignature
        /// One of the handshake usages, and keyCertSign only on a CA (RFC 5280 4.2.1.3; PinBench's platform).
        case handshakeUsageWithoutCertSign
    }

    /// Whether a leaf that is a CA certificate (basic constraints cA TRUE) may serve.
    public enum CALeaf: Hashable, Sendable {
        case accepted
        case refused
    }

    /// Where the host name is looked for.
    public enum HostNames: Hashable, Sendable {
        /// The subject alternative names only; a leaf without them is refused.
        case subjectAltNamesOnly
        /// The DNS and IP subject alternative names; the subject CN only when the leaf has neither (curl's own
        /// `ossl_verifyhost`).
        case commonNameWhenNoSubjectAltName
    }

    /// Which wildcards a name may use: always the whole leftmost label, covering one label.
    public enum Wildcards: Hashable, Sendable {
        /// `*.` and at least one label after it: `*.com` matches `foo.com` (OkHttp 3's `OkHostnameVerifier`).
        case oneLabelAfter
        /// At least two labels after the wildcard: `*.co.uk` matches, `*.com` does not (curl's `Curl_cert_hostcheck`).
        case twoLabelsAfter
        /// At least two labels after it and not directly over an ICANN public suffix (Chrome's rule, PinBench's
        /// platform profile).
        case notOverPublicSuffix
    }

    public let serverAuth: ServerAuthUsage
    public let leafKeyUsage: LeafKeyUsage
    public let caLeaf: CALeaf
    public let hostNames: HostNames
    public let wildcards: Wildcards

    public init(
        serverAuth: ServerAuthUsage, leafKeyUsage: LeafKeyUsage, caLeaf: CALeaf, hostNames: HostNames,
        wildcards: Wildcards
    ) {
        self.serverAuth = serverAuth
        self.leafKeyUsage = leafKeyUsage
        self.caLeaf = caLeaf
        self.hostNames = hostNames
        self.wildcards = wildcards
    }

    /// PinBench's platform profile: what iOS decides (Apple's "Requirements for trusted certificates in iOS 13"),
    /// the strictest of the platforms.
    public static let platform = TrustRules(
        serverAuth: .serverAuthRequiredSince2019, leafKeyUsage: .handshakeUsageWithoutCertSign, caLeaf: .refused,
        hostNames: .subjectAltNamesOnly, wildcards: .notOverPublicSuffix)
}
