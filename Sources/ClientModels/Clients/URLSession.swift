import PinningCore

// The URLSessionDelegate PinBench exports: its identity, model and words (modelled from its documentation and source: iOS does not run here).

extension PinClient {
    public static let urlsession = PinClient("urlsession", displayName: "URLSession delegate")
}

extension ClientModel {
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
        ] + appleTrust, wording: URLSessionWording())
}

struct URLSessionWording: ClientWording {
    func untrusted(_ refusal: ClientRefusal, _ context: ClientWordingContext) -> ClientWords {
        AppleTrustWording.untrusted(refusal)
    }

    func pinFailure(expiredInManifest: Bool, _ context: ClientWordingContext) -> ClientWords {
        ClientWords("the delegate cancels the challenge: no pin matches the evaluated chain.")
    }
}
