/// OkHttp `CertificatePinner`: `sha256/` + base64 SPKI hash; `**.host` covers the host and all its subdomains.
enum OkHttpExport {
    static func render(_ domains: [DomainPolicy]) -> ExportResult {
        var warnings: [String] = []
        var lines = ["val certificatePinner = CertificatePinner.Builder()"]
        for domain in domains {
            let (pins, notes) = PinExporter.spkiPins(domain, format: "OkHttp")
            warnings += notes
            if domain.expires != nil {
                warnings.append("\(domain.host): OkHttp has no pin expiry; expires \(domain.expires!) is not carried")
            }
            let pattern = domain.includeSubdomains ? "**." + domain.host : domain.host
            for pin in pins {
                let comment = pin.label.map { " // \($0), \(pin.role.rawValue)" } ?? " // \(pin.role.rawValue)"
                lines.append("    .add(\"\(pattern)\", \"sha256/\(pin.value)\")\(comment)")
            }
        }
        lines.append("    .build()")
        return ExportResult(text: lines.joined(separator: "\n") + "\n", warnings: warnings)
    }
}
