/// curl `--pinnedpubkey 'sha256//A;sha256//B'`, one command line per domain.
enum CurlExport {
    static func render(_ domains: [DomainPolicy]) -> ExportResult {
        var warnings: [String] = []
        var lines: [String] = []
        for domain in domains {
            let (pins, notes) = PinExporter.spkiPins(domain, format: "curl")
            warnings += notes
            guard !pins.isEmpty else { continue }
            let value = pins.map { "sha256//" + $0.value }.joined(separator: ";")
            let port = domain.port == 443 ? "" : ":\(domain.port)"
            lines.append("curl --pinnedpubkey '\(value)' https://\(domain.host)\(port)/")
        }
        return ExportResult(text: lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"), warnings: warnings)
    }
}
