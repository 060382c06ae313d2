/// curl `--pinnedpubkey 'sha256//A;sha256//B'`, one command line per domain.
///
/// Every argument is a POSIX shell word (``ShellEncoding``), so pasting a line runs curl and nothing else. A
/// domain whose host or pins cannot be written safely on a command line is left out with a warning.
enum CurlExport {
    static func render(_ domains: [DomainPolicy]) -> ExportResult {
        var warnings: [String] = []
        var lines: [String] = []
        for domain in domains {
            let (pins, notes) = PinExporter.spkiPins(domain, format: "curl")
            warnings += notes
            guard !pins.isEmpty else { continue }
            let value = pins.map { "sha256//" + $0.value }.joined(separator: ";")
            guard let url = url(host: domain.host, port: domain.port) else {
                warnings.append(
                    "\(domain.host): curl: skipped; this is not a host name a URL can carry (letters, digits, "
                        + "'-', '.', or an IP address)")
                continue
            }
            guard let pinWord = ShellEncoding.word(value), let urlWord = ShellEncoding.word(url) else {
                warnings.append(
                    "\(domain.host): curl: skipped; its pins hold control characters a command line cannot carry")
                continue
            }
            lines.append("curl --pinnedpubkey \(pinWord) \(urlWord)")
        }
        return ExportResult(text: lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n"), warnings: warnings)
    }

    /// `https://HOST[:PORT]/`, IPv6 literals in brackets; nil when `host` holds a character that would change
    /// the URL's meaning (`/`, `@`, `?`, `#`, `%`, spaces, controls, ...).
    static func url(host: String, port: Int) -> String? {
        let isIPv6 = host.contains(":")
        let allowed: (Unicode.Scalar) -> Bool = { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", ".", "_": return true
            case ":": return isIPv6
            default: return false
            }
        }
        guard !host.isEmpty, host.unicodeScalars.allSatisfy(allowed) else { return nil }
        let authority = isIPv6 ? "[\(host)]" : host
        return "https://\(authority)\(port == 443 ? "" : ":\(port)")/"
    }
}
