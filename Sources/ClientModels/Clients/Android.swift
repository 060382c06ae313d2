import PinningCore

// Android's Network Security Config: its identity, model and words (modelled from its documentation and source:
// Android does not run here).

extension PinClient {
    public static let android = PinClient("android", displayName: "Android NSC")
}

extension ClientModel {
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
        ] + androidTrust + AndroidTarget.sources, wording: AndroidWording())

    /// Android's default trust, as PinBench's platform profile.
    static let androidTrust = [
        Source(
            "Default trust is modelled as PinBench's platform profile (subject alternative names only, serverAuth "
                + "when an extended key usage is stated); Android does not run here, so this is not checked.",
            "developer.android.com/privacy-and-security/security-config; AOSP "
                + "external/conscrypt TrustManagerImpl.java")
    ]
}

/// The platform TrustManager's and the pin-set's words.
struct AndroidWording: ClientWording {
    func untrusted(_ refusal: ClientRefusal, _ context: ClientWordingContext) -> ClientWords {
        ClientWords(
            "the platform TrustManager refuses the chain (\(refusal.rejection.rawValue)); the pin-set is never reached."
        )
    }

    func lapsed(_ domain: DomainPolicy, _ context: ClientWordingContext) -> String {
        "the pin-set's expiration (the day after \(domain.expiryDay)) has passed: pins are not enforced."
    }

    func pinFailure(expiredInManifest: Bool, _ context: ClientWordingContext) -> ClientWords {
        ClientWords("CertificateException: Pin verification failed.")
    }
}
