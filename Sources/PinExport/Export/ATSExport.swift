import ConnectionAudit
import PinningCore

/// App Transport Security `NSPinnedDomains`: leaf and CA identities are separate lists, and when both are present
/// both must match, which is stricter than the manifest's "any pin matches". With live evaluations, also the
/// `NSExceptionDomains` keys each domain needs to be reachable at all.
enum ATSExport {
    static func render(_ domains: [DomainPolicy], evaluations: [String: ATSEvaluation]? = nil) -> ExportResult {
        var warnings: [String] = []
        var pinned: [String: PropertyListEncoding.Value] = [:]
        for domain in domains {
            var leaf: [PropertyListEncoding.Value] = []
            var ca: [PropertyListEncoding.Value] = []
            for pin in domain.pins {
                guard pin.type == .spkiSHA256 else {
                    warnings.append("\(domain.host): ATS pins public keys only; skipped cert-sha256 pin \(pin.value)")
                    continue
                }
                switch pin.position {
                case .leaf: leaf.append(.dictionary(["SPKI-SHA256-BASE64": .string(pin.value)]))
                case .ca: ca.append(.dictionary(["SPKI-SHA256-BASE64": .string(pin.value)]))
                case .any:
                    warnings.append(
                        "\(domain.host): ATS needs each pin to be a leaf or a CA identity; skipped position-any pin "
                            + "\(pin.value) (set its position to leaf or ca)"
                    )
                }
            }
            if !leaf.isEmpty && !ca.isEmpty {
                warnings.append(
                    "\(domain.host): ATS requires a match in both NSPinnedLeafIdentities and NSPinnedCAIdentities"
                )
            }
            if domain.mode == .reportOnly && !(leaf.isEmpty && ca.isEmpty) {
                warnings.append("\(domain.host): ATS has no report-only mode; these pins would be enforced")
            }
            if !domain.reportUris.isEmpty {
                warnings.append("\(domain.host): ATS sends no failure reports; reportUris are not carried")
            }
            if domain.expires != nil {
                warnings.append("\(domain.host): ATS has no pin expiry; expires is not carried")
            }
            var entry: [String: PropertyListEncoding.Value] = ["NSIncludesSubdomains": .bool(domain.includeSubdomains)]
            if !leaf.isEmpty { entry["NSPinnedLeafIdentities"] = .array(leaf) }
            if !ca.isEmpty { entry["NSPinnedCAIdentities"] = .array(ca) }
            pinned[domain.host] = .dictionary(entry)
        }
        var security: [String: PropertyListEncoding.Value] = ["NSPinnedDomains": .dictionary(pinned)]
        if let evaluations {
            let exceptions = exceptionDomains(domains, evaluations: evaluations)
            warnings += exceptions.warnings
            if !exceptions.entries.isEmpty { security["NSExceptionDomains"] = .dictionary(exceptions.entries) }
        }
        let plist = PropertyListEncoding.render(.dictionary(["NSAppTransportSecurity": .dictionary(security)]))
        return ExportResult(
            text: plist.text, warnings: warnings + PinExporter.alteredWarnings(plist.altered, format: "ATS"))
    }

    /// One `NSExceptionDomains` entry per domain whose live connection breaks ATS, with the keys that lift each
    /// violation; a violation no key can lift, and a domain with no live facts, are warnings instead.
    private static func exceptionDomains(
        _ domains: [DomainPolicy], evaluations: [String: ATSEvaluation]
    ) -> (entries: [String: PropertyListEncoding.Value], warnings: [String]) {
        var entries: [String: PropertyListEncoding.Value] = [:]
        var warnings: [String] = []
        for domain in domains {
            guard let evaluation = evaluations[domain.normalizedHost] else {
                warnings.append("\(domain.host): no live connection, so no ATS exception keys are known for it")
                continue
            }
            var keys: [String: PropertyListEncoding.Value] = [:]
            for violation in evaluation.violations {
                guard let exception = violation.exception else {
                    warnings.append(
                        "\(domain.host): ATS \(violation.rule): \(violation.finding); no exception key allows it")
                    continue
                }
                switch exception.value {
                case .string(let text): keys[exception.key] = .string(text)
                case .bool(let flag): keys[exception.key] = .bool(flag)
                }
            }
            guard !keys.isEmpty else { continue }
            keys["NSIncludesSubdomains"] = .bool(domain.includeSubdomains)
            entries[domain.host] = .dictionary(keys)
        }
        return (entries, warnings)
    }
}
