import PinningCore

// What the Apple clients (URLSession, Alamofire, AFNetworking, TrustKit, ATS) share: iOS's default trust, its
// sources and its words. Each client's own file declares the rest.

extension ClientModel {
    /// The iOS clients' default trust (``PinningCore/TrustRules/platform``).
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
}

/// The words of iOS's default trust evaluation, which every Apple client runs before its pins.
enum AppleTrustWording {
    static func untrusted(_ refusal: ClientRefusal) -> ClientWords {
        ClientWords("SecTrustEvaluateWithError fails (\(refusal.rejection.rawValue)); the pins are never reached.")
    }
}
