/// The HTTP `Public-Key-Pins` header of RFC 7469, one per domain (browsers no longer honour it).
///
/// Pins are RFC 9110 quoted strings (``HTTPHeaderEncoding``); the `# host` line above each header shows the host
/// with visible escapes, so no manifest text can end a header or start another. `reportUris` become `report-uri`
/// directives (RFC 7469 section 2.1.4).
enum HPKPExport {
    static let maxAge = 5_184_000

    static func render(_ domains: [DomainPolicy]) -> ExportResult {
        var warnings: [String] = ["HPKP is deprecated and ignored by current browsers; prefer app-side pinning"]
        var lines: [String] = []
        for domain in domains {
            var directives: [String] = []
            for pin in domain.pins {
                guard pin.type == .spkiSHA256 else {
                    warnings.append("\(domain.host): HPKP pins public keys only; skipped cert-sha256 pin \(pin.value)")
                    continue
                }
                guard let quoted = HTTPHeaderEncoding.quotedString(pin.value) else {
                    warnings.append(
                        "\(domain.host): HPKP: skipped pin \(pin.value); a header cannot carry its characters")
                    continue
                }
                directives.append("pin-sha256=\(quoted)")
            }
            guard !directives.isEmpty else { continue }
            let name = domain.mode == .reportOnly ? "Public-Key-Pins-Report-Only" : "Public-Key-Pins"
            directives.append("max-age=\(maxAge)")
            if domain.includeSubdomains { directives.append("includeSubDomains") }
            for uri in domain.reportUris {
                guard let quoted = HTTPHeaderEncoding.quotedString(uri) else {
                    warnings.append("\(domain.host): HPKP: skipped report-uri; a header cannot carry its characters")
                    continue
                }
                directives.append("report-uri=\(quoted)")
            }
            lines.append("# \(TextHazards.visible(domain.host))")
            lines.append("\(name): " + directives.joined(separator: "; "))
        }
        return ExportResult(text: lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"), warnings: warnings)
    }
}
