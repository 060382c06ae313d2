import PinningCore

// TrustKit: its identity, model and words (modelled from its documentation and source: iOS does not run here).

extension PinClient {
    public static let trustkit = PinClient("trustkit", displayName: "TrustKit")
}

extension ClientModel {
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
        ] + appleTrust, wording: TrustKitWording())
}

struct TrustKitWording: ClientWording {
    func untrusted(_ refusal: ClientRefusal, _ context: ClientWordingContext) -> ClientWords {
        AppleTrustWording.untrusted(refusal)
    }

    func lapsed(_ domain: DomainPolicy, _ context: ClientWordingContext) -> String {
        "kTSKExpirationDate (the day after \(domain.expiryDay)) has passed: pins are not enforced."
    }

    func tooFewPins(_ domain: DomainPolicy, count: Int, minimum: Int, _ context: ClientWordingContext) -> String {
        "TrustKit raises at start-up: \(domain.host) lists \(count) key pin\(count == 1 ? "" : "s"), and it needs at "
            + "least two; no connection is pinned, the app does not start its configuration."
    }

    func reported(_ context: ClientWordingContext) -> String {
        "no pin matches; kTSKEnforcePinning is NO: the failure is reported, the connection proceeds."
    }

    func pinFailure(expiredInManifest: Bool, _ context: ClientWordingContext) -> ClientWords {
        ClientWords("TSKTrustDecisionShouldBlockConnection: no pin matches the evaluated chain.")
    }
}
