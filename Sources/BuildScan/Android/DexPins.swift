import Foundation

/// OkHttp's pins in code: `sha256/…` and `sha1/…` literals in the DEX string table, each paired with the host
/// literal its method loads just before it (`add("api.example.com", "sha256/…")`), and the pinning libraries the
/// code references by class name.
enum DexPins {
    static func isDex(_ name: String) -> Bool {
        name.hasPrefix("classes") && name.hasSuffix(".dex") && !name.contains("/")
    }

    static let libraries = [
        ("Lokhttp3/CertificatePinner;", "OkHttp CertificatePinner"),
        ("Lcom/datatheorem/android/trustkit/", "TrustKit for Android"),
        ("Lcom/appmattus/certificatetransparency/", "appmattus certificate-transparency"),
    ]

    static func findings(_ dex: DexFile) throws(ScanError) -> [ScanFinding] {
        let pins = try dex.strings(withPrefix: ["sha256/", "sha1/"], maxBytes: 64).filter(isPin)
        var findings: [ScanFinding] = []
        let pinIndices = Set(pins.map(\.index))
        var hostsByPin: [Int: [String]] = [:]
        if !pinIndices.isEmpty {
            // Each string decoded once; all of them together at most twice the file's bytes (string IDs may point
            // into each other's data: the work must not grow with the number of IDs).
            var hosts: [Int: String?] = [:]
            var budget = 2 * dex.size + 4_096
            for method in try dex.constStringsByMethod() {
                var lastHost: String?
                for index in method {
                    if pinIndices.contains(index) {
                        if let lastHost, !(hostsByPin[index] ?? []).contains(lastHost) {
                            hostsByPin[index, default: []].append(lastHost)
                        }
                        continue
                    }
                    if hosts[index] == nil {
                        let literal = try dex.string(index, maxBytes: 253)
                        budget -= (literal?.text.utf8.count ?? 253) + 1
                        guard budget >= 0 else {
                            throw ScanError(
                                .limit, entry: dex.entry, "its strings overlap: decoding them passes twice the file")
                        }
                        hosts[index] = .some(literal.flatMap { isHostPattern($0.text) ? $0.text : nil })
                    }
                    if let host = hosts[index] ?? nil { lastHost = host }
                }
            }
        }
        for pin in pins {
            let location = ScanLocation(entry: dex.entry, keyPath: "string_ids[\(pin.index)]", offset: pin.offset)
            let hosts = hostsByPin[pin.index] ?? []
            if hosts.isEmpty {
                findings.append(
                    ScanFinding(
                        .pin, value: pin.text, detail: "no host literal loaded beside it", location: location,
                        certainty: .codePattern))
            }
            for host in hosts {
                findings.append(
                    ScanFinding(.pin, host: host, value: pin.text, location: location, certainty: .codePattern))
            }
        }
        for (prefix, name) in libraries {
            if let found = try dex.strings(withPrefix: [prefix], maxBytes: 200).first {
                findings.append(
                    ScanFinding(
                        .library, value: name, detail: found.text,
                        location: ScanLocation(
                            entry: dex.entry, keyPath: "string_ids[\(found.index)]", offset: found.offset),
                        certainty: .codePattern))
            }
        }
        return findings
    }

    /// `sha256/` with base64 of 32 bytes, or `sha1/` with base64 of 20: what OkHttp's CertificatePinner accepts.
    static func isPin(_ literal: DexFile.StringLiteral) -> Bool {
        let parts = literal.text.split(separator: "/", maxSplits: 1)
        guard parts.count == 2, let digest = Data(base64Encoded: String(parts[1])) else { return false }
        return (parts[0] == "sha256" && digest.count == 32) || (parts[0] == "sha1" && digest.count == 20)
    }

    /// A host as OkHttp's pinner takes it: DNS labels with a dot, optionally after `*.` or `**.`.
    static func isHostPattern(_ text: String) -> Bool {
        var name = Substring(text)
        if name.hasPrefix("**.") { name = name.dropFirst(3) } else if name.hasPrefix("*.") { name = name.dropFirst(2) }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, name.count <= 253 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        } && labels.last!.contains(where: \.isLetter)
    }
}
