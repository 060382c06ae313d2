/// App Transport Security `NSPinnedDomains`: leaf and CA identities are separate lists, and when both are present
/// both must match, which is stricter than the manifest's "any pin matches".
enum ATSExport {
    static func render(_ domains: [DomainPolicy]) -> ExportResult {
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
            if domain.mode == .reportOnly {
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
        let plist = PropertyListEncoding.render(
            .dictionary(["NSAppTransportSecurity": .dictionary(["NSPinnedDomains": .dictionary(pinned)])]))
        return ExportResult(
            text: plist.text, warnings: warnings + PinExporter.alteredWarnings(plist.altered, format: "ATS"))
    }
}
