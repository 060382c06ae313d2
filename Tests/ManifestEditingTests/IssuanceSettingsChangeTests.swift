import Foundation
import ManifestEditing
import PinningCore
import Testing

/// The fields of a domain's `issuance` as typed (`domain set`, the settings form): each read before the manifest is
/// touched, `none` clearing one, and the domain written without `issuance` once no field is left.
@Suite("A domain's issuance as typed")
struct IssuanceSettingsChangeTests {
    @Test("each field set, then cleared field by field; the last clear removes the setting from the domain")
    func setAndClear() throws {
        var manifest = PinManifest(domains: [DomainPolicy(host: "a.example")])
        let set = try DomainSettingsChange(
            issuanceCA: "letsencrypt", issuanceProfile: "shortlived", lifetimeDays: "6", keyReuse: "false")
        #expect(set.touchesIssuance && !set.isEmpty)
        let outcome = ManifestEditor.updateSettings(host: "a.example", in: &manifest, set.apply)
        #expect(outcome.didChange)
        #expect(
            manifest.domains[0].issuance
                == DomainIssuance(ca: "letsencrypt", profile: "shortlived", lifetimeDays: 6, keyReuse: false))
        #expect(outcome.description.contains("issuance.ca letsencrypt (was none)"), "\(outcome.description)")
        #expect(outcome.description.contains("issuance.lifetimeDays 6 (was none)"))

        let some = try DomainSettingsChange(issuanceProfile: "none", lifetimeDays: "NONE")
        _ = ManifestEditor.updateSettings(host: "a.example", in: &manifest, some.apply)
        #expect(manifest.domains[0].issuance == DomainIssuance(ca: "letsencrypt", keyReuse: false))
        let rest = try DomainSettingsChange(issuanceCA: "none", keyReuse: "none")
        _ = ManifestEditor.updateSettings(host: "a.example", in: &manifest, rest.apply)
        #expect(manifest.domains[0].issuance == nil, "no field left: the domain has no issuance setting")
        let again = ManifestEditor.updateSettings(host: "a.example", in: &manifest, rest.apply)
        #expect(!again.didChange)
    }

    @Test(
        "unusable values are refused naming the field and its option, before anything changes",
        arguments: [
            (["ca": "lets encrypt"], DomainSettingsError.Field.issuanceCA, "--issuance-ca"),
            (["ca": ""], .issuanceCA, "1 to 64 characters"),
            (["profile": "classic;rm"], .issuanceProfile, "--issuance-profile"),
            (["lifetime": "0"], .lifetimeDays, "from 1 to 3650"),
            (["lifetime": "3651"], .lifetimeDays, "--lifetime-days"),
            (["lifetime": "90.5"], .lifetimeDays, "a number of days"),
            (["lifetime": "-1"], .lifetimeDays, "a number of days"),
            (["lifetime": "99999999999999999999999"], .lifetimeDays, "a number of days"),
            (["reuse": "maybe"], .keyReuse, "true, false or none"),
        ])
    func refused(_ typed: [String: String], _ field: DomainSettingsError.Field, _ words: String) {
        do {
            _ = try DomainSettingsChange(
                issuanceCA: typed["ca"], issuanceProfile: typed["profile"], lifetimeDays: typed["lifetime"],
                keyReuse: typed["reuse"])
            Issue.record("\(typed) was accepted")
        } catch {
            #expect(error.field == field)
            #expect(DomainSetHelp.refusal(error).contains(words), "\(DomainSetHelp.refusal(error))")
            #expect(DomainSetHelp.refusal(error).hasPrefix("--\(field.optionName) "))
        }
    }

    @Test("a form field's typed text goes through the same reader as the option")
    func formField() throws {
        var settings = DomainSettings()
        try DomainSettingsChange(.issuanceCA, text: "private").apply(to: &settings)
        try DomainSettingsChange(.lifetimeDays, text: "30").apply(to: &settings)
        try DomainSettingsChange(.keyReuse, text: "yes").apply(to: &settings)
        #expect(settings.issuance == DomainIssuance(ca: "private", lifetimeDays: 30, keyReuse: true))
        #expect(throws: DomainSettingsError.self) { try DomainSettingsChange(.lifetimeDays, text: "thirty") }
        #expect(throws: DomainSettingsError.self) { try DomainSettingsChange(.port, text: "") }
    }

    @Test("the help's lifetime range is the rule's: its ends are accepted, one past each refused")
    func lifetimeRangeHelp() throws {
        let range = DomainIssuance.lifetimeDaysRange
        #expect(DomainSetHelp.lifetimeDays.contains("(\(range.lowerBound)-\(range.upperBound))"))
        for days in [range.lowerBound, range.upperBound] {
            #expect(try DomainSettings.parseLifetimeDays(String(days)) == days)
        }
        for days in [range.lowerBound - 1, range.upperBound + 1] {
            #expect(throws: DomainSettingsError.self) { try DomainSettings.parseLifetimeDays(String(days)) }
        }
    }
}
