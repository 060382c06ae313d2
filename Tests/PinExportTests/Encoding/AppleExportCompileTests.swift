import Foundation
import PinExport
import PinningCore
import TestSupport
import Testing

/// The iOS exports checked as far as Linux allows: the real Swift compiler builds and runs the `urlsession` and
/// `alamofire` exports of hostile manifests against stubs of the Apple API and prints what it read (so every
/// host and pin literal is decoded by swiftc itself); the real clang checks the `afnetworking` export's syntax.
@Suite("iOS exports under the real Swift compiler and clang")
struct AppleExportCompileTests {
    static let leaf = Fixtures.pki.good.leaf
    static let intermediate = Fixtures.pki.intermediate
    static let options = ExportOptions(
        now: Timestamp.parse("2026-11-23T00:00:00Z")!,
        certificates: [leaf.chainCertificate, intermediate.chainCertificate])

    /// Hostile manifests, every domain also given two pins the bundle can carry, labelled with hostile text.
    static let manifests: [PinManifest] = HostileManifests.make(count: 30, seed: 0x5EED_0012).map { manifest in
        var manifest = manifest
        for index in manifest.domains.indices {
            let label = manifest.domains[index].pins.compactMap(\.label).first ?? "*/ \n// \\"
            manifest.domains[index].pins += [
                Pin(type: .spkiSHA256, value: Fixtures.spki(leaf), position: .leaf, label: label),
                Pin(type: .certSHA256, value: Fixtures.cert(intermediate), label: label + "*/"),
            ]
        }
        return manifest
    }

    /// A plain manifest for lookups: includeSubdomains, an exact host, expiry, report-only.
    static let lookup = PinManifest(domains: [
        DomainPolicy(
            host: "example.test", includeSubdomains: true,
            pins: [Pin(type: .spkiSHA256, value: Fixtures.spki(leaf))]),
        DomainPolicy(host: "api.example.test", pins: [Pin(type: .certSHA256, value: Fixtures.cert(intermediate))]),
        DomainPolicy(
            host: "old.test", expires: CalendarDay("2027-01-31"),
            pins: [Pin(type: .spkiSHA256, value: Fixtures.spki(intermediate))]),
        DomainPolicy(
            host: "watch.test", mode: .reportOnly, pins: [Pin(type: .spkiSHA256, value: Fixtures.spki(leaf))]),
    ])
    static let queries = ["example.test", "a.b.example.test", "api.example.test", "x.api.example.test", "other.test"]

    struct Policy: Decodable, Equatable {
        let includeSubdomains: Bool
        let enforce: Bool
        let lapsesAt: Double
        let keyPins: [String]
        let certificatePins: [String]
    }

    struct Found: Decodable {
        let urlsession: [String: Policy]
        let alamofire: [String: String]
    }

    struct Program: Decodable {
        let exports: [Found]
        let lookups: [String: Bool]
        let evaluators: [String: String]
        let keys: [String]
    }

    /// Keys made by openssl, each as `SecKeyCopyExternalRepresentation` gives it (PKCS#1, or the EC point), with
    /// the SubjectPublicKeyInfo openssl writes for it.
    static func opensslKeys(
        in folder: TemporaryFolder
    ) throws -> [(kind: String, bits: Int, file: String, spki: String)] {
        var keys: [(String, Int, String, String)] = []
        for (kind, bits, generate) in [
            ("rsa", 2048, ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"]),
            ("rsa", 3072, ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:3072"]),
            ("rsa", 4096, ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:4096"]),
            ("ec", 256, ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"]),
            ("ec", 384, ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-384"]),
        ] {
            let name = "\(kind)\(bits)"
            let key = folder.write(name + ".key", try OpenSSLCLI.run(generate))
            let spki = try OpenSSLCLI.run(["pkey", "-in", key, "-pubout", "-outform", "DER"])
            let external: Data
            if kind == "rsa" {
                let pem = folder.write(name + ".pub", try OpenSSLCLI.run(["pkey", "-in", key, "-pubout"]))
                external = try OpenSSLCLI.run(["rsa", "-pubin", "-in", pem, "-RSAPublicKey_out", "-outform", "DER"])
            } else {
                external = spki.suffix(1 + 2 * ((bits + 7) / 8))
            }
            keys.append((kind, bits, folder.write(name + ".raw", external), spki.base64EncodedString()))
        }
        return keys
    }

    @Test("urlsession and alamofire: built and run by swiftc, the hosts, pins and settings are the manifest's")
    func swiftExportsRoundTrip() async throws {
        try await OffPoolThread.run {
            let folder = TemporaryFolder()
            var sources: [String] = []
            var main = [
                "import Alamofire", "import CryptoKit", "import Foundation", "import Security", "",
                "func policies(_ entries: [String: (Bool, Bool, Date?, Set<String>, Set<String>)]) -> [String: Any] {",
                "    entries.mapValues { entry in",
                "        [\"includeSubdomains\": entry.0, \"enforce\": entry.1,",
                "         \"lapsesAt\": entry.2?.timeIntervalSince1970 ?? -1,",
                "         \"keyPins\": entry.3.sorted(), \"certificatePins\": entry.4.sorted()] as [String: Any]",
                "    }",
                "}",
                "func evaluators(_ manager: ServerTrustManager) -> [String: String] {",
                "    manager.evaluators.mapValues { String(describing: type(of: $0)) }",
                "}",
                "var exports: [[String: Any]] = []",
            ]
            for (index, manifest) in (Self.manifests + [Self.lookup]).enumerated() {
                let urlSession = PinExporter.export(manifest, as: .urlsession, options: Self.options)
                let alamofire = PinExporter.export(manifest, as: .alamofire, options: Self.options)
                sources.append(
                    folder.write("U\(index).swift", AppleToolchain.wrapped(urlSession.text, in: "U\(index)")))
                sources.append(folder.write("A\(index).swift", AppleToolchain.wrapped(alamofire.text, in: "A\(index)")))
                main.append(
                    "exports.append([\"urlsession\": policies(U\(index).PinBenchPins.policies.mapValues { "
                        + "($0.includeSubdomains, $0.enforce, $0.lapsesAt, $0.keyPins, $0.certificatePins) }), "
                        + "\"alamofire\": evaluators(A\(index).PinBenchServerTrustManager())])")
            }
            let last = Self.manifests.count
            let queries = Self.queries.map { "\"\($0)\"" }.joined(separator: ", ")
            main += [
                "let queries = [\(queries)]",
                "var lookups: [String: Bool] = [:]",
                "var found: [String: String] = [:]",
                "let manager = A\(last).PinBenchServerTrustManager()",
                "for query in queries {",
                "    lookups[query] = U\(last).PinBenchPins.policy(for: query) != nil",
                "    found[query] = (try? manager.serverTrustEvaluator(forHost: query)).flatMap { $0 }",
                "        .map { String(describing: type(of: $0)) } ?? \"none\"",
                "}",
                "var keys: [String] = []",
                "var arguments = CommandLine.arguments.dropFirst()",
                "while arguments.count >= 3 {",
                "    let kind = arguments.removeFirst(), bits = Int(arguments.removeFirst())!",
                "    let data = try! Data(contentsOf: URL(fileURLWithPath: arguments.removeFirst()))",
                "    let spki = U\(last).PinBenchPins.subjectPublicKeyInfo(kind: kind, bits: bits, key: data)",
                "    keys.append(spki?.base64EncodedString() ?? \"nil\")",
                "}",
                "let all: [String: Any] = [\"exports\": exports, \"lookups\": lookups, \"evaluators\": found, \"keys\": keys]",
                "print(String(decoding: try! JSONSerialization.data(withJSONObject: all), as: UTF8.self))",
            ]
            sources.append(folder.write("main.swift", main.joined(separator: "\n") + "\n"))
            let build = try AppleToolchain.swift(
                ["-swift-version", "6", "-lSecurity", "-lCryptoKit", "-lAlamofire", "-o", folder.path("exports")]
                    + sources, in: folder.url)
            #expect(build.status == 0, "\(build.stderrText.prefix(4000))")
            guard build.status == 0 else { return }

            let keys = try Self.opensslKeys(in: folder)
            let run = try ProcessRunner.run(
                folder.path("exports"), keys.flatMap { [$0.kind, "\($0.bits)", $0.file] }, timeout: 120
            ).checked()
            let program = try JSONDecoder().decode(Program.self, from: run.stdout)

            for (manifest, found) in zip(Self.manifests, program.exports) {
                var expected: [String: Policy] = [:]
                for domain in manifest.domains {
                    var seen = Set<String>()
                    let pins = domain.pins.filter { seen.insert($0.type.rawValue + $0.value).inserted }
                    expected[domain.normalizedHost] = Policy(
                        includeSubdomains: domain.includeSubdomains, enforce: domain.mode == .enforce,
                        lapsesAt: domain.expires?.endDate?.timeIntervalSince1970 ?? -1,
                        keyPins: pins.filter { $0.type == .spkiSHA256 }.map(\.value).sorted(),
                        certificatePins: pins.filter { $0.type == .certSHA256 }.map(\.value).sorted())
                }
                #expect(found.urlsession == expected)
                #expect(Set(found.alamofire.keys) == Set(manifest.domains.map(\.normalizedHost)))
                for domain in manifest.domains {
                    let evaluator = domain.mode == .enforce ? "PublicKeysTrustEvaluator" : "DefaultTrustEvaluator"
                    #expect(found.alamofire[domain.normalizedHost] == evaluator, "\(domain.host)")
                }
            }
            #expect(
                program.lookups == [
                    "example.test": true, "a.b.example.test": true, "api.example.test": true,
                    "x.api.example.test": true, "other.test": false,
                ], "x.api.example.test falls to example.test, which includes subdomains")
            #expect(
                program.evaluators == [
                    "example.test": "PublicKeysTrustEvaluator", "a.b.example.test": "PublicKeysTrustEvaluator",
                    "api.example.test": "PinnedCertificatesTrustEvaluator",
                    "x.api.example.test": "PublicKeysTrustEvaluator", "other.test": "none",
                ])
            #expect(program.keys == keys.map(\.spki), "the rebuilt SubjectPublicKeyInfo is openssl's, byte for byte")
        }
    }

    /// Decodes the C string literal body at `text[index...]` (after `@"`): octal, named and `\?` escapes, bytes read
    /// as UTF-8, as C and clang define them.
    static func decodeLiteral(_ text: [UInt8], from start: Int) -> (String, Int)? {
        var bytes: [UInt8] = []
        var index = start
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") { return (String(decoding: bytes, as: UTF8.self), index + 1) }
            guard byte == UInt8(ascii: "\\") else {
                guard (0x20...0x7E).contains(byte) else { return nil }
                bytes.append(byte)
                index += 1
                continue
            }
            let escape = text[index + 1]
            switch escape {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "?"): bytes.append(escape)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                guard let value = UInt8(String(decoding: text[(index + 1)...(index + 3)], as: UTF8.self), radix: 8)
                else { return nil }
                bytes.append(value)
                index += 2
            default: return nil
            }
            index += 2
        }
        return nil
    }

    @Test("afnetworking: clang -fsyntax-only passes for hostile manifests; the hosts read back are the manifest's")
    func objectiveCExport() async throws {
        try await OffPoolThread.run {
            let folder = TemporaryFolder()
            var files: [String] = []
            var texts: [String] = []
            for (index, manifest) in (Self.manifests + [Self.lookup]).enumerated() {
                let result = PinExporter.export(manifest, as: .afnetworking, options: Self.options)
                files.append(folder.write("E\(index).m", result.text))
                texts.append(result.text)
            }
            let syntax = try AppleToolchain.objectiveCSyntax(files, in: folder.url)
            #expect(syntax.status == 0, "\(syntax.stderrText.prefix(4000))")

            for (manifest, text) in zip(Self.manifests, texts) {
                let bytes = Array(text.utf8)
                let marker = Array("[name isEqualToString:@\"".utf8)
                var hosts: [String] = []
                var index = 0
                while index + marker.count <= bytes.count {
                    if Array(bytes[index..<(index + marker.count)]) == marker,
                        let (host, end) = Self.decodeLiteral(bytes, from: index + marker.count)
                    {
                        hosts.append(host)
                        index = end
                    } else {
                        index += 1
                    }
                }
                #expect(hosts == manifest.domains.map(\.normalizedHost))
                #expect(SpecEscapes.rawHazards(text, allowing: ["\n"]).isEmpty)
                #expect(text.components(separatedBy: "*/").count == text.components(separatedBy: "/*").count)
            }
        }
    }
}
