import PinningCore

/// OkHttp `CertificatePinner`: `sha256/` + base64 SPKI hash.
///
/// includeSubdomains depends on the OkHttp version: 4.3 and later read `**.host` as the host and every subdomain;
/// OkHttp 3 does not know `**.` (the pin would never apply), so the export writes the bare host plus `*.host`,
/// which covers one level of subdomains only, and says so. Hosts and pins are Kotlin string literals and labels
/// line comments (``KotlinEncoding``): no manifest text can become a template expression or a line of code.
enum OkHttpExport {
    static func render(_ domains: [DomainPolicy], version: OkHttpVersion) -> ExportResult {
        var warnings: [String] = []
        var lines = ["val certificatePinner = CertificatePinner.Builder()"]
        for domain in domains {
            let (pins, notes) = PinExporter.spkiPins(domain, format: "OkHttp")
            warnings += notes
            if let expires = domain.expires {
                warnings.append("\(domain.host): OkHttp has no pin expiry; expires \(expires) is not carried")
            }
            let patterns: [String]
            switch (domain.includeSubdomains, version) {
            case (false, _): patterns = [domain.host]
            case (true, .v4): patterns = ["**." + domain.host]
            case (true, .v3):
                patterns = [domain.host, "*." + domain.host]
                warnings.append(
                    "\(domain.host): OkHttp 3 has no pattern for every subdomain; *.\(domain.host) covers one "
                        + "level only (use --okhttp-version 4 for **. with OkHttp 4.3 or later)")
            }
            for pattern in patterns {
                for pin in pins {
                    let comment = [pin.label, pin.role.rawValue].compactMap { $0 }.joined(separator: ", ")
                    let value = KotlinEncoding.stringLiteral("sha256/" + pin.value)
                    lines.append(
                        "    .add(\(KotlinEncoding.stringLiteral(pattern)), \(value)) // "
                            + KotlinEncoding.lineComment(comment))
                }
            }
        }
        lines.append("    .build()")
        return ExportResult(text: lines.joined(separator: "\n") + "\n", warnings: warnings)
    }
}
