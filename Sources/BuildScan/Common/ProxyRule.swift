/// A debugging proxy's CA, once recognised among the bundled certificates, breaks the rule wherever it is trusted
/// or pinned: a trust anchor naming its file, a pin equal to its key's.
enum ProxyRule {
    static func apply(to findings: [ScanFinding]) -> [ScanFinding] {
        let proxies = findings.filter { $0.kind == .bundledCertificate && $0.rules.contains(.debuggingProxyCA) }
        let files = Set(proxies.map(\.location.entry))
        let pins = Set(proxies.map(\.value))
        return findings.map { finding in
            let applies = !finding.debugOnly || findings.contains { $0.kind == .debuggable }
            if finding.kind == .trustAnchor, files.contains(finding.value), applies {
                return finding.breaking(.debuggingProxyCA, because: "trusts a debugging proxy's CA")
            }
            if finding.kind == .pin, pins.contains(finding.value), applies {
                return finding.breaking(.debuggingProxyCA, because: "pins a debugging proxy's CA")
            }
            return finding
        }
    }
}
