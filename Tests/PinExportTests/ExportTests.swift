import Foundation
import PinExport
import PinningCore
import TestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Exports to other tools' formats")
struct ExportTests {
    let leafPin = Fixtures.spki(Fixtures.pki.good.leaf)
    let caPin = Fixtures.spki(Fixtures.pki.intermediate)
    let certPin = Fixtures.cert(Fixtures.pki.good.leaf)

    var manifest: PinManifest {
        PinManifest(domains: [
            DomainPolicy(
                host: "api.example.test", includeSubdomains: true, expires: CalendarDay("2027-06-30"),
                pins: [
                    Pin(type: .spkiSHA256, value: leafPin, position: .leaf, label: "leaf key"),
                    Pin(type: .spkiSHA256, value: caPin, role: .backup, position: .ca),
                    Pin(type: .certSHA256, value: certPin),
                ]),
            DomainPolicy(host: "report.example.test", mode: .reportOnly, pins: [Pin(type: .spkiSHA256, value: caPin)]),
        ])
    }

    @Test("OkHttp: sha256/ pins, ** for subdomains, certificate pins named as skipped")
    func okhttp() {
        let result = PinExporter.export(manifest, as: .okhttp)
        #expect(result.text.contains(".add(\"**.api.example.test\", \"sha256/\(leafPin)\")"))
        #expect(result.text.contains(".add(\"report.example.test\", \"sha256/\(caPin)\")"))
        #expect(!result.text.contains(certPin))
        #expect(result.warnings.contains { $0.contains("skipped cert-sha256") })
        #expect(result.warnings.contains { $0.contains("report.example.test") && $0.contains("report-only") })
    }

    @Test("Android: well-formed XML with expiration and includeSubdomains")
    func android() throws {
        let result = PinExporter.export(manifest, as: .android)
        let parser = XMLParser(data: Data(result.text.utf8))
        #expect(parser.parse(), "\(result.text)")
        #expect(result.text.contains("<domain includeSubdomains=\"true\">api.example.test</domain>"))
        #expect(result.text.contains("<pin-set expiration=\"2027-07-01\">"), "the first day without pins")
        #expect(result.text.contains("<pin digest=\"SHA-256\">\(caPin)</pin>"))
    }

    @Test("TrustKit and ATS: property lists that parse back to the expected structure")
    func plists() throws {
        let trustKit = PinExporter.export(manifest, as: .trustkit)
        let tk =
            try PropertyListSerialization.propertyList(from: Data(trustKit.text.utf8), format: nil) as! [String: Any]
        let domains = (tk["TSKConfiguration"] as! [String: Any])["TSKPinnedDomains"] as! [String: Any]
        let api = domains["api.example.test"] as! [String: Any]
        #expect(api["TSKPublicKeyHashes"] as? [String] == [leafPin, caPin])
        #expect(api["TSKExpirationDate"] as? String == "2027-07-01", "the first day without pins")
        #expect((domains["report.example.test"] as! [String: Any])["TSKEnforcePinning"] as? Bool == false)
        #expect(trustKit.warnings.contains { $0.contains("report.example.test") && $0.contains("needs at least two") })

        let ats = PinExporter.export(manifest, as: .ats)
        let plist = try PropertyListSerialization.propertyList(from: Data(ats.text.utf8), format: nil) as! [String: Any]
        let pinned = (plist["NSAppTransportSecurity"] as! [String: Any])["NSPinnedDomains"] as! [String: Any]
        let entry = pinned["api.example.test"] as! [String: Any]
        #expect(entry["NSPinnedLeafIdentities"] as? [[String: String]] == [["SPKI-SHA256-BASE64": leafPin]])
        #expect(entry["NSPinnedCAIdentities"] as? [[String: String]] == [["SPKI-SHA256-BASE64": caPin]])
        #expect(ats.warnings.contains { $0.contains("both") })
        #expect(ats.warnings.contains { $0.contains("position-any") })
    }

    @Test("curl and HPKP")
    func curlAndHPKP() {
        let curl = PinExporter.export(manifest, as: .curl)
        #expect(
            curl.text.contains("curl --pinnedpubkey 'sha256//\(leafPin)' https://api.example.test/"))
        #expect(curl.warnings.contains { $0.contains("skipped CA pin \(caPin)") })
        let hpkp = PinExporter.export(manifest, as: .hpkp)
        #expect(
            hpkp.text.contains(
                "Public-Key-Pins: pin-sha256=\"\(leafPin)\"; pin-sha256=\"\(caPin)\"; max-age=5184000; includeSubDomains"
            ))
        #expect(hpkp.text.contains("Public-Key-Pins-Report-Only: pin-sha256=\"\(caPin)\""))
    }
}
