/// OkHttp `CertificatePinner`: `sha256/` + base64 SPKI hash; `**.host` covers the host and all its subdomains.
///
/// Hosts and pins are Kotlin string literals and labels line comments (``KotlinEncoding``): no manifest text can
/// become a template expression or a line of code.
enum OkHttpExport {
    static func render(_ domains: [DomainPolicy]) -> ExportResult {
        var warnings: [String] = []
        var lines = ["val certificatePinner = CertificatePinner.Builder()"]
        for domain in domains {
            let (pins, notes) = PinExporter.spkiPins(domain, format: "OkHttp")
            warnings += notes
            if let expires = domain.expires {
                warnings.append("\(domain.host): OkHttp has no pin expiry; expires \(expires) is not carried")
            }
            let pattern = KotlinEncoding.stringLiteral(domain.includeSubdomains ? "**." + domain.host : domain.host)
            for pin in pins {
                let comment = [pin.label, pin.role.rawValue].compactMap { $0 }.joined(separator: ", ")
                let value = KotlinEncoding.stringLiteral("sha256/" + pin.value)
                lines.append("    .add(\(pattern), \(value)) // \(KotlinEncoding.lineComment(comment))")
            }
        }
        lines.append("    .build()")
        return ExportResult(text: lines.joined(separator: "\n") + "\n", warnings: warnings)
    }
}
