import Foundation
import PinExport
import PinningCore
import TestSupport
import Testing

/// For random and hostile hosts, labels, notes and pin values, each export read back by a real parser of its
/// language holds exactly the manifest's pins and nothing else, and no raw control character.
@Suite("exports under hostile text, read back by real parsers")
struct ExportPropertyTests {
    static let manifests = HostileManifests.make(count: 150, seed: 0x5EED_0010)

    /// The key pins an export carries: each value once, in manifest order.
    static func spki(_ domain: DomainPolicy) -> [Pin] {
        var seen = Set<String>()
        return domain.pins.filter { $0.type == .spkiSHA256 && seen.insert($0.value).inserted }
    }

    /// A fixed export time before the hostile manifests' expires (2027-06-30), so no domain lapses.
    static let options = ExportOptions(now: Timestamp.parse("2026-11-23T00:00:00Z")!)

    static func exports(_ format: ExportFormat, _ manifests: [PinManifest] = manifests) -> [ExportResult] {
        manifests.map { PinExporter.export($0, as: format, options: options) }
    }

    struct KotlinTree: Decodable {
        let hasError: Bool
        let calls: [[String]]
        let identifiers: [String]
        let comments: Int
        let interpolations: Int
    }

    struct KotlinFound: Decodable {
        let calls: [[String]]
        let comments: [String]
        let error: String?
        let treeSitter: KotlinTree?
    }

    /// Every OkHttp export with the .add calls it must hold, and what the Kotlin reader found in it.
    static func kotlinReadings() throws -> [(text: String, expected: [[String]], found: KotlinFound)] {
        let results = exports(.okhttp)
        let found = try PythonParser.parse(results.map(\.text), with: ExportParsers.kotlin, as: [KotlinFound].self)
        return zip(manifests, zip(results, found)).map { manifest, pair in
            let expected = manifest.domains.flatMap { domain in
                spki(domain).map { [(domain.includeSubdomains ? "**." : "") + domain.host, "sha256/" + $0.value] }
            }
            return (pair.0.text, expected, pair.1)
        }
    }

    @Test("OkHttp: every .add(host, pin) as intended, no templates, comments stay comments")
    func okhttp() throws {
        for (text, expected, parsed) in try Self.kotlinReadings() {
            #expect(parsed.error == nil, "\(parsed.error ?? "")\n\(text)")
            #expect(parsed.calls == expected)
            #expect(parsed.comments.count == expected.count)
            #expect(SpecEscapes.rawHazards(text).isEmpty)
        }
    }

    @Test(
        "OkHttp: tree-sitter-kotlin parses every export without error and finds the same calls",
        .enabled(
            if: PythonInterpreter.hasModules(["tree_sitter", "tree_sitter_kotlin"]),
            PythonInterpreter.missing(["tree_sitter", "tree_sitter_kotlin"])))
    func okhttpTreeSitter() throws {
        for (text, expected, parsed) in try Self.kotlinReadings() {
            let tree = try #require(parsed.treeSitter, "the interpreter imports tree-sitter-kotlin, the script did not")
            #expect(!tree.hasError, "\(text)")
            #expect(tree.calls == expected)
            #expect(tree.interpolations == 0)
            #expect(tree.comments == expected.count)
            #expect(
                Set(tree.identifiers).isSubset(of: [
                    "certificatePinner", "CertificatePinner", "Builder", "add", "build",
                ]))
        }
    }

    @Test("Android: expat finds exactly the domains and pins; comments cannot be broken")
    func android() throws {
        struct Domain: Decodable, Equatable {
            let host: String
            let includeSubdomains: String
            let expiration: String?
            let pins: [String]
        }
        struct Found: Decodable {
            let error: String?
            let domains: [Domain]
            let unexpected: [String]
            let comments: [String]
        }
        let results = Self.exports(.android)
        let found = try PythonParser.parse(results.map(\.text), with: ExportParsers.androidXML, as: [Found].self)
        for (manifest, (result, parsed)) in zip(Self.manifests, zip(results, found)) {
            let expected = manifest.domains.map { domain in
                Domain(
                    host: SpecEscapes.xmlCarried(domain.host), includeSubdomains: "\(domain.includeSubdomains)",
                    expiration: domain.expires.flatMap { CalendarDay(containing: $0.endDate!) }?.description,
                    pins: Self.spki(domain).map { SpecEscapes.xmlCarried($0.value) })
            }
            #expect(parsed.error == nil, "\(parsed.error ?? "")\n\(result.text)")
            #expect(parsed.domains == expected)
            #expect(parsed.unexpected.isEmpty)
            #expect(parsed.comments.count == manifest.domains.flatMap(Self.spki).filter { $0.label != nil }.count)
            #expect(SpecEscapes.rawHazards(result.text).isEmpty)
            for domain in manifest.domains where domain.host != SpecEscapes.xmlCarried(domain.host) {
                #expect(result.warnings.contains { $0.hasPrefix(domain.host + ":") && $0.contains("cannot carry") })
            }
        }
    }

    struct Leaf: Decodable, Hashable {
        let path: [String]
        let value: String
    }

    struct PropertyList: Decodable {
        let error: String?
        let leaves: [Leaf]
    }

    @Test("TrustKit: plistlib finds exactly the domains and their settings")
    func trustKit() throws {
        let results = Self.exports(.trustkit)
        let found = try PythonParser.parse(
            results.map(\.text), with: ExportParsers.propertyList, as: [PropertyList].self)
        for (manifest, (result, parsed)) in zip(Self.manifests, zip(results, found)) {
            let root = ["TSKConfiguration", "TSKPinnedDomains"]
            var expected: [Leaf] = [Leaf(path: ["TSKConfiguration", "TSKSwizzleNetworkDelegates"], value: "false")]
            // A domain without key pins is not pinned: TrustKit's export leaves it out.
            let pinned = manifest.domains.filter { !Self.spki($0).isEmpty }
            if pinned.isEmpty { expected.append(Leaf(path: root, value: "{}")) }
            for domain in pinned {
                let path = root + [SpecEscapes.xmlCarried(domain.host)]
                let pins = Self.spki(domain)
                expected += pins.enumerated().map {
                    Leaf(
                        path: path + ["TSKPublicKeyHashes", "\($0.offset)"],
                        value: SpecEscapes.xmlCarried($0.element.value))
                }
                expected.append(Leaf(path: path + ["TSKIncludeSubdomains"], value: "\(domain.includeSubdomains)"))
                expected.append(Leaf(path: path + ["TSKEnforcePinning"], value: "\(domain.mode == .enforce)"))
                if let expires = domain.expires {
                    let firstDayWithout = CalendarDay(containing: expires.endDate!)
                    expected.append(Leaf(path: path + ["TSKExpirationDate"], value: firstDayWithout.description))
                }
            }
            #expect(parsed.error == nil, "\(parsed.error ?? "")\n\(result.text)")
            #expect(Set(parsed.leaves) == Set(expected))
            #expect(parsed.leaves.count == expected.count)
            #expect(SpecEscapes.rawHazards(result.text, allowing: ["\n", "\t"]).isEmpty)
        }
    }

    @Test("ATS: plistlib finds exactly the leaf and CA identities")
    func ats() throws {
        let results = Self.exports(.ats)
        let found = try PythonParser.parse(
            results.map(\.text), with: ExportParsers.propertyList, as: [PropertyList].self)
        for (manifest, (result, parsed)) in zip(Self.manifests, zip(results, found)) {
            let root = ["NSAppTransportSecurity", "NSPinnedDomains"]
            var expected: [Leaf] = manifest.domains.isEmpty ? [Leaf(path: root, value: "{}")] : []
            for domain in manifest.domains {
                let path = root + [SpecEscapes.xmlCarried(domain.host)]
                expected.append(Leaf(path: path + ["NSIncludesSubdomains"], value: "\(domain.includeSubdomains)"))
                for (position, key) in [(PinPosition.leaf, "NSPinnedLeafIdentities"), (.ca, "NSPinnedCAIdentities")] {
                    let pins = Self.spki(domain).filter { $0.position == position }
                    expected += pins.enumerated().map {
                        Leaf(
                            path: path + [key, "\($0.offset)", "SPKI-SHA256-BASE64"],
                            value: SpecEscapes.xmlCarried($0.element.value))
                    }
                }
            }
            #expect(parsed.error == nil, "\(parsed.error ?? "")\n\(result.text)")
            #expect(Set(parsed.leaves) == Set(expected))
            #expect(parsed.leaves.count == expected.count)
            #expect(SpecEscapes.rawHazards(result.text, allowing: ["\n", "\t"]).isEmpty)
        }
    }

    @Test("curl: bash -n passes, shlex and a real bash run see exactly the intended argv, nothing else runs")
    func curl() throws {
        struct Found: Decodable {
            let error: String?
            let shlex: [[String]]
            let ran: [[String]]
            let files: [String]
        }
        let manifests = Array(Self.manifests.prefix(100))
        let results = Self.exports(.curl, manifests)
        let found = try PythonParser.parse(results.map(\.text), with: ExportParsers.curlShell, as: [Found].self)
        for (manifest, (result, parsed)) in zip(manifests, zip(results, found)) {
            var expected: [[String]] = []
            for domain in manifest.domains {
                let leafPins = Self.spki(domain).filter { $0.position != .ca }
                guard !leafPins.isEmpty else { continue }
                let value = leafPins.map { "sha256//" + $0.value }.joined(separator: ";")
                // curl lines carry only hosts that pass the host rule (tested on its own in HostNameTests).
                guard let name = try? HostName(domain.host), SpecEscapes.rawHazards(value, allowing: []).isEmpty else {
                    #expect(result.warnings.contains { $0.hasPrefix(domain.host + ": curl: skipped") })
                    continue
                }
                let host = name.kind == .ipv6 ? "[\(name.text)]" : name.text
                let url = "https://\(host)\(domain.port == 443 ? "" : ":\(domain.port)")/"
                expected.append(["curl", "--pinnedpubkey", value, url])
            }
            #expect(parsed.error == nil, "\(parsed.error ?? "")\n\(result.text)")
            #expect(parsed.shlex == expected)
            #expect(parsed.ran == expected.map { Array($0.dropFirst()) })
            #expect(parsed.files.isEmpty, "the pasted lines created \(parsed.files)")
            #expect(SpecEscapes.rawHazards(result.text).isEmpty)
        }
    }

    @Test("HPKP: a strict RFC 9110 reader finds exactly one header per pinned domain and its pins")
    func hpkp() throws {
        struct Header: Decodable, Equatable {
            let comment: String
            let name: String
            let directives: [[String?]]
        }
        struct Found: Decodable {
            let error: String?
            let headers: [Header]
        }
        let results = Self.exports(.hpkp)
        let found = try PythonParser.parse(results.map(\.text), with: ExportParsers.hpkpHeader, as: [Found].self)
        for (manifest, (result, parsed)) in zip(Self.manifests, zip(results, found)) {
            var expected: [Header] = []
            for domain in manifest.domains {
                let carried = Self.spki(domain).filter {
                    $0.value.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }
                }
                guard !carried.isEmpty else { continue }
                var directives: [[String?]] = carried.map { ["pin-sha256", $0.value] }
                directives.append(["max-age", "5184000"])
                if domain.includeSubdomains { directives.append(["includeSubDomains", nil]) }
                expected.append(
                    Header(
                        comment: SpecEscapes.visible(domain.host),
                        name: domain.mode == .reportOnly ? "Public-Key-Pins-Report-Only" : "Public-Key-Pins",
                        directives: directives))
            }
            #expect(parsed.error == nil, "\(parsed.error ?? "")\n\(result.text)")
            #expect(parsed.headers == expected)
        }
    }

    @Test("manifest JSON: Python's json reads back every host, pin, label and note; no raw control or bidi character")
    func manifestJSON() throws {
        struct Domain: Decodable, Equatable {
            let host: String
            let values: [String]
            let labels: [String?]
            let notes: [String?]
        }
        struct Found: Decodable {
            let error: String?
            let domains: [Domain]
        }
        let texts = Self.manifests.map { String(decoding: ManifestCodec.encode($0), as: UTF8.self) }
        let found = try PythonParser.parse(texts, with: ExportParsers.manifestJSON, as: [Found].self)
        for (manifest, (text, parsed)) in zip(Self.manifests, zip(texts, found)) {
            let expected = manifest.domains.map {
                Domain(
                    host: $0.host, values: $0.pins.map(\.value), labels: $0.pins.map(\.label),
                    notes: $0.pins.map(\.note))
            }
            #expect(parsed.error == nil, "\(parsed.error ?? "")")
            #expect(parsed.domains == expected)
            #expect(SpecEscapes.rawHazards(text).isEmpty)
        }
    }
}
