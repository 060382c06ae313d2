import Foundation
import PinningCore

/// An Alamofire 5 `ServerTrustManager` subclass: one `PublicKeysTrustEvaluator` or
/// `PinnedCertificatesTrustEvaluator` per host, loading the `.cer` files written beside it (``CertificateBundle``).
///
/// The subclass adds what Alamofire's exact-host table lacks: includeSubdomains (the nearest parent that includes
/// subdomains) and expiry (after the end of the `expires` day, UTC, the host falls back to default evaluation).
/// Alamofire has no report-only mode: a report-only domain gets `DefaultTrustEvaluator` (its pins are not
/// enforced), with a warning. Manifest strings are Swift literals and comments (``SwiftEncoding``).
enum AlamofireExport {
    static func render(_ domains: [DomainPolicy], bundle: CertificateBundle) -> ExportResult {
        var warnings: [String] = []
        var files: [ExportedFile] = []
        var body: [String] = []
        var subdomains: [String] = []
        var lapses: [String] = []
        var hosts = Set<String>()
        for domain in domains {
            guard hosts.insert(domain.normalizedHost).inserted else {
                warnings.append("\(domain.host): appears twice; only its first entry is exported")
                continue
            }
            let host = SwiftEncoding.stringLiteral(domain.normalizedHost)
            if !domain.reportUris.isEmpty {
                warnings.append("\(domain.host): Alamofire sends no failure reports; reportUris are not carried")
            }
            if domain.includeSubdomains { subdomains.append("            \(host),") }
            if let expires = domain.expires, let end = expires.endDate {
                lapses.append(
                    "            \(host): Date(timeIntervalSince1970: \(Int(end.timeIntervalSince1970))),  // the end "
                        + "of \(expires) (UTC)")
            }
            body += evaluator(for: domain, host: host, bundle: bundle, warnings: &warnings, files: &files)
        }
        return ExportResult(
            text: source(body: body, subdomains: subdomains, lapses: lapses), warnings: warnings,
            files: files.sorted { $0.name < $1.name })
    }

    /// The lines that set the evaluator of `domain` (`host` as a Swift literal): its pins when they can be carried,
    /// else default evaluation with a warning. The `.cer` files it needs join `files`, each once.
    private static func evaluator(
        for domain: DomainPolicy, host: String, bundle: CertificateBundle, warnings: inout [String],
        files: inout [ExportedFile]
    ) -> [String] {
        let defaultEvaluation = "        evaluators[\(host)] = DefaultTrustEvaluator(validateHost: true)"
        if domain.mode == .reportOnly {
            warnings.append(
                "\(domain.host): Alamofire has no report-only mode; this domain gets default trust evaluation and "
                    + "its pins are not enforced")
            return [defaultEvaluation]
        }
        let carried = bundle.carry(domain, format: "Alamofire")
        warnings += carried.warnings
        files += carried.files.filter { file in !files.contains(file) }
        guard !carried.resources.isEmpty else {
            warnings.append(
                "\(domain.host): Alamofire: no pin could be carried; the host gets default trust evaluation only")
            return [defaultEvaluation]
        }
        let names = carried.resources.map { name, pin in
            let comment = [pin.type.rawValue, pin.value, pin.label, pin.role.rawValue].compactMap { $0 }
                .joined(separator: ", ")
            return "                \(SwiftEncoding.stringLiteral(name)),  // \(SwiftEncoding.lineComment(comment))"
        }
        switch carried.mode {
        case .publicKeys:
            return [
                "        evaluators[\(host)] = PublicKeysTrustEvaluator(", "            keys: PinBenchTrust.keys([",
            ]
                + names + ["            ]), performDefaultValidation: true, validateHost: true)"]
        case .certificates:
            return [
                "        evaluators[\(host)] = PinnedCertificatesTrustEvaluator(",
                "            certificates: PinBenchTrust.certificates([",
            ] + names + [
                "            ]), acceptSelfSignedCertificates: false, performDefaultValidation: true,",
                "            validateHost: true)",
            ]
        }
    }

    /// The whole file: the helpers, the evaluators' `body`, the hosts that include subdomains and the lapse dates.
    private static func source(body: [String], subdomains: [String], lapses: [String]) -> String {
        var lines = header
        lines.append("    init() {")
        lines.append("        var evaluators: [String: any ServerTrustEvaluating] = [:]")
        lines += body
        lines.append(subdomains.isEmpty ? "        subdomainHosts = []" : "        subdomainHosts = [")
        if !subdomains.isEmpty { lines += subdomains + ["        ]"] }
        lines.append(lapses.isEmpty ? "        lapseDates = [:]" : "        lapseDates = [")
        if !lapses.isEmpty { lines += lapses + ["        ]"] }
        lines += footer
        return lines.joined(separator: "\n") + "\n"
    }

    private static let header = [
        "// Generated by `pinbench export alamofire` from the pin manifest: regenerate it rather than edit it.",
        "// Add the .cer files written beside this file to the app target's resources.",
        "//",
        "// let session = Session(serverTrustManager: PinBenchServerTrustManager())",
        "",
        "import Alamofire",
        "import Foundation",
        "import Security",
        "",
        "enum PinBenchTrust {",
        "    /// The bundled certificates of these resource names (`NAME.cer` in the main bundle).",
        "    static func certificates(_ names: [String]) -> [SecCertificate] {",
        "        names.compactMap { name in",
        "            guard let url = Bundle.main.url(forResource: name, withExtension: \"cer\"),",
        "                let data = try? Data(contentsOf: url)",
        "            else { return nil }",
        "            return SecCertificateCreateWithData(nil, data as CFData)",
        "        }",
        "    }",
        "",
        "    /// The public keys of the bundled certificates of these resource names.",
        "    static func keys(_ names: [String]) -> [SecKey] {",
        "        certificates(names).compactMap { SecCertificateCopyKey($0) }",
        "    }",
        "}",
        "",
        "/// Alamofire's evaluators per host, plus includeSubdomains and the manifest's expiry.",
        "final class PinBenchServerTrustManager: ServerTrustManager, @unchecked Sendable {",
        "    /// Hosts whose evaluator also applies to their subdomains.",
        "    private let subdomainHosts: Set<String>",
        "    /// When a host's pins lapse: from then on it gets default evaluation.",
        "    private let lapseDates: [String: Date]",
        "",
    ]

    private static let footer = [
        "        super.init(allHostsMustBeEvaluated: false, evaluators: evaluators)",
        "    }",
        "",
        "    /// An exact host first, else the nearest parent that includes subdomains; nil (default evaluation) for",
        "    /// other hosts and for hosts whose pins have lapsed.",
        "    override func serverTrustEvaluator(forHost host: String) throws -> (any ServerTrustEvaluating)? {",
        "        var name = host.lowercased()",
        "        while name.hasSuffix(\".\") { name.removeLast() }",
        "        var exact = true",
        "        while true {",
        "            if let evaluator = evaluators[name], exact || subdomainHosts.contains(name) {",
        "                if let end = lapseDates[name], Date() >= end { return nil }",
        "                return evaluator",
        "            }",
        "            guard let dot = name.firstIndex(of: \".\") else { return nil }",
        "            name = String(name[name.index(after: dot)...])",
        "            exact = false",
        "        }",
        "    }",
        "}",
    ]
}
