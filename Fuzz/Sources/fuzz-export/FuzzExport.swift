import Foundation
import FuzzSupport
import PinExport
import PinningCore

/// Every export format over a manifest built from the input (labels, notes and some hosts are arbitrary text).
/// For each format the text is read back with a parser of that language (Kotlin lexer, XML parser, property-list
/// parser, POSIX shell words, HTTP header grammar) and must hold exactly the manifest's pins and nothing else:
/// - as many pin entries as the format carries (SPKI pins; for ATS, those with a leaf or CA position), with the
///   same values, and one entry per domain where the format has one;
/// - plain host names come back exactly;
/// - no raw control, bidi or U+2028/U+2029 scalar anywhere in the text (tab and line feed aside).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExport(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    var input = FuzzInput(Array(UnsafeBufferPointer(start: start, count: count)))
    Invariant.currentInput = Data(UnsafeBufferPointer(start: start, count: count))
    defer { Invariant.currentInput = nil }
    let manifest = FuzzManifestBuilder.manifest(&input)
    for format in ExportFormat.allCases {
        // Lapsed domains and pins are kept (with warnings) so that every pin is expected back.
        let result = PinExporter.export(manifest, as: format, options: ExportOptions(includeLapsed: true))
        let text = result.text
        if format == .curl {
            // Never drop a pin silently: a domain left out of the curl lines is named in a warning.
            for domain in manifest.domains where (try? HostName(domain.host)) == nil {
                guard domain.pins.contains(where: { $0.type == .spkiSHA256 }) else { continue }
                Invariant.check(
                    result.warnings.contains { $0.hasPrefix(domain.host + ": curl: skipped") },
                    "curl left out \(visible(domain.host)) without a warning")
            }
        }
        if let bad = UnsafeScalars.first(in: text, allowing: ["\n", "\t"]) {
            Invariant.fail("\(format) export carries raw \(visible(String(bad))):\n\(visible(text))")
            continue
        }
        // The Swift and Objective-C exports are read back by the real compilers in the test suite (swiftc, clang);
        // here they are held to the raw-scalar rule above.
        guard let expected = ExpectedExport(manifest, format: format) else { continue }
        let found: ExportReading
        do {
            found = try ExportReading.read(text, format: format)
        } catch {
            Invariant.fail("\(format) export does not parse: \(error)\n\(visible(text))")
            continue
        }
        Invariant.check(
            found.pinValues.sorted() == expected.pinValues.sorted(),
            "\(format) export holds pins \(found.pinValues.count) != \(expected.pinValues.count) expected:\n\(visible(text))"
        )
        if let entries = expected.domainEntries {
            Invariant.check(
                found.hosts.count == entries.count,
                "\(format) export has \(found.hosts.count) domain entries, expected \(entries.count):\n\(visible(text))"
            )
            for host in entries where ExpectedExport.isPlain(host) {
                Invariant.check(
                    found.hosts.contains(host), "\(format) export lost host \(host):\n\(visible(text))")
            }
        }
    }
    return 0
}

/// What an export of `manifest` must carry.
struct ExpectedExport {
    /// The pin values, once per pin.
    let pinValues: [String]
    /// The text each domain entry names it by (OkHttp: `**.host` with subdomains), or nil where the format has
    /// no per-domain entry to count.
    let domainEntries: [String]?

    /// Nil for the formats read back only by the test suite's compilers.
    init?(_ manifest: PinManifest, format: ExportFormat) {
        let domains = manifest.domains
        // A pin listed twice in a domain is exported once.
        func spki(_ domain: DomainPolicy) -> [Pin] {
            var seen: Set<String> = []
            return domain.pins.filter { $0.type == .spkiSHA256 && seen.insert($0.value).inserted }
        }
        switch format {
        case .ats:
            pinValues = domains.flatMap { spki($0).filter { $0.position != .any }.map(\.value) }
            domainEntries = domains.map(\.host)
        case .android:
            pinValues = domains.flatMap { spki($0).map(\.value) }
            domainEntries = domains.map(\.host)
        case .trustkit:
            // A domain with no key pin is not pinned: TrustKit's export leaves it out (and says so).
            pinValues = domains.flatMap { spki($0).map(\.value) }
            domainEntries = domains.filter { !spki($0).isEmpty }.map(\.host)
        case .okhttp:
            pinValues = domains.flatMap { spki($0).map(\.value) }
            domainEntries = domains.flatMap { domain in
                spki(domain).map { _ in domain.includeSubdomains ? "**." + domain.host : domain.host }
            }
        case .curl:
            // curl checks the leaf key only: CA pins are skipped with a warning. Lines carry only hosts that pass
            // the host rule and keep a pin; the others are skipped with a warning.
            func leafOrAny(_ domain: DomainPolicy) -> [Pin] { spki(domain).filter { $0.position != .ca } }
            let carried = domains.filter { (try? HostName($0.host)) != nil && !leafOrAny($0).isEmpty }
            pinValues = carried.flatMap { leafOrAny($0).map(\.value) }
            domainEntries = carried.map { try! HostName($0.host).text }
        case .hpkp:
            pinValues = domains.flatMap { spki($0).map(\.value) }
            domainEntries = nil
        case .urlsession, .alamofire, .afnetworking:
            return nil
        }
    }

    /// A host of lower-case LDH labels, which every format must carry exactly as written.
    static func isPlain(_ host: String) -> Bool {
        !host.isEmpty
            && host.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-"
            }
    }
}
