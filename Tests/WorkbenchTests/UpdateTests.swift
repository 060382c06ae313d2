import Foundation
import ManifestEditing
import ManifestFiles
import ManifestLint
import PinningCore
import Testing

@testable import Workbench

@Suite struct UpdateTests {
    typealias F = WorkbenchFixture

    /// The state with every fixture domain fetched and judged.
    func fetchedState(size: Size = Size(width: 100, height: 30)) async -> WorkbenchState {
        var state = F.state(size: size)
        await F.press([.character("R")], on: &state)
        return state
    }

    @Test func startsSortedSelectedOnTheFirstDomainAndClean() {
        let state = F.state()
        #expect(
            state.manifest.domains.map(\.host) == [
                "evil.pinbench.test", "good.pinbench.test", "mitm.pinbench.test", "offline.pinbench.test",
            ])
        #expect(state.selectedDomainPolicy?.host == "evil.pinbench.test")
        #expect(!state.editing.isDirty)
        #expect(state.selection.focus == .domains)
    }

    @Test func refreshFetchesTheSelectedDomainAndShowsProgress() {
        let (state, effects) = WorkbenchProgram.update(F.state(), .key(.enter))
        guard case .fetch(let requests) = effects.first else {
            Issue.record("no fetch effect: \(effects)")
            return
        }
        #expect(requests == [FetchRequest(host: "evil.pinbench.test")])
        #expect(state.results.pendingFetches == 1)
        #expect(state.results.live["evil.pinbench.test"]?.fetch == .fetching)
        #expect(WorkbenchProgram.view(state).text.contains("… 1 fetching"))
    }

    @Test func fetchedChainsAreValidatedIntoVerdicts() async {
        let state = await fetchedState()
        #expect(state.results.pendingFetches == 0)
        #expect(state.results.live["good.pinbench.test"]?.verdict?.outcome == .notPinned)
        #expect(state.results.live["mitm.pinbench.test"]?.verdict?.outcome == .rejected)
        #expect(state.results.live["evil.pinbench.test"]?.verdict?.outcome == .notPinned)
        guard case .failed(let failure) = state.results.live["offline.pinbench.test"]?.fetch else {
            Issue.record("offline should have failed")
            return
        }
        #expect(failure.description == "connection refused")
        // The good chain: leaf and CA sent, root added by path building.
        #expect(state.results.live["good.pinbench.test"]?.levels.map(\.origin) == ["sent", "sent", "built"])
    }

    @Test func staleVerdictsAreIgnored() async {
        var state = await fetchedState()
        let fresh = state.results.live["good.pinbench.test"]!.verdictGeneration
        let stale = VerdictSummary(outcome: .rejected, statement: "old news")
        _ = state.apply(.validated(host: "good.pinbench.test", verdict: stale, generation: fresh - 1))
        #expect(state.results.live["good.pinbench.test"]?.verdict?.statement != "old news")
    }

    @Test func pinKeyAtTheSelectedLevelThenPinAgainChangesNothing() async {
        var state = await fetchedState()
        await F.press([.down, .character("2"), .character("p")], on: &state)
        let leaf = CertificateDetails(F.good[0])
        let good = state.manifest.policy(for: "good.pinbench.test")!
        #expect(good.pins.map(\.value) == [leaf.spkiPin])
        #expect(good.pins[0].position == .leaf && good.pins[0].role == .active)
        #expect(state.editing.isDirty)
        #expect(state.undoStack.count == 1)
        #expect(state.results.live["good.pinbench.test"]?.verdict?.outcome == .accepted)
        #expect(state.results.live["good.pinbench.test"]?.verdict?.matchedLevel == 0)

        await F.press([.character("p")], on: &state)
        #expect(state.manifest.policy(for: "good.pinbench.test")!.pins.count == 1)
        #expect(state.undoStack.count == 1)
        #expect(state.chrome.message?.text.contains("already pins") == true)
    }

    @Test func pinCertificateBackupUnpinAndUndo() async {
        var state = await fetchedState()
        // good, chain pane, level 1 (the CA): pin its certificate, make it backup, unpin it.
        await F.press([.down, .character("2"), .down, .character("P")], on: &state)
        let ca = CertificateDetails(F.good[1])
        var pins = state.manifest.policy(for: "good.pinbench.test")!.pins
        #expect(pins.map(\.value) == [ca.certPin])
        #expect(pins[0].type == .certSHA256 && pins[0].position == .ca)

        await F.press([.character("b")], on: &state)
        pins = state.manifest.policy(for: "good.pinbench.test")!.pins
        #expect(pins[0].role == .backup)
        await F.press([.character("b")], on: &state)
        #expect(state.manifest.policy(for: "good.pinbench.test")!.pins[0].role == .active)

        await F.press([.character("u")], on: &state)
        #expect(state.manifest.policy(for: "good.pinbench.test")!.pins.isEmpty)
        await F.press([.character("u")], on: &state)
        #expect(state.chrome.message?.text == "level 1 is not pinned; nothing changed")

        #expect(state.undoStack.count == 4)
        await F.press([.character("z"), .character("z")], on: &state)
        pins = state.manifest.policy(for: "good.pinbench.test")!.pins
        #expect(pins.map(\.role) == [.backup])
        #expect(state.chrome.message?.text.hasSuffix("is now active") == true)
        #expect(state.chrome.message?.text.hasPrefix("undid: pin") == true)
        await F.press([.character("z"), .character("z")], on: &state)
        #expect(state.manifest.policy(for: "good.pinbench.test")!.pins.isEmpty)
        #expect(!state.editing.isDirty)
        await F.press([.character("z")], on: &state)
        #expect(state.chrome.message?.text == "nothing to undo")
    }

    @Test func pinningWithoutAChainExplainsAndChangesNothing() async {
        var state = F.state()
        await F.press([.character("2"), .character("p")], on: &state)
        #expect(state.chrome.message?.text == "no chain for evil.pinbench.test yet: r fetches it")
        #expect(!state.editing.isDirty)
        // p means nothing in the Domains pane.
        await F.press([.character("1"), .character("p")], on: &state)
        #expect(state.chrome.message == nil)
    }

    @Test func writeGateRefusesLintErrorsUnlessForced() async {
        var state = await fetchedState()
        await F.press([.down, .character("2"), .character("p"), .character("w")], on: &state)
        guard case .writeGate(let gate) = state.overlay else {
            Issue.record("no write gate")
            return
        }
        #expect(gate.tally.errors >= 1)
        #expect(gate.findings.contains { $0.rule == .tooFewPins && $0.host == "good.pinbench.test" })
        #expect(gate.diff.contains { $0.kind == .added && $0.text.contains(CertificateDetails(F.good[0]).spkiPin) })

        var left = await F.press([.character("y")], on: &state)
        #expect(left.isEmpty)
        #expect(state.chrome.message?.isError == true)
        if case .writeGate = state.overlay {} else { Issue.record("gate closed on y despite errors") }

        left = await F.press([.character("!")], on: &state)
        guard case .save(let document) = left.first else {
            Issue.record("no save effect")
            return
        }
        #expect(document.manifest == state.manifest)
        #expect(state.overlay == nil)
    }

    @Test func writeWithoutErrorsSavesAndSavedClearsTheMarker() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("pins.json")
        var state = WorkbenchState(
            document: try ManifestStore.loadOrCreate(url), size: Size(width: 100, height: 30), now: F.now)
        await F.press([.character("a")] + F.type("good.pinbench.test") + [.enter], on: &state)
        #expect(state.editing.isDirty)
        // Leaf key active, CA key backup: the lockout guard is satisfied.
        await F.press(
            [.character("2"), .character("p"), .down, .character("p"), .character("b"), .character("w")], on: &state)
        guard case .writeGate(let gate) = state.overlay else {
            Issue.record("no write gate")
            return
        }
        #expect(gate.tally.errors == 0, "\(gate.findings.map(\.formatted))")
        let left = await F.press([.enter], on: &state)
        guard case .save(let document) = left.first else {
            Issue.record("no save effect")
            return
        }
        let saved = try ManifestStore.save(document)
        _ = state.apply(.saved(saved))
        #expect(!state.editing.isDirty)
        #expect(state.chrome.message?.text == "wrote \(url.path)")
        let reloaded = try ManifestStore.load(url).manifest.policy(for: "good.pinbench.test")!
        let leaf = CertificateDetails(F.good[0])
        let ca = CertificateDetails(F.good[1])
        #expect(reloaded.pins.map(\.value) == [leaf.spkiPin, ca.spkiPin])
        #expect(reloaded.pins.map(\.role) == [.active, .backup])
    }

    @Test func saveFailureIsShownAndKeepsTheEdits() async {
        var state = await fetchedState()
        await F.press([.down, .character("2"), .character("p")], on: &state)
        let edited = state.manifest
        let failure = ManifestError(.writeFailed, path: "/x/pins.json", reason: "could not write: disk full")
        _ = state.apply(.saveFailed(failure))
        #expect(state.editing.isDirty)
        #expect(state.manifest == edited)
        #expect(
            state.chrome.message
                == StatusMessage("not written: /x/pins.json: could not write: disk full", isError: true))
    }

    @Test func aManifestChangedOnDiskIsRefusedWithWhatToDoAndTheEditsStay() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wb-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("pins.json")
        try Data(#"{"schema": 1, "domains": [{"host": "kept.pinbench.test"}]}"#.utf8).write(to: url)
        var state = WorkbenchState(
            document: try ManifestStore.load(url), size: Size(width: 100, height: 30), now: F.now)
        await F.press([.character("a")] + F.type("mine.pinbench.test") + [.enter], on: &state)
        let theirs = #"{"schema": 1, "domains": [{"host": "theirs.pinbench.test"}]}"#
        try Data(theirs.utf8).write(to: url)
        await F.press([.character("w")], on: &state)
        let effects = await F.press([.character("!")], on: &state)
        guard case .save(let document) = effects.first else {
            Issue.record("no save effect")
            return
        }
        // The effect runner's call, against the real file: refused, and the other edit is still on disk.
        do {
            try ManifestStore.save(document)
            Issue.record("overwrote a manifest changed on disk")
        } catch {
            #expect(error.code == .changedOnDisk)
            _ = state.apply(.saveFailed(error))
        }
        #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self) == theirs)
        #expect(state.editing.isDirty)
        #expect(state.manifest.policy(for: "mine.pinbench.test") != nil)
        #expect(state.chrome.message?.isError == true)
        #expect(
            state.chrome.message?.text.hasPrefix("not written: pins.json changed on disk since it was loaded") == true)
        #expect(state.chrome.message?.text.contains("To combine: quit, reopen, redo them.") == true)
    }

    @Test func quitGuardAsksOnlyWhenUnsaved() async {
        var clean = F.state()
        #expect(await F.press([.character("q")], on: &clean).count == 1)

        var state = await fetchedState()
        await F.press([.down, .character("2"), .character("p"), .character("q")], on: &state)
        #expect(state.overlay == .quitGuard(QuitGuard()))
        #expect(WorkbenchProgram.view(state).text.contains("has unsaved changes"))
        await F.press([.escape], on: &state)
        #expect(state.overlay == nil)
        let left = await F.press([.character("q"), .character("y")], on: &state)
        guard case .quit = left.first else {
            Issue.record("y did not quit")
            return
        }
    }

    @Test func quitGuardCanWriteFirstThenQuits() async {
        var state = await fetchedState()
        await F.press(
            [.down, .character("2"), .character("p"), .down, .character("p"), .character("q"), .character("w")],
            on: &state)
        guard case .writeGate(let gate) = state.overlay else {
            Issue.record("w in the quit guard should open the write gate")
            return
        }
        #expect(gate.quitAfterWrite)
        let left = await F.press([.character("!")], on: &state)
        guard case .save(let document) = left.first else { return }
        let effects = state.apply(.saved(document))
        guard case .quit = effects.first else {
            Issue.record("did not quit after writing")
            return
        }
    }

    @Test func filterNarrowsAsYouTypeEnterKeepsEscClears() async {
        var state = F.state()
        await F.press([.character("/")] + F.type("GOO"), on: &state)
        #expect(state.prompt?.text == "GOO")
        #expect(state.selection.visibleDomains.count == 1)
        #expect(state.selectedDomainPolicy?.host == "good.pinbench.test")
        #expect(WorkbenchProgram.view(state).lineText(29).contains("Filter: GOO▏"))
        await F.press([.backspace, .backspace, .enter], on: &state)
        #expect(state.prompt == nil)
        #expect(state.selection.visibleDomains.count == 1)
        #expect(WorkbenchProgram.view(state).text.contains("Domains 1/4 /G"))
        await F.press([.escape], on: &state)
        #expect(state.selection.visibleDomains.count == 4)
        #expect(state.selectedDomainPolicy?.host == "good.pinbench.test")
    }

    @Test func addDomainSelectsAndFetchesItAndRejectsNonsense() async {
        var state = F.state()
        let effects = state.apply(.key(.character("a")))
        #expect(effects.isEmpty && state.prompt?.kind == .addDomain)
        for key in F.type("New.Example:8443") { _ = state.apply(.key(key)) }
        let added = state.apply(.key(.enter))
        #expect(state.selectedDomainPolicy?.host == "new.example")
        #expect(state.selectedDomainPolicy?.port == 8443)
        guard case .fetch(let requests) = added.first else {
            Issue.record("no fetch")
            return
        }
        #expect(requests == [FetchRequest(host: "new.example", port: 8443)])

        await F.press([.character("a")] + F.type("bad host") + [.enter], on: &state)
        #expect(state.chrome.message?.isError == true)
        #expect(state.chrome.message?.text.contains("\"bad host\" is not a host name: it contains a space") == true)
        #expect(state.manifest.domains.count == 5)
        await F.press([.character("a")] + F.type("*.new.example") + [.enter], on: &state)
        #expect(state.chrome.message?.text.contains("includeSubdomains") == true)
        await F.press([.character("a")] + F.type("[::1]:8443") + [.enter], on: &state)
        #expect(state.selectedDomainPolicy?.host == "::1" && state.selectedDomainPolicy?.port == 8443)
        await F.press([.character("a")] + F.type("new.example") + [.enter], on: &state)
        #expect(state.chrome.message?.text.contains("already in the manifest") == true)
    }

    @Test func deleteAsksThenDeletesAndUndoBringsItBack() async {
        var state = F.state()
        await F.press([.down, .down, .character("d")], on: &state)
        #expect(state.overlay == .confirmDelete(DeleteConfirmation(host: "mitm.pinbench.test")))
        #expect(WorkbenchProgram.view(state).text.contains("Delete mitm.pinbench.test and its 2 pins?"))
        await F.press([.character("n")], on: &state)
        #expect(state.manifest.domains.count == 4)
        await F.press([.character("d"), .character("y")], on: &state)
        #expect(state.manifest.domains.map(\.host).contains("mitm.pinbench.test") == false)
        #expect(state.chrome.message?.text == "removed mitm.pinbench.test and its 2 pins")
        await F.press([.character("z")], on: &state)
        #expect(state.manifest.policy(for: "mitm.pinbench.test")?.pins.count == 2)
    }

    @Test func manifestDiffShowsTheEditSemantically() async {
        var state = await fetchedState()
        await F.press([.character("m")], on: &state)
        #expect(state.overlay == nil)
        #expect(state.chrome.message?.text == "no changes")
        await F.press([.down, .character("2"), .character("p"), .character("m")], on: &state)
        guard case .diff(let panel) = state.overlay else {
            Issue.record("no diff")
            return
        }
        let lines = panel.lines
        let spki = CertificateDetails(F.good[0]).spkiPin
        #expect(lines.first == ManifestDiffLine(.domain, "~ good.pinbench.test"))
        #expect(lines.contains { $0.kind == .added && $0.text.hasPrefix("    + pin spki-sha256 \(spki) active, leaf") })
        #expect(!lines.contains { $0.kind == .removed })
        #expect(WorkbenchProgram.view(state).text.contains("Manifest diff"))
        await F.press([.escape], on: &state)
        #expect(state.overlay == nil)
        // Undoing the edit leaves nothing to show.
        await F.press([.character("z"), .character("m")], on: &state)
        #expect(state.overlay == nil && state.chrome.message?.text == "no changes")
    }

    @Test func aManifestInAnotherFormatShowsNoChanges() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-diff-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("pins.json")
        // Compact, keys in another order, defaults left out: not as pinbench writes it, but the same manifest.
        let compact = #"{"domains": [{"host": "kept.pinbench.test", "mode": "report-only"}], "schema": 1}"#
        try Data(compact.utf8).write(to: url)
        var state = WorkbenchState(
            document: try ManifestStore.load(url), size: Size(width: 100, height: 30), now: F.now)
        await F.press([.character("w")], on: &state)
        guard case .writeGate(let gate) = state.overlay else {
            Issue.record("no write gate")
            return
        }
        #expect(gate.diff == [ManifestDiffLine(.note, "no changes")])
        await F.press(
            [.escape, .character("a")] + F.type("new.pinbench.test") + [.enter, .character("m")], on: &state)
        guard case .diff(let panel) = state.overlay else {
            Issue.record("no diff")
            return
        }
        let lines = panel.lines
        #expect(lines.count == 1)
        #expect(lines.first?.kind == .domain)
        #expect(lines.first?.text.hasPrefix("+ new.pinbench.test (new domain: ") == true)
    }

    @Test func focusKeysAndTheTwoPaneDetail() async {
        var state = F.state(size: Size(width: 80, height: 24))
        await F.press([.tab], on: &state)
        #expect(state.selection.focus == .chain)
        #expect(state.layout.visiblePanes == [.domains, .chain])
        await F.press([.character("3")], on: &state)
        #expect(state.layout.visiblePanes == [.domains, .certificate])
        await F.press([.character("1")], on: &state)
        #expect(state.layout.visiblePanes == [.domains, .certificate])
        // Shift-Tab from Domains wraps to the last pane, Pins, which takes the right-hand side.
        await F.press([.backTab], on: &state)
        #expect(state.selection.focus == .pins)
        #expect(state.layout.visiblePanes == [.domains, .pins])
        await F.press([.backTab], on: &state)
        #expect(state.selection.focus == .certificate)
    }

    @Test func moveKeysStayInBoundsAndResetTheChainSelection() async {
        var state = await fetchedState()
        await F.press([.character("G")], on: &state)
        #expect(state.selection.selectedDomain == 3)
        await F.press([.down, .down], on: &state)
        #expect(state.selection.selectedDomain == 3)
        await F.press([.character("g"), .down, .character("2"), .character("G")], on: &state)
        #expect(state.selection.selectedLevel == 2)
        await F.press([.character("1"), .character("k")], on: &state)
        #expect(state.selection.selectedLevel == 0)
        #expect(state.selection.selectedDomain == 0)
    }

    @Test func themeKeyCycles() {
        var state = F.state()
        _ = state.apply(.key(.character("t")))
        #expect(state.chrome.themeName == "light")
        #expect(state.chrome.message?.text == "theme: light")
        for _ in 0..<3 { _ = state.apply(.key(.character("t"))) }
        #expect(state.chrome.themeName == "default")
    }

    @Test func helpOpensAndClosesAndSwallowsKeys() async {
        var state = F.state()
        await F.press([.character("?")], on: &state)
        #expect(state.overlay == .help(HelpPanel(scroll: 0)))
        await F.press([.character("d"), .down], on: &state)
        #expect(state.overlay == .help(HelpPanel(scroll: 1)))
        #expect(state.manifest.domains.count == 4)
        await F.press([.escape], on: &state)
        #expect(state.overlay == nil)
    }

    @Test func tooSmallIgnoresEditsButQuits() async {
        var state = F.state(size: Size(width: 30, height: 8))
        await F.press([.character("a"), .enter, .character("d")], on: &state)
        #expect(state.prompt == nil && state.overlay == nil)
        #expect(WorkbenchProgram.view(state).text.contains("Terminal too small"))
        _ = state.apply(.resize(Size(width: 100, height: 30)))
        #expect(WorkbenchProgram.view(state).text.contains("1 Domains"))
        #expect(await F.press([.character("q")], on: &state).count == 1)
    }

    @Test func hostileCertificateTextNeverReachesTheFrame() async {
        var state = await fetchedState()
        await F.press([.character("2")], on: &state)
        let frame = WorkbenchProgram.view(state)
        for y in 0..<frame.size.height {
            #expect(!frame.lineText(y).unicodeScalars.contains { TerminalSafeText.isUnsafe($0) })
        }
        // The subject is shown with its escapes made visible, in the Certificate pane and the Chain pane.
        #expect(frame.text.contains("CN=evil\\u{1B}]0\\;pwned\\u{7}\\u{1B}[31m.pinbench"))
        #expect(frame.text.contains("0 leaf evil\\u{1B}]0;pwned"))
    }
}
