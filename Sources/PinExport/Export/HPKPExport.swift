import PinningCore

/// The HTTP `Public-Key-Pins` header of RFC 7469, one per domain (browsers no longer honour it).
///
/// Pins are RFC 9110 quoted strings (``HTTPHeaderEncoding``); the `# host` line above each header shows the host
/// with visible escapes, so no manifest text can end a header or start another. `reportUris` become `report-uri`
/// directives (RFC 7469 section 2.1.4). A browser notes a header only when its pins include one in the served
/// chain and a backup pin outside it (RFC 7469 section 2.5): a domain with fewer than two pins is a header the
/// browser ignores.
enum HPKPExport {
    static let maxAge = 5_184_000

    static func render(_ domains: [DomainPolicy]) -> ExportResult {
        var warnings: [String] = ["HPKP is deprecated and ignored by current browsers; prefer app-side pinning"]
        var lines: [String] = []
        var refusals: [ExportFinding] = []
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
            if directives.count < 2 {
                refusals.append(
                    ExportFinding(
                        .refusedByClient,
                        "\(domain.host): has one key pin; a browser ignores a Public-Key-Pins header without a "
                            + "backup pin (RFC 7469 section 2.5), so it needs at least two"))
            }
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
        return ExportResult(
            text: lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"),
            findings: warnings.map { ExportFinding(.notCarried, $0) } + refusals)
    }
}
