import PinningCore

// AFNetworking: its identity, model and words (modelled from its documentation and source: iOS does not run here).

extension PinClient {
    public static let afnetworking = PinClient("afnetworking", displayName: "AFNetworking")
}

extension ClientModel {
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
        ] + appleTrust, wording: AFNetworkingWording())
}

struct AFNetworkingWording: ClientWording {
    func untrusted(_ refusal: ClientRefusal, _ context: ClientWordingContext) -> ClientWords {
        AppleTrustWording.untrusted(refusal)
    }

    func pinFailure(expiredInManifest: Bool, _ context: ClientWordingContext) -> ClientWords {
        ClientWords("evaluateServerTrust:forDomain: returns NO: no pinned key or certificate in the chain.")
    }
}
