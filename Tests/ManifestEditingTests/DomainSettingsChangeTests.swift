import Foundation
import ManifestEditing
import PinningCore
import Testing

/// `pinbench domain set`'s edit as a value: settings read from typed text, then applied under the manifest's lock.
@Suite("A domain's settings as typed")
struct DomainSettingsChangeTests {
    @Test("only the settings given change; none clears expires and connect")
    func apply() throws {
        var settings = DomainSettings(
            mode: .reportOnly, includeSubdomains: true, expires: CalendarDay("2027-06-30"), port: 8443,
            connect: "10.0.0.5:8443")
        let change = try DomainSettingsChange(mode: .enforce, expires: "none", connect: "none")
        change.apply(to: &settings)
        #expect(settings.mode == .enforce)
        #expect(settings.includeSubdomains)
        #expect(settings.expires == nil)
        #expect(settings.port == 8443)
        #expect(settings.connect == nil)

        let more = try DomainSettingsChange(includeSubdomains: "false", expires: "2028-01-31", port: "443")
        more.apply(to: &settings)
        #expect(!settings.includeSubdomains)
        #expect(settings.expires?.description == "2028-01-31")
        #expect(settings.port == 443)
        #expect(try DomainSettingsChange().isEmpty)
        #expect(!more.isEmpty)
    }

    @Test(
        "the first setting that cannot be used is the error, naming its field and what to write",
        arguments: [
            (nil, "2027-13-40", nil, DomainSettingsError.Field.expires),
            ("yes please", nil, "70000", .includeSubdomains),
            (nil, nil, "0", .port),
        ] as [(String?, String?, String?, DomainSettingsError.Field)])
    func refused(_ include: String?, _ expires: String?, _ port: String?, _ field: DomainSettingsError.Field) {
        #expect {
            try DomainSettingsChange(includeSubdomains: include, expires: expires, port: port)
        } throws: { error in
            (error as? DomainSettingsError)?.field == field
        }
    }

    @Test("an edit of a domain the manifest lacks is refused, saying how to create it")
    func unknownDomain() throws {
        let manifest = PinManifest(domains: [DomainPolicy(host: "a.example")])
        let url = URL(fileURLWithPath: "/tmp/pins.json")
        try UnknownDomainError.check("a.example", in: manifest, url: url)
        #expect {
            try UnknownDomainError.check("b.example", in: manifest, url: url)
        } throws: { error in
            "\(error)"
                == "b.example is not in /tmp/pins.json (it has 1 domain); nothing changed. Check the spelling with "
                + "`pinbench lint`, or create the domain with `pinbench pin add b.example --chain FILE --level N`."
        }
    }

    @Test("the report of an edit: one line, saying where it was written only when something changed")
    func report() throws {
        var manifest = PinManifest(domains: [DomainPolicy(host: "a.example", mode: .reportOnly)])
        let url = URL(fileURLWithPath: "/tmp/pins.json")
        let changed = ManifestEditor.updateSettings(host: "a.example", in: &manifest) { $0.mode = .enforce }
        let report = DomainEditReport(changed, domain: manifest.domains[0], host: "a.example", manifest: url)
        #expect(report.changed)
        #expect(report.line == changed.description + "; wrote /tmp/pins.json")
        let unchanged = ManifestEditor.updateSettings(host: "a.example", in: &manifest) { $0.mode = .enforce }
        let same = DomainEditReport(unchanged, domain: manifest.domains[0], host: "a.example", manifest: url)
        #expect(!same.changed)
        #expect(same.line == unchanged.description)
    }
}
