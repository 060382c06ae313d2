import Foundation
import PinExport
import PinImport
import PinningCore
import Testing

/// import(export(m)) == m wherever the format can hold m, through today's exporters and the real parsers
/// (PropertyListSerialization, XMLParser).
@Suite("Imports: round trips through the exporters")
struct ImportRoundTripTests {
    static let pins = (1...6).map { Data(repeating: UInt8($0), count: 32).base64EncodedString() }
    let pins = Self.pins

    /// A manifest with everything the manifest can say: several domains, both modes, expiry, leaf/CA/any
    /// positions, backup roles, labels, notes, certificate pins, a port, an IP address.
    var full: PinManifest {
        PinManifest(domains: [
            DomainPolicy(
                host: "api.example.test", includeSubdomains: true, mode: .enforce, expires: CalendarDay("2027-06-30"),
                pins: [
                    Pin(type: .spkiSHA256, value: pins[0], position: .leaf, label: "leaf key", note: "why"),
                    Pin(
                        type: .spkiSHA256, value: pins[1], role: .backup, position: .ca,
                        added: Date(timeIntervalSince1970: 1)),
                    Pin(type: .certSHA256, value: pins[2]),
                ]),
            DomainPolicy(
                host: "report.example.test", mode: .reportOnly,
                pins: [Pin(type: .spkiSHA256, value: pins[3], position: .ca), Pin(type: .spkiSHA256, value: pins[4])],
                reportUris: ["https://reports.example.test/pins?app=1"]),
            DomainPolicy(
                host: "192.0.2.7", port: 8443, expires: CalendarDay("2026-12-31"),
                pins: [
                    Pin(type: .spkiSHA256, value: pins[5], position: .leaf),
                    Pin(type: .spkiSHA256, value: pins[0], position: .ca),
                ]),
            DomainPolicy(host: "only-cert.example.test", pins: [Pin(type: .certSHA256, value: pins[2])]),
        ])
    }

    /// What `format` can hold of `manifest`: the expected result of import(export(manifest)).
    func held(_ manifest: PinManifest, by format: ImportFormat) -> PinManifest {
        var result = PinManifest()
        for domain in manifest.canonicallyOrdered.domains {
            var policy = domain
            policy.port = 443
            policy.pins = domain.pins.compactMap { pin in
                guard pin.type == .spkiSHA256 else { return nil }
                if format == .ats && pin.position == .any { return nil }
                return Pin(type: .spkiSHA256, value: pin.value, position: format == .ats ? pin.position : .any)
            }
            if format == .ats {
                policy.pins = policy.pins.filter { $0.position == .leaf } + policy.pins.filter { $0.position == .ca }
                policy.expires = nil
            }
            if format != .trustkit {
                policy.mode = .enforce
                policy.reportUris = []
            }
            if !policy.pins.isEmpty { result.domains.append(policy) }
        }
        return result
    }

    func roundTrip(_ manifest: PinManifest, _ format: ImportFormat) throws -> (PinManifest, ImportedConfiguration) {
        let exportFormat = ExportFormat(rawValue: format.rawValue)!
        let exported = PinExporter.export(manifest, as: exportFormat)
        let imported = try ConfigurationImporter.read(Data(exported.text.utf8), as: format, path: "exported")
        var result = PinManifest()
        _ = ImportMerge.apply(imported, to: &result)
        return (result.canonicallyOrdered, imported)
    }

    @Test("a manifest each format holds whole comes back equal", arguments: ImportFormat.allCases)
    func holdable(format: ImportFormat) throws {
        let holdable = held(full, by: format)
        #expect(holdable.domains.count == 3)
        let (result, imported) = try roundTrip(holdable, format)
        #expect(result == holdable)
        // Only the notes that say what the format cannot mean the same: ATS's both-lists rule for the two domains
        // with leaf and CA pins, and the TrustKit exporter's app setting (TSKSwizzleNetworkDelegates).
        let expected: [ImportSkip.Code] =
            switch format {
            case .ats: [.semanticsDiffer, .semanticsDiffer]
            case .trustkit: [.unsupportedSetting]
            case .android: []
            }
        #expect(imported.notCarried.map(\.code) == expected, "\(imported.notCarried)")
    }

    @Test("a full manifest comes back as exactly what the format can hold", arguments: ImportFormat.allCases)
    func full(format: ImportFormat) throws {
        let (result, _) = try roundTrip(full, format)
        #expect(result == held(full, by: format))
        // Round trips are stable: a second pass changes nothing.
        #expect(try roundTrip(result, format).0 == result)
    }

    @Test("a TrustKit round trip keeps report-only and expiry; the merge adds nothing twice")
    func trustKitSettings() throws {
        let (result, imported) = try roundTrip(held(full, by: .trustkit), .trustkit)
        #expect(result.domains.first { $0.host == "report.example.test" }?.mode == .reportOnly)
        #expect(result.domains.first { $0.host == "api.example.test" }?.expires == CalendarDay("2027-06-30"))
        var again = result
        let changes = ImportMerge.apply(imported, to: &again)
        #expect(again == result)
        #expect(changes.allSatisfy { $0.action == .alreadyPinned })
    }
}
