import PinningCore

// Alamofire 5: its identity, model and words (modelled from its documentation and source: iOS does not run here).

extension PinClient {
    public static let alamofire = PinClient("alamofire", displayName: "Alamofire")
}

extension ClientModel {
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
        ] + appleTrust, wording: AlamofireWording())
}

struct AlamofireWording: ClientWording {
    func untrusted(_ refusal: ClientRefusal, _ context: ClientWordingContext) -> ClientWords {
        AppleTrustWording.untrusted(refusal)
    }

    func pinFailure(expiredInManifest: Bool, _ context: ClientWordingContext) -> ClientWords {
        ClientWords("AFError.serverTrustEvaluationFailed: pinning failed (no bundled key or certificate in the chain).")
    }
}
