import PinningCore

// The Public-Key-Pins header: its identity, model and words. Browsers ignore it now.

extension PinClient {
    public static let hpkp = PinClient("hpkp", displayName: "HPKP (browsers)")
}

extension ClientModel {
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
        ], wording: HPKPWording())
}

/// A browser's words; the pins themselves are never checked (``CommonWording/ignoresPins``).
struct HPKPWording: ClientWording {
    func untrusted(_ refusal: ClientRefusal, _ context: ClientWordingContext) -> ClientWords {
        ClientWords("the browser refuses the chain (\(refusal.rejection.rawValue)).")
    }
}
