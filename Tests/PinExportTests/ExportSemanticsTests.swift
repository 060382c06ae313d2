import Foundation
import PinExport
import PinningCore
import TestSupport
import Testing

/// What each export means, tried against what each client really does: curl's leaf-only pins, lapsed domains and
/// pins, OkHttp 3 and 4 patterns, pins counted once, and each format's expiry at the day boundary.
@Suite("export semantics")
struct ExportSemanticsTests {
    let leafPin = Fixtures.spki(Fixtures.pki.good.leaf)
    let caPin = Fixtures.spki(Fixtures.pki.intermediate)
    func at(_ text: String) -> Date { Timestamp.parse(text)! }

    func domain(
        _ host: String = "api.example.test", includeSubdomains: Bool = false, expires: String? = nil,
        pins: [Pin]
    ) -> PinManifest {
        PinManifest(domains: [
            DomainPolicy(
                host: host, includeSubdomains: includeSubdomains, expires: expires.flatMap(CalendarDay.init),
                pins: pins)
        ])
    }

    @Test("curl: CA pins are left out with a warning, position-any pins kept with one, leaf pins kept")
    func curlLeafOnly() {
        let manifest = domain(pins: [
            Pin(type: .spkiSHA256, value: leafPin, position: .leaf),
            Pin(type: .spkiSHA256, value: caPin, position: .ca),
            Pin(type: .spkiSHA256, value: Fixtures.unrelatedPin, position: .any),
        ])
        let result = PinExporter.export(manifest, as: .curl)
        #expect(result.text.contains("sha256//\(leafPin);sha256//\(Fixtures.unrelatedPin)"))
        #expect(!result.text.contains(caPin))
        #expect(result.warnings.contains { $0.contains("skipped CA pin \(caPin)") })
        #expect(result.warnings.contains { $0.contains("position-any pin \(Fixtures.unrelatedPin)") })

        let onlyCA = PinExporter.export(domain(pins: [Pin(type: .spkiSHA256, value: caPin, position: .ca)]), as: .curl)
        #expect(onlyCA.text.isEmpty)
        #expect(onlyCA.warnings.contains { $0.contains("no leaf key pin") })
    }

    @Test("a domain past its expires is left out with a warning at the day boundary, kept with includeLapsed")
    func lapsedDomains() {
        let manifest = domain(expires: "2027-06-30", pins: [Pin(type: .spkiSHA256, value: leafPin, position: .leaf)])
        for format in ExportFormat.allCases {
            let lastSecond = PinExporter.export(
                manifest, as: format, options: ExportOptions(now: at("2027-06-30T23:59:59Z")))
            #expect(!lastSecond.warnings.contains { $0.contains("lapsed") }, "\(format)")
            let nextDay = PinExporter.export(
                manifest, as: format, options: ExportOptions(now: at("2027-07-01T00:00:00Z")))
            #expect(nextDay.warnings.contains { $0.contains("left out; its pins lapsed on 2027-06-30") }, "\(format)")
            #expect(!nextDay.text.contains(leafPin), "\(format)")
            #expect(!nextDay.text.contains("api.example.test"), "\(format)")
            let kept = PinExporter.export(
                manifest, as: format, options: ExportOptions(now: at("2027-07-01T00:00:00Z"), includeLapsed: true))
            #expect(kept.text.contains("api.example.test"), "\(format)")
            #expect(kept.warnings.contains { $0.contains("kept by --include-lapsed") }, "\(format)")
        }
    }

    @Test("a pin past its certificate's notAfter is left out, at that instant, unless includeLapsed")
    func pinsPastNotAfter() {
        let notAfter = at("2027-01-10T00:00:00Z")
        let manifest = domain(pins: [
            Pin(type: .spkiSHA256, value: leafPin, position: .leaf, notAfter: notAfter),
            Pin(type: .spkiSHA256, value: caPin, role: .backup, position: .ca),
        ])
        let before = PinExporter.export(manifest, as: .okhttp, options: ExportOptions(now: notAfter - 1))
        #expect(before.text.contains(leafPin))
        let after = PinExporter.export(manifest, as: .okhttp, options: ExportOptions(now: notAfter))
        #expect(!after.text.contains(leafPin))
        #expect(after.text.contains(caPin))
        #expect(after.warnings.contains { $0.contains("left out pin \(leafPin)") && $0.contains("2027-01-10") })
        let kept = PinExporter.export(manifest, as: .okhttp, options: ExportOptions(now: notAfter, includeLapsed: true))
        #expect(kept.text.contains(leafPin))
    }

    @Test("OkHttp 4 writes **.host; OkHttp 3 the bare host plus *.host, with a warning")
    func okHttpVersions() {
        let manifest = domain(includeSubdomains: true, pins: [Pin(type: .spkiSHA256, value: leafPin)])
        let four = PinExporter.export(manifest, as: .okhttp, options: ExportOptions(okHttpVersion: .v4))
        #expect(four.text.contains(".add(\"**.api.example.test\", \"sha256/\(leafPin)\")"))
        #expect(!four.text.contains("\"*.api"))
        let three = PinExporter.export(manifest, as: .okhttp, options: ExportOptions(okHttpVersion: .v3))
        #expect(three.text.contains(".add(\"api.example.test\", \"sha256/\(leafPin)\")"))
        #expect(three.text.contains(".add(\"*.api.example.test\", \"sha256/\(leafPin)\")"))
        #expect(!three.text.contains("**."))
        #expect(three.warnings.contains { $0.contains("OkHttp 3") && $0.contains("one level") })
    }

    @Test("a duplicated pin counts once: TrustKit lists it once and warns about fewer than two distinct pins")
    func duplicatesCountOnce() throws {
        let manifest = domain(pins: [
            Pin(type: .spkiSHA256, value: leafPin), Pin(type: .spkiSHA256, value: leafPin, role: .backup),
        ])
        let result = PinExporter.export(manifest, as: .trustkit)
        let plist = try #require(
            PropertyListSerialization.propertyList(from: Data(result.text.utf8), format: nil) as? [String: Any])
        let domains = (plist["TSKConfiguration"] as? [String: Any])?["TSKPinnedDomains"] as? [String: Any]
        let entry = try #require(domains?["api.example.test"] as? [String: Any])
        #expect(entry["TSKPublicKeyHashes"] as? [String] == [leafPin])
        #expect(result.warnings.contains { $0.contains("listed twice") })
        #expect(result.warnings.contains { $0.contains("1 distinct key pin") && $0.contains("report-only too") })

        var reportOnly = domain(pins: [Pin(type: .spkiSHA256, value: leafPin), Pin(type: .spkiSHA256, value: caPin)])
        reportOnly.domains[0].mode = .reportOnly
        let two = PinExporter.export(reportOnly, as: .trustkit)
        #expect(!two.warnings.contains { $0.contains("distinct key pin") }, "two distinct pins satisfy TrustKit")
    }

    @Test("expiry: TrustKit and Android name the first day without pins, URLSession the end of expires in UTC")
    func expiryAtTheDayBoundary() throws {
        let manifest = domain(
            expires: "2027-06-30",
            pins: [Pin(type: .spkiSHA256, value: leafPin), Pin(type: .spkiSHA256, value: caPin)])
        let options = ExportOptions(now: at("2027-06-30T12:00:00Z"))
        let trustKit = PinExporter.export(manifest, as: .trustkit, options: options)
        let plist = try #require(
            PropertyListSerialization.propertyList(from: Data(trustKit.text.utf8), format: nil) as? [String: Any])
        let domains = (plist["TSKConfiguration"] as? [String: Any])?["TSKPinnedDomains"] as? [String: Any]
        #expect((domains?["api.example.test"] as? [String: Any])?["TSKExpirationDate"] as? String == "2027-07-01")
        let android = PinExporter.export(manifest, as: .android, options: options)
        #expect(android.text.contains("<pin-set expiration=\"2027-07-01\">"))
        let urlSession = PinExporter.export(manifest, as: .urlsession, options: options)
        let end = Int(at("2027-07-01T00:00:00Z").timeIntervalSince1970)
        #expect(urlSession.text.contains("lapsesAt: Date(timeIntervalSince1970: \(end))"))
        // The end of a year rolls over too.
        let newYear = PinExporter.export(
            domain(expires: "2027-12-31", pins: []), as: .android,
            options: ExportOptions(now: at("2027-12-31T23:00:00Z")))
        #expect(newYear.text.contains("<pin-set expiration=\"2028-01-01\">"))
    }

    @Test("reportUris: TSKReportUris in TrustKit, report-uri in HPKP, named as not carried elsewhere")
    func reportUris() throws {
        var manifest = domain(pins: [Pin(type: .spkiSHA256, value: leafPin), Pin(type: .spkiSHA256, value: caPin)])
        manifest.domains[0].reportUris = ["https://reports.example.test/pins"]
        let trustKit = PinExporter.export(manifest, as: .trustkit)
        let plist = try #require(
            PropertyListSerialization.propertyList(from: Data(trustKit.text.utf8), format: nil) as? [String: Any])
        let domains = (plist["TSKConfiguration"] as? [String: Any])?["TSKPinnedDomains"] as? [String: Any]
        #expect(
            (domains?["api.example.test"] as? [String: Any])?["TSKReportUris"] as? [String] == [
                "https://reports.example.test/pins"
            ])
        let hpkp = PinExporter.export(manifest, as: .hpkp)
        #expect(hpkp.text.contains("; report-uri=\"https://reports.example.test/pins\""))
        for format in [ExportFormat.okhttp, .android, .ats, .curl, .urlsession, .alamofire, .afnetworking] {
            let result = PinExporter.export(manifest, as: format)
            #expect(result.warnings.contains { $0.contains("reportUris are not carried") }, "\(format)")
        }
    }

    @Test("every format has a display name and a one-line summary")
    func formatDescriptions() {
        for format in ExportFormat.allCases {
            #expect(!format.displayName.isEmpty)
            #expect(!format.summary.isEmpty && !format.summary.contains("\n"))
        }
        #expect(ExportFormat.allCases.filter(\.needsCertificates) == [.alamofire, .afnetworking])
    }
}
