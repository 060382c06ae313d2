import Foundation
import ManifestEditing
import PinningCore
import TestSupport
import Testing

@Suite("Domain settings and note edits (shared by `domain set`, `pin note` and the workbench)")
struct DomainSettingsTests {
    static let pin = Pin(type: .spkiSHA256, value: Fixtures.unrelatedPin, note: "old")

    func manifest() -> PinManifest {
        PinManifest(domains: [DomainPolicy(host: "api.example.com", pins: [Self.pin])])
    }

    @Test("dates: real days only; none clears")
    func expires() throws {
        #expect(try DomainSettings.parseExpires("2027-06-30") == CalendarDay("2027-06-30"))
        #expect(try DomainSettings.parseExpires("none") == nil)
        #expect(try DomainSettings.parseExpires("NONE") == nil)
        for bad in ["2027-13-01", "2027-02-30", "2027-00-10", "2027-6-30", "tomorrow", "", "2027-06-30\n"] {
            #expect(throws: DomainSettingsError.self, "\(bad)") { try DomainSettings.parseExpires(bad) }
        }
        #expect(CalendarDay("2027-13-01") == nil, "month 13 used to roll over into the next year")
    }

    @Test("connect goes through the one host rule and needs a port")
    func connect() throws {
        #expect(try DomainSettings.parseConnect("10.0.0.5:8443") == "10.0.0.5:8443")
        #expect(try DomainSettings.parseConnect("[::1]:8443") == "[::1]:8443")
        #expect(try DomainSettings.parseConnect("LB.Example.NET:443") == "lb.example.net:443")
        #expect(try DomainSettings.parseConnect("none") == nil)
        do {
            _ = try DomainSettings.parseConnect("10.0.0.5")
            Issue.record("a connect address without a port was taken")
        } catch {
            #expect(error.field == .connect)
            #expect(error.description.contains("the port is missing"))
        }
        for bad in [
            "evil.example;rm -rf /:443", "https://x.example:443", "x.example:99999", "a b:1", "*.x.example:443",
        ] {
            #expect(throws: DomainSettingsError.self, "\(bad)") { try DomainSettings.parseConnect(bad) }
        }
    }

    @Test("ports, booleans and modes")
    func scalars() throws {
        #expect(try DomainSettings.parsePort("8443") == 8443)
        for bad in ["0", "65536", "-1", "+443", "44 3", "", "٤٤٣"] {
            #expect(throws: DomainSettingsError.self, "\(bad)") { try DomainSettings.parsePort(bad) }
        }
        #expect(try DomainSettings.parseBool("true") && !(try DomainSettings.parseBool("No")))
        #expect(throws: DomainSettingsError.self) { try DomainSettings.parseBool("maybe") }
        #expect(try DomainSettings.parseMode("report-only") == .reportOnly)
        #expect(throws: DomainSettingsError.self) { try DomainSettings.parseMode("reportonly") }
    }

    @Test("updateSettings says what changed, setting by setting, and leaves host and pins alone")
    func update() {
        var manifest = manifest()
        let outcome = ManifestEditor.updateSettings(host: "API.example.com", in: &manifest) {
            $0.mode = .reportOnly
            $0.expires = CalendarDay("2027-06-30")
            $0.connect = "10.0.0.5:8443"
        }
        guard case .settingsChanged("API.example.com", let old, let new) = outcome else {
            Issue.record("expected settingsChanged, got \(outcome)")
            return
        }
        #expect(old.mode == .enforce && new.mode == .reportOnly && new.connect == "10.0.0.5:8443")
        #expect(
            outcome.description
                == "API.example.com: mode report-only (was enforce), expires 2027-06-30 (was none), "
                + "connect 10.0.0.5:8443 (was none)")
        let domain = manifest.domains[0]
        #expect(domain.mode == .reportOnly && domain.expires == CalendarDay("2027-06-30"))
        #expect(domain.connect == "10.0.0.5:8443" && domain.port == 443 && domain.pins == [Self.pin])
        let again = ManifestEditor.updateSettings(host: "api.example.com", in: &manifest) { $0.mode = .reportOnly }
        #expect(again == .settingsAlreadySet("api.example.com") && !again.didChange)
        #expect(again.description == "api.example.com already has these settings; nothing changed")
        let unknown = ManifestEditor.updateSettings(host: "other.example.com", in: &manifest) { $0.port = 1 }
        #expect(unknown == .unknownDomain("other.example.com") && !unknown.didChange)
        #expect(unknown.description == "other.example.com is not in the manifest; nothing changed")
    }

    @Test("setNote sets, keeps and removes notes")
    func notes() {
        var manifest = manifest()
        let value = Fixtures.unrelatedPin
        #expect(ManifestEditor.setNote("offline key", value: value, host: "api.example.com", in: &manifest).didChange)
        #expect(manifest.domains[0].pins[0].note == "offline key")
        #expect(!ManifestEditor.setNote("offline key", value: value, host: "api.example.com", in: &manifest).didChange)
        let removed = ManifestEditor.setNote("", value: value, host: "api.example.com", in: &manifest)
        #expect(removed == .noteRemoved(value, host: "api.example.com") && removed.didChange)
        #expect(removed.description == "removed the note of pin \(value) of api.example.com")
        #expect(manifest.domains[0].pins[0].note == nil)
        #expect(!ManifestEditor.setNote("x", value: "nope", host: "api.example.com", in: &manifest).didChange)
    }

    @Test("a new domain starts report-only from every front end")
    func newDomainDefaults() {
        #expect(DomainPolicy.newDomain(host: "New.Example.").host == "new.example")
        #expect(DomainPolicy.newDomain(host: "new.example").mode == .reportOnly)
        var manifest = PinManifest()
        _ = ManifestEditor.addPin(Self.pin, host: "new.example", to: &manifest)
        #expect(manifest.domains[0] == DomainPolicy(host: "new.example", mode: .reportOnly, pins: [Self.pin]))
    }
}
