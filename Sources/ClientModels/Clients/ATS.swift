import PinningCore

// App Transport Security's NSPinnedDomains: its identity, model and words (modelled from its documentation and source: iOS does not run here).

extension PinClient {
    public static let ats = PinClient("ats", displayName: "ATS NSPinnedDomains")
}

extension ClientModel {
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
        ] + appleTrust, wording: ATSWording())
}

struct ATSWording: ClientWording {
    func untrusted(_ refusal: ClientRefusal, _ context: ClientWordingContext) -> ClientWords {
        AppleTrustWording.untrusted(refusal)
    }

    func nothingCarried(_ domain: DomainPolicy, _ context: ClientWordingContext) -> String {
        "no leaf or CA identity for \(domain.host) (position-any and certificate pins are skipped)."
    }

    func matched(level: Int, subject: String, _ context: ClientWordingContext) -> String {
        "NSPinnedDomains: the \(level == 0 ? "leaf" : "CA") identity matches \(subject) (level \(level))."
    }

    func pinFailure(expiredInManifest: Bool, _ context: ClientWordingContext) -> ClientWords {
        let note = CommonWording.expiredNote(expiredInManifest, context)
        return ClientWords("ATS refuses the connection: the chain does not match NSPinnedDomains\(note).")
    }
}
