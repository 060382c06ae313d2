import ClientModels
import PinningCore

/// TrustKit's configuration (`TSKPinnedDomains`) as an Info.plist fragment.
///
/// TrustKit raises an exception at start-up, for the whole configuration, when a domain lists fewer than two
/// pins, in report-only mode too; pins are counted once each (``ExportPreparation``). A domain with no key pin is not
/// pinned: it is left out, as TrustKit would leave a domain it has no pins for, and the export says so. Which pins
/// are carried and which domains are refused is ``ClientModel/trustkit``'s one rule (``ClientModel/carriedPins(_:)``,
/// ``ClientModel/refusesDomain(carrying:)``), shared with the client verdicts and lint. `TSKExpirationDate` is the
/// first day without pins (midnight at its start, device time), so the export writes the day after `expires`.
/// `reportUris` become `TSKReportUris`.
enum TrustKitExport {
    static func render(_ domains: [DomainPolicy]) -> ExportResult {
        var findings: [ExportFinding] = []
        var pinned: [String: PropertyListEncoding.Value] = [:]
        let model = ClientModel.trustkit
        for domain in domains {
            let pins = model.carriedPins(domain)
            for pin in domain.pins where !pins.contains(pin) {
                findings.append(
                    ExportFinding(
                        .notCarried,
                        "\(domain.host): TrustKit pins public keys only; skipped cert-sha256 pin \(pin.value)"
                    ))
            }
            if pins.isEmpty {
                findings.append(
                    ExportFinding(
                        .notCarried,
                        "\(domain.host): lists no key pin, so it is not pinned; left out of TSKPinnedDomains (TrustKit "
                            + "would refuse a domain without pins)"))
                continue
            }
            if model.refusesDomain(carrying: pins.count) {
                findings.append(
                    ExportFinding(
                        .refusedByClient,
                        "\(domain.host): has \(pins.count) distinct key pin\(pins.count == 1 ? "" : "s"); TrustKit "
                            + "needs at least two per domain (report-only too) and throws at start-up otherwise"))
            }
            var entry: [String: PropertyListEncoding.Value] = [
                "TSKPublicKeyHashes": .array(pins.map { .string($0.value) }),
                "TSKIncludeSubdomains": .bool(domain.includeSubdomains),
                "TSKEnforcePinning": .bool(domain.mode == .enforce),
            ]
            if let expires = domain.expires { entry["TSKExpirationDate"] = .string(expires.next.description) }
            if !domain.reportUris.isEmpty { entry["TSKReportUris"] = .array(domain.reportUris.map { .string($0) }) }
            pinned[domain.host] = .dictionary(entry)
        }
        let plist = PropertyListEncoding.render(
            .dictionary([
                "TSKConfiguration": .dictionary([
                    "TSKSwizzleNetworkDelegates": .bool(false), "TSKPinnedDomains": .dictionary(pinned),
                ])
            ]))
        let altered = PinExporter.alteredWarnings(plist.altered, format: "TrustKit").map {
            ExportFinding(.notCarried, $0)
        }
        return ExportResult(text: plist.text, findings: findings + altered)
    }
}
