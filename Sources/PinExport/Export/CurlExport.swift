import PinningCore

/// curl `--pinnedpubkey 'sha256//A;sha256//B'`, one command line per domain.
///
/// curl compares `--pinnedpubkey` with the server's leaf key only, never a CA's: CA pins are left out with a
/// warning (so `--strict` fails), and position-any pins are kept with a warning that they match only if they are
/// the leaf's key. curl has no report-only mode, no expiry and no subdomain matching. Every argument is a POSIX
/// shell word (``ShellEncoding``), so pasting a line runs curl and nothing else. A domain whose host or pins
/// cannot be written safely on a command line is left out with a warning.
enum CurlExport {
    static func render(_ domains: [DomainPolicy]) -> ExportResult {
        var warnings: [String] = []
        var lines: [String] = []
        for domain in domains {
            let (keyPins, notes) = PinExporter.spkiPins(domain, format: "curl")
            warnings += notes
            var pins: [Pin] = []
            for pin in keyPins {
                switch pin.position {
                case .ca:
                    warnings.append(
                        "\(domain.host): curl checks the leaf key only; skipped CA pin \(pin.value) (it can never "
                            + "match)")
                case .any:
                    warnings.append(
                        "\(domain.host): curl checks the leaf key only; position-any pin \(pin.value) matches only "
                            + "if it is the leaf's key")
                    pins.append(pin)
                case .leaf:
                    pins.append(pin)
                }
            }
            guard !pins.isEmpty else {
                if !keyPins.isEmpty { warnings.append("\(domain.host): curl: skipped; no leaf key pin to check") }
                continue
            }
            let value = pins.map { "sha256//" + $0.value }.joined(separator: ";")
            guard let url = url(host: domain.host, port: domain.port) else {
                warnings.append(
                    "\(domain.host): curl: skipped; not a host name or IP address (see the host rule in the README)")
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

    /// `https://HOST[:PORT]/`, IPv6 literals in brackets; nil when `host` does not pass the host rule
    /// (``HostName``), so nothing that changes the URL's meaning (`/`, `@`, `?`, `#`, `%`, spaces, controls) is
    /// ever written.
    static func url(host: String, port: Int) -> String? {
        guard let name = try? HostName(host) else { return nil }
        let authority = name.kind == .ipv6 ? "[\(name.text)]" : name.text
        return "https://\(authority)\(port == 443 ? "" : ":\(port)")/"
    }
}
