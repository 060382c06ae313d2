import PinningCore

// OkHttp 4 and OkHttp 3 on the JVM: their identities, models, default trust and words. The OkHttp 3 model is checked
// against Debian's OkHttp 3.13 in Tests/CLITests/ClientAgreementTests.swift.

extension PinClient {
    /// OkHttp 4.3 and later (`**.host` covers every subdomain).
    public static let okhttp = PinClient("okhttp", displayName: "OkHttp 4")
    /// OkHttp 3 (`*.host` covers one label; the version Debian ships as libokhttp-java).
    public static let okhttp3 = PinClient("okhttp3", displayName: "OkHttp 3")
}

extension ClientModel {
    /// OkHttp 4.3 and later `CertificatePinner`.
    public static let okhttp = okHttp(
        .okhttp, subdomains: .all, patterns: "`**.host` covers the host and every name below it (OkHttp 4.3+).")

    /// OkHttp 3 `CertificatePinner` (Debian's libokhttp-java 3.13.1).
    public static let okhttp3 = okHttp(
        .okhttp3, subdomains: .oneLabel, patterns: "`*.host` covers one label below the host; OkHttp 3 has no `**.`.")

    private static func okHttp(_ client: PinClient, subdomains: Subdomains, patterns: String) -> ClientModel {
        ClientModel(
            client: client, certificates: .verifiedPath, pinTypes: [.spkiSHA256], pinKinds: .listed,
            positions: .anyLevel, subdomains: subdomains, unitesMatchingDomains: true, expiry: .notCarried,
            reportOnly: .enforced, minimumPins: 1, trust: .jvm,
            sources: [
                Source(
                    "Pins are checked after the trust manager and the hostname verifier accept the chain, against "
                        + "the chain the CertificateChainCleaner rebuilt: the trust anchor included, certificates "
                        + "sent off the path dropped; a pin matches at any position.",
                    "square/okhttp okhttp/src/main/java/okhttp3/CertificatePinner.java (check), "
                        + "internal/tls/BasicCertificateChainCleaner.java (clean), RealConnection.connectTls"),
                Source(
                    "Pins are sha256/ (or sha1/) of the SubjectPublicKeyInfo; the pins of every matching pattern "
                        + "apply together.",
                    "square/okhttp CertificatePinner.findMatchingPins"),
                Source(patterns, "square/okhttp CertificatePinner.Pin.matches; OkHttp 4.3 CHANGELOG"),
                Source(
                    "No expiry and no report-only mode: a failure throws SSLPeerUnverifiedException "
                        + "(\"Certificate pinning failure!\").",
                    "square/okhttp CertificatePinner.java"),
                Source(
                    "On the JVM the platform PKIX trust manager accepts a chain whose leaf is itself a trusted "
                        + "certificate, and the cleaner's chain is then the leaf alone.",
                    "OpenJDK sun/security/validator/PKIXValidator.java (engineValidate); square/okhttp "
                        + "BasicCertificateChainCleaner.clean"),
            ] + jvmTrust, wording: OkHttpWording())
    }

    /// OkHttp's default trust on the JVM (``PinningCore/TrustRules/jvm``), rule by rule.
    static let jvmTrust = [
        Source(
            "On the JVM the PKIX trust manager decides trust: a leaf without extended key usage, or with "
                + "anyExtendedKeyUsage, passes; one whose usage lacks serverAuth is refused; a stated key usage "
                + "must allow digitalSignature (TLS 1.3 and ECDHE); a CA:TRUE leaf passes.",
            "OpenJDK sun/security/validator/EndEntityChecker.java (checkTLSServer); checked against OkHttp "
                + "3.13.1 on OpenJDK 17 in Tests/CLITests/ClientAgreementTests.swift"),
        Source(
            "OkHostnameVerifier reads subject alternative names only, never the CN; a wildcard is the whole "
                + "leftmost label, covers one label and may stand over any suffix (*.co.uk, even *.com).",
            "square/okhttp okhttp/src/main/java/okhttp3/internal/tls/OkHostnameVerifier.java (verifyHostname); "
                + "checked as above"),
        Source(
            "On Android the platform's trust manager decides trust instead (the Android NSC model's rules); the "
                + "model gives the JVM's, the one tested here, with OkHttp 3.13 (OkHttp 4 is assumed to match it).",
            "square/okhttp Platform.java (AndroidPlatform uses the system X509TrustManager)"),
    ]
}

extension TrustRules {
    /// OkHttp 3.13 on the JVM (OpenJDK 17): the PKIX trust manager, then OkHttp's `OkHostnameVerifier`.
    public static let jvm = TrustRules(
        serverAuth: .serverAuthOrAnyWhenStated, leafKeyUsage: .digitalSignature, caLeaf: .accepted,
        hostNames: .subjectAltNamesOnly, wildcards: .oneLabelAfter)
}

/// OkHttp's exceptions, as OkHttp 3.13 on OpenJDK 17 throws them.
struct OkHttpWording: ClientWording {
    func untrusted(_ refusal: ClientRefusal, _ context: ClientWordingContext) -> ClientWords {
        .quoting(trustMessage(refusal, host: context.host))
    }

    /// The beginning of the exception OkHttp 3.13 on OpenJDK 17 throws for `refusal`: the hostname verifier's, the
    /// end-entity checker's, or the PKIX validator's, which validates the chain as sent or builds a path.
    private func trustMessage(_ refusal: ClientRefusal, host: String) -> String {
        switch refusal.rejection {
        case .hostnameMismatch: return "SSLPeerUnverifiedException: Hostname \(host) not verified"
        case .wrongKeyUsage:
            return "SSLHandshakeException: Extended key usage does not permit use for TLS server authentication"
        case .leafKeyUsage: return "SSLHandshakeException: KeyUsage does not allow digital signatures"
        default: break
        }
        guard refusal.validatesSentChain else { return "SSLHandshakeException: PKIX path building failed" }
        let validation = "SSLHandshakeException: PKIX path validation failed"
        let cause = ": java.security.cert.CertPathValidatorException: "
        switch refusal.rejection {
        case .expired, .notYetValid: return validation + cause + "validity check failed"
        case .caCannotSignCertificates:
            return validation + cause + "CA key usage check failed: keyCertSign bit is not set"
        case .nameConstraints: return validation + cause + "name constraints check failed"
        case .untrustedChain: return validation + cause + "Path does not chain with any of the trust anchors"
        default: return validation
        }
    }

    func notConfigured(_ policy: DomainPolicy, _ context: ClientWordingContext) -> String {
        guard context.client == .okhttp3 else { return "the exported configuration does not cover \(context.host)." }
        return "*.\(policy.host) covers one label only: OkHttp 3 pins nothing for \(context.host)."
    }

    func matched(level: Int, subject: String, _ context: ClientWordingContext) -> String {
        "CertificatePinner: a pin matches \(subject) at position \(level) of the cleaned chain."
    }

    func pinFailure(expiredInManifest: Bool, _ context: ClientWordingContext) -> ClientWords {
        .quoting(
            "SSLPeerUnverifiedException: Certificate pinning failure!",
            note: CommonWording.expiredNote(expiredInManifest, context))
    }
}
