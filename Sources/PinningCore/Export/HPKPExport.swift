/// The HTTP `Public-Key-Pins` header of RFC 7469, one per domain (browsers no longer honour it).
enum HPKPExport {
    static let maxAge = 5_184_000

    static func render(_ domains: [DomainPolicy]) -> ExportResult {
        var warnings: [String] = ["HPKP is deprecated and ignored by current browsers; prefer app-side pinning"]
        var lines: [String] = []
        for domain in domains {
            var notes: [String] = []
            let pins = domain.pins.filter { pin in
                if pin.type == .spkiSHA256 { return true }
                notes.append("\(domain.host): HPKP pins public keys only; skipped cert-sha256 pin \(pin.value)")
                return false
            }
            warnings += notes
            guard !pins.isEmpty else { continue }
            let name = domain.mode == .reportOnly ? "Public-Key-Pins-Report-Only" : "Public-Key-Pins"
            var parts = pins.map { "pin-sha256=\"\($0.value)\"" }
            parts.append("max-age=\(maxAge)")
            if domain.includeSubdomains { parts.append("includeSubDomains") }
            lines.append("# \(domain.host)")
            lines.append("\(name): " + parts.joined(separator: "; "))
        }
        return ExportResult(text: lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"), warnings: warnings)
    }
}
