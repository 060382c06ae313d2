// The ten clients' models, each rule with its source. Facts come from the clients' documentation and source; the
// curl and OkHttp models are also checked against the real clients in Tests/CLITests/ClientAgreement*.

extension ClientModel {
    /// curl `--pinnedpubkey sha256//…` (and libcurl's `CURLOPT_PINNEDPUBLICKEY`).
    public static let curl = ClientModel(
        client: .curl, certificates: .presentedLeaf, pinTypes: [.spkiSHA256], pinKinds: .listed,
        positions: .leafOnly, subdomains: .exactHostOnly, unitesMatchingDomains: false, expiry: .notCarried,
        reportOnly: .enforced, minimumPins: 1, trust: .openSSL,
        sources: [
            Source(
                "Only the key of the certificate the server sends first is compared, after default verification "
                    + "(exit 60 first, then 90 on a pin mismatch).",
                "curl lib/vtls/openssl.c (SSL_get1_peer_certificate, then Curl_pin_peer_pubkey in lib/vtls/vtls.c); "
                    + "docs/cmdline-opts/pinnedpubkey.md"),
            Source(
                "Hashes are sha256// over the DER SubjectPublicKeyInfo; there are no certificate hashes.",
                "curl docs/libcurl/opts/CURLOPT_PINNEDPUBLICKEY.md"),
            Source(
                "One command line per URL: no subdomains, no expiry, no report-only mode.",
                "curl docs/cmdline-opts/pinnedpubkey.md"),
            Source(
                "A certificate of the CA file is a trust anchor whatever it is (curl sets X509_V_FLAG_PARTIAL_CHAIN): "
                    + "a self-signed leaf listed there is trusted when its name and dates hold.",
                "curl lib/vtls/openssl.c (X509_V_FLAG_PARTIAL_CHAIN unless CURLSSLOPT_NO_PARTIALCHAIN)"),
        ] + curlTrust)

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
            ] + jvmTrust)
    }

    /// Android Network Security Config `<pin-set>`.
    public static let android = ClientModel(
        client: .android, certificates: .verifiedPath, pinTypes: [.spkiSHA256], pinKinds: .listed,
        positions: .anyLevel, subdomains: .all, unitesMatchingDomains: false, expiry: .honoured,
        reportOnly: .enforced, minimumPins: 1, trust: .platform,
        sources: [
            Source(
                "A pin matches any certificate of the chain the platform verified, the trust anchor included.",
                "developer.android.com/privacy-and-security/security-config (Certificate pinning); AOSP "
                    + "frameworks/base/core/java/android/security/net/config/NetworkSecurityTrustManager.java "
                    + "(checkPins)"),
            Source(
                "Pins are SHA-256 digests of the SubjectPublicKeyInfo; `expiration` turns pinning off after that "
                    + "date; `includeSubdomains` covers every name below the domain.",
                "developer.android.com/privacy-and-security/security-config (pin-set, domain)"),
            Source(
                "Anchors with overridePins=\"true\" (user or debug anchors) skip pins; the export writes none, so "
                    + "system anchors never skip them. There is no report-only mode.",
                "developer.android.com/privacy-and-security/security-config (trust-anchors, overridePins)"),
        ] + androidTrust)

    /// App Transport Security `NSPinnedDomains`.
    public static let ats = ClientModel(
        client: .ats, certificates: .verifiedPath, pinTypes: [.spkiSHA256], pinKinds: .listed,
        positions: .leafAndCAIdentities, subdomains: .all, unitesMatchingDomains: false, expiry: .notCarried,
        reportOnly: .enforced, minimumPins: 1, trust: .platform,
        sources: [
            Source(
                "NSPinnedLeafIdentities match the leaf only; NSPinnedCAIdentities match an intermediate or root "
                    + "of the evaluated chain, never the leaf; with both lists, both must match.",
                "developer.apple.com/documentation/bundleresources/information-property-list/nsapptransportsecurity/"
                    + "nspinneddomains"),
            Source(
                "Identities are SPKI-SHA256-BASE64; NSIncludesSubdomains covers every name below; there is no "
                    + "expiry and no report-only mode.",
                "developer.apple.com NSPinnedDomains (NSIncludesSubdomains, SPKI-SHA256-BASE64)"),
        ] + appleTrust)

    /// TrustKit `TSKPinnedDomains`.
    public static let trustkit = ClientModel(
        client: .trustkit, certificates: .verifiedPath, pinTypes: [.spkiSHA256], pinKinds: .listed,
        positions: .anyLevel, subdomains: .all, unitesMatchingDomains: false, expiry: .honoured,
        reportOnly: .reported, minimumPins: 2, trust: .platform,
        sources: [
            Source(
                "Pins are checked against the certificates of the evaluated trust (SecTrust after default "
                    + "evaluation), at any position.",
                "datatheorem/TrustKit TrustKit/Pinning/ssl_pin_verifier.m (verifyPublicKeyPin)"),
            Source(
                "A domain needs at least two kTSKPublicKeyHashes, or the configuration throws at start-up.",
                "datatheorem/TrustKit TrustKit/parse_configuration.m"),
            Source(
                "kTSKEnforcePinning=NO reports a failure and lets the connection proceed; kTSKExpirationDate ends "
                    + "pinning; kTSKIncludeSubdomains covers every name below.",
                "datatheorem/TrustKit TrustKit/TSKPinningValidator.m, TrustKit.h"),
        ] + appleTrust)

    /// The Swift `URLSessionDelegate` PinBench exports.
    public static let urlsession = ClientModel(
        client: .urlsession, certificates: .verifiedPath, pinTypes: [.spkiSHA256, .certSHA256], pinKinds: .listed,
        positions: .anyLevel, subdomains: .all, unitesMatchingDomains: false, expiry: .honoured,
        reportOnly: .reported, minimumPins: 1, trust: .platform,
        sources: [
            Source(
                "Default evaluation (SecTrustEvaluateWithError) first, then key and certificate pins against "
                    + "SecTrustCopyCertificateChain, at any position; includeSubdomains, expiry and report-only "
                    + "as the manifest says.",
                "PinBench Sources/PinExport/Export/URLSessionExport.swift")
        ] + appleTrust)

    /// Alamofire 5 `PublicKeysTrustEvaluator` / `PinnedCertificatesTrustEvaluator`.
    public static let alamofire = ClientModel(
        client: .alamofire, certificates: .verifiedPath, pinTypes: [.spkiSHA256, .certSHA256],
        pinKinds: .keysElseCertificates, positions: .anyLevel, subdomains: .all, unitesMatchingDomains: false,
        expiry: .honoured, reportOnly: .notPinned, minimumPins: 1, trust: .platform,
        sources: [
            Source(
                "performDefaultValidation and validateHost first, then the keys (or certificates) of the trust's "
                    + "chain against the bundled ones, any position.",
                "Alamofire/Alamofire Source/Features/ServerTrustEvaluation.swift"),
            Source(
                "One evaluator per host: key pins when there are any, else certificate pins; report-only domains "
                    + "and expired ones get DefaultTrustEvaluator.",
                "PinBench Sources/PinExport/Export/AlamofireExport.swift"),
        ] + appleTrust)

    /// AFNetworking `AFSecurityPolicy`.
    public static let afnetworking = ClientModel(
        client: .afnetworking, certificates: .verifiedPath, pinTypes: [.spkiSHA256, .certSHA256],
        pinKinds: .keysElseCertificates, positions: .anyLevel, subdomains: .all, unitesMatchingDomains: false,
        expiry: .honoured, reportOnly: .notPinned, minimumPins: 1, trust: .platform,
        sources: [
            Source(
                "AFServerTrustIsValid first; public-key mode compares the keys of every certificate of the trust, "
                    + "certificate mode anchors to the bundled certificates and looks for one in the chain.",
                "AFNetworking/AFNetworking AFNetworking/AFSecurityPolicy.m (evaluateServerTrust:forDomain:)"),
            Source(
                "Report-only and expired domains get defaultPolicy (no pinning).",
                "PinBench Sources/PinExport/Export/AFNetworkingExport.swift"),
        ] + appleTrust)

    /// The `Public-Key-Pins` header.
    public static let hpkp = ClientModel(
        client: .hpkp, certificates: .none, pinTypes: [.spkiSHA256], pinKinds: .listed, positions: .anyLevel,
        subdomains: .all, unitesMatchingDomains: false, expiry: .honoured, reportOnly: .reported, minimumPins: 1,
        trust: .platform,
        sources: [
            Source(
                "Browsers no longer honour Public-Key-Pins (Chrome removed it in version 72, Firefox in 72): the "
                    + "header pins nothing; default trust decides.",
                "RFC 7469; chromestatus.com/feature/5903385005916160")
        ])

    /// curl's default trust (``ClientTrustRules/openSSL``), rule by rule.
    static let curlTrust = [
        Source(
            "Default trust is OpenSSL 3.0's verification with the ssl_server purpose: a leaf without extended key "
                + "usage passes, a stated one must name serverAuth (anyExtendedKeyUsage alone is refused: "
                + "\"unsuitable certificate purpose\"); a stated key usage must allow digitalSignature, "
                + "keyEncipherment or keyAgreement; a CA:TRUE leaf and a non-CA leaf with keyCertSign pass.",
            "openssl crypto/x509/v3_purp.c (check_purpose_ssl_server, xku_reject, ku_reject); checked against "
                + "/usr/bin/curl 7.88 in Tests/CLITests/ClientAgreementTests.swift"),
        Source(
            "The host is matched against the DNS and IP subject alternative names; only a leaf with neither is "
                + "matched by its subject CN; a wildcard needs two labels after it (*.co.uk matches foo.co.uk, "
                + "*.com does not match foo.com).",
            "curl lib/vtls/openssl.c (ossl_verifyhost), lib/vtls/hostcheck.c (Curl_cert_hostcheck); checked as above"),
    ]

    /// OkHttp's default trust on the JVM (``ClientTrustRules/jvm``), rule by rule.
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

    /// The iOS clients' default trust (``ClientTrustRules/platform``).
    static let appleTrust = [
        Source(
            "Default trust is iOS's: a leaf issued after 1 July 2019 needs the serverAuth extended key usage; the "
                + "host is matched against the subject alternative names only, never the CN.",
            "support.apple.com/en-us/103769 (Requirements for trusted certificates in iOS 13 and macOS 10.15)"),
        Source(
            "A CA:TRUE leaf, keyCertSign on a non-CA leaf and a wildcard over a public suffix are refused as "
                + "PinBench's platform profile refuses them: no Apple document states these, and iOS does not run here.",
            "PinBench Sources/PinningCore/Validation/ChainRules.swift, ServerNameMatcher.swift"),
    ]

    /// Android's default trust, as PinBench's platform profile.
    static let androidTrust = [
        Source(
            "Default trust is modelled as PinBench's platform profile (subject alternative names only, serverAuth "
                + "when an extended key usage is stated); Android does not run here, so this is not checked.",
            "developer.android.com/privacy-and-security/security-config; AOSP "
                + "external/conscrypt TrustManagerImpl.java")
    ]
}
