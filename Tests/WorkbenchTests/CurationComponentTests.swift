import Foundation
import ManifestLint
import PinningCore
import Testing

@testable import Workbench

/// The curation components' own updates, as pure functions: no workbench around them.
@Suite struct CurationComponentTests {
    typealias F = WorkbenchFixture

    static let pins = [
        Pin(type: .spkiSHA256, value: String(repeating: "A", count: 43) + "="),
        Pin(type: .certSHA256, value: String(repeating: "B", count: 43) + "=", role: .backup),
        Pin(type: .spkiSHA256, value: String(repeating: "C", count: 43) + "="),
    ]
    /// The settings form's lint facts: no trust anchor missing, the system's Public Suffix List.
    static let lintFacts = LintEnvironment(publicSuffixes: .success(PublicSuffixList.compiledIn))

    @Test func pinsPaneMovesWithinBoundsAndAsksForEdits() {
        var pane = PinsPane()
        pane.follow(host: "a.example", count: 3)
        #expect(pane.update(.moveUp, pins: Self.pins, pageSize: 5) == .stay)
        #expect(pane.selection == 0)
        _ = pane.update(.pageDown, pins: Self.pins, pageSize: 5)
        #expect(pane.selection == 2)
        _ = pane.update(.moveUp, pins: Self.pins, pageSize: 5)
        #expect(pane.update(.unpin, pins: Self.pins, pageSize: 5) == .unpin(Self.pins[1]))
        #expect(pane.update(.toggleBackup, pins: Self.pins, pageSize: 5) == .toggleRole(Self.pins[1]))
        #expect(pane.update(.editNote, pins: Self.pins, pageSize: 5) == .editNote(Self.pins[1]))
        #expect(pane.update(.write, pins: Self.pins, pageSize: 5) == .stay)
        guard case .explain(let why) = pane.update(.unpin, pins: [], pageSize: 5) else {
            Issue.record("an empty pane should explain")
            return
        }
        #expect(why.contains("p pins"))
    }

    @Test func pinsPaneStartsAtTheTopForAnotherDomainAndClampsAfterAnUnpin() {
        var pane = PinsPane()
        pane.follow(host: "a.example", count: 3)
        _ = pane.update(.moveBottom, pins: Self.pins, pageSize: 1)
        pane.follow(host: "a.example", count: 2)
        #expect(pane.selection == 1)
        pane.follow(host: "b.example", count: 2)
        #expect(pane.selection == 0)
    }

    @Test func liveMatchNamesTheLevelOrSaysNotLive() {
        let levels = F.good.enumerated().map {
            ChainLevel(details: CertificateDetails($0.element), sent: true, verified: $0.offset < 2)
        }
        let ca = Pin(certificate: CertificateDetails(F.good[1]), level: 1, type: .certSHA256, added: F.now)
        #expect(PinLiveMatch(ca, levels: levels) == .level(1, kind: "CA", verified: true))
        let evil = Pin(certificate: CertificateDetails(F.evil[0]), level: 0, type: .spkiSHA256, added: F.now)
        #expect(PinLiveMatch(evil, levels: levels) == .notInLiveChain)
        #expect(PinLiveMatch(evil, levels: nil) == .noLiveChain)
        // A key pin does not match a certificate hash and the other way round.
        let keyAsCert = Pin(type: .certSHA256, value: CertificateDetails(F.good[0]).spkiPin)
        #expect(PinLiveMatch(keyAsCert, levels: levels) == .notInLiveChain)
    }

    @Test func historyUndoesRedoesAndANewEditClearsRedo() {
        var history = EditHistory(limit: 3)
        let a = PinManifest(), b = PinManifest(domains: [DomainPolicy(host: "b.example")])
        let c = PinManifest(domains: [DomainPolicy(host: "c.example")])
        history.record(UndoEntry(manifest: a, description: "add b"))
        history.record(UndoEntry(manifest: b, description: "add c"))
        let undone = history.undo(current: c)
        #expect(undone?.manifest == b && history.redoEntries.map(\.manifest) == [c])
        let redone = history.redo(current: b)
        #expect(redone?.manifest == c && redone?.description == "add c")
        #expect(history.redo(current: c) == nil)
        _ = history.undo(current: c)
        history.record(UndoEntry(manifest: b, description: "other"))
        #expect(history.redoEntries.isEmpty)
        for i in 0..<10 { history.record(UndoEntry(manifest: a, description: "\(i)")) }
        #expect(history.undoEntries.map(\.description) == ["7", "8", "9"])
        for _ in 0..<10 { _ = history.undo(current: a) }
        #expect(history.undoEntries.isEmpty && history.redoEntries.count == 3)
    }

    func form(
        _ domain: DomainPolicy = DomainPolicy(host: "api.example", mode: .reportOnly, pins: [pins[0]])
    )
        -> SettingsForm
    {
        var form = SettingsForm(domain: domain)
        form.lint(PinManifest(domains: [domain]), now: F.now, served: [:], environment: Self.lintFacts)
        return form
    }

    @Test func settingsFormTogglesChoicesAndLintsTheWouldBeManifest() {
        var form = form()
        #expect(form.draftFindings.map(\.rule) == [.noBackupPin])
        #expect(form.update(key: .enter, command: .editField) == .relint)
        #expect(form.draft.mode == .enforce && form.isChanged(.mode))
        let manifest = PinManifest(domains: [DomainPolicy(host: "api.example", mode: .reportOnly, pins: [Self.pins[0]])]
        )
        form.lint(manifest, now: F.now, served: [:], environment: Self.lintFacts)
        // One pin enforced: the form shows the lockout error before anything is applied.
        #expect(form.newFindings.map(\.rule) == [.tooFewPins])
        #expect(form.findings(for: .mode).map(\.rule) == [.tooFewPins])
        #expect(form.update(key: .down, command: .moveDown) == .stay)
        #expect(form.update(key: .enter, command: .editField) == .relint)
        #expect(form.draft.includeSubdomains)
        #expect(form.update(key: .character("y"), command: .applySettings) == .apply(form.draft))
        #expect(form.update(key: .escape, command: .cancel) == .cancel)
    }

    @Test func settingsFormValidatesTypedValuesAndRefusesHostileText() {
        var form = form()
        for _ in 0..<2 { _ = form.update(key: .down, command: .moveDown) }
        #expect(form.field == .expires)
        _ = form.update(key: .enter, command: .editField)
        #expect(form.editing == "none")
        for _ in 0..<4 { _ = form.update(key: .backspace, command: nil) }
        for key in F.type("2027-13-01") { _ = form.update(key: key, command: nil) }
        #expect(form.update(key: .enter, command: .editField) == .stay)
        #expect(form.error?.field == .expires && form.editing == "2027-13-01")
        for _ in 0..<5 { _ = form.update(key: .backspace, command: nil) }
        // Keys bound elsewhere (y, j) are text while typing; escape sequences are refused.
        for key in F.type("06-30") + [.character("\u{1B}"), .character("\u{202E}")] {
            _ = form.update(key: key, command: nil)
        }
        #expect(form.editing == "2027-06-30")
        #expect(form.update(key: .enter, command: .editField) == .relint)
        #expect(form.draft.expires == CalendarDay("2027-06-30") && form.error == nil && form.editing == nil)

        _ = form.update(key: .down, command: .moveDown)
        _ = form.update(key: .down, command: .moveDown)
        #expect(form.field == .connect)
        _ = form.update(key: .enter, command: .editField)
        for _ in 0..<4 { _ = form.update(key: .backspace, command: nil) }
        for key in F.type("10.0.0.5;id:443") { _ = form.update(key: key, command: nil) }
        _ = form.update(key: .enter, command: .editField)
        #expect(form.error?.field == .connect && form.draft.connect == nil)
        _ = form.update(key: .escape, command: .cancel)
        #expect(form.editing == nil && form.error == nil, "Esc drops the typing, not the form")
        _ = form.update(key: .enter, command: .editField)
        for _ in 0..<4 { _ = form.update(key: .backspace, command: nil) }
        for key in F.type("10.0.0.5:8443") { _ = form.update(key: key, command: nil) }
        #expect(form.update(key: .enter, command: .editField) == .relint)
        #expect(form.draft.connect == "10.0.0.5:8443")
        let long = String(repeating: "9", count: SettingsForm.maximumInput + 50)
        _ = form.update(key: .enter, command: .editField)
        for key in F.type(long) { _ = form.update(key: key, command: nil) }
        #expect(form.editing?.count == SettingsForm.maximumInput)
    }
}
