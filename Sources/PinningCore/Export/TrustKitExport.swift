/// TrustKit's configuration (`TSKPinnedDomains`) as an Info.plist fragment.
enum TrustKitExport {
    static func render(_ domains: [DomainPolicy]) -> ExportResult {
        var warnings: [String] = []
        var pinned: [String: Any] = [:]
        for domain in domains {
            var pins: [Pin] = []
            for pin in domain.pins {
                if pin.type == .spkiSHA256 {
                    pins.append(pin)
                } else {
                    warnings.append(
                        "\(domain.host): TrustKit pins public keys only; skipped cert-sha256 pin \(pin.value)")
                }
            }
            if pins.count < 2 {
                warnings.append("\(domain.host): TrustKit refuses a domain with fewer than two pins")
            }
            var entry: [String: Any] = [
                "TSKPublicKeyHashes": pins.map(\.value),
                "TSKIncludeSubdomains": domain.includeSubdomains,
                "TSKEnforcePinning": domain.mode == .enforce,
            ]
            if let expires = domain.expires { entry["TSKExpirationDate"] = expires.description }
            pinned[domain.host] = entry
        }
        let text = PropertyListText.xml([
            "TSKConfiguration": ["TSKSwizzleNetworkDelegates": false, "TSKPinnedDomains": pinned] as [String: Any]
        ])
        return ExportResult(text: text, warnings: warnings)
    }
}
