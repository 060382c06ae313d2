/// TrustKit's configuration (`TSKPinnedDomains`) as an Info.plist fragment.
enum TrustKitExport {
    static func render(_ domains: [DomainPolicy]) -> ExportResult {
        var warnings: [String] = []
        var pinned: [String: PropertyListEncoding.Value] = [:]
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
            var entry: [String: PropertyListEncoding.Value] = [
                "TSKPublicKeyHashes": .array(pins.map { .string($0.value) }),
                "TSKIncludeSubdomains": .bool(domain.includeSubdomains),
                "TSKEnforcePinning": .bool(domain.mode == .enforce),
            ]
            if let expires = domain.expires { entry["TSKExpirationDate"] = .string(expires.description) }
            pinned[domain.host] = .dictionary(entry)
        }
        let plist = PropertyListEncoding.render(
            .dictionary([
                "TSKConfiguration": .dictionary([
                    "TSKSwizzleNetworkDelegates": .bool(false), "TSKPinnedDomains": .dictionary(pinned),
                ])
            ]))
        return ExportResult(
            text: plist.text, warnings: warnings + PinExporter.alteredWarnings(plist.altered, format: "TrustKit"))
    }
}
