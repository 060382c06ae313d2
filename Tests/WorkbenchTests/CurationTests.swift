import Foundation
import PinningCore
import Testing

@testable import Workbench

/// Curating a manifest in the workbench: the Pins pane, the settings form, undo and redo, new domains, pin times.
@Suite struct CurationTests {
    typealias F = WorkbenchFixture

    static let goodLeaf = CertificateDetails(F.good[0])
    static let goodCA = CertificateDetails(F.good[1])
    static let evilLeaf = CertificateDetails(F.evil[0])

    /// good pinned on its leaf key (live) and on evil's leaf key (stale: not in good's chain).
    static func manifest() -> PinManifest {
        var manifest = F.manifest()
        let index = manifest.indexOfDomain("good.pinbench.test")!
        manifest.domains[index].pins = [
            Pin(certificate: goodLeaf, level: 0, type: .spkiSHA256, added: F.now),
            Pin(certificate: evilLeaf, level: 0, type: .spkiSHA256, role: .backup, added: F.now, note: "old key"),
        ]
        return manifest
    }

    /// Everything fetched, good selected.
    func state(size: Size = Size(width: 100, height: 30)) async -> WorkbenchState {
        var state = F.state(size: size, manifest: Self.manifest())
        await F.press([.character("R"), .down], on: &state)
        return state
    }

    @Test func pinsPaneTakesTheRightColumnAndTabReachesIt() async {
        var state = await state()
        #expect(state.layout.visiblePanes == [.domains, .chain, .certificate])
        await F.press([.character("4")], on: &state)
        #expect(state.layout.visiblePanes == [.domains, .chain, .pins])
        // Back to the Chain pane: Pins holds the right column only while focused (README), Certificate is back.
        await F.press([.character("2")], on: &state)
        #expect(state.layout.visiblePanes == [.domains, .chain, .certificate])
        await F.press([.tab], on: &state)
        #expect(state.selection.focus == .certificate && state.layout.visiblePanes == [.domains, .chain, .certificate])
        await F.press([.tab], on: &state)
        #expect(state.selection.focus == .pins)
        await F.press([.tab], on: &state)
        #expect(state.selection.focus == .domains)
        await F.press([.backTab], on: &state)
        #expect(state.selection.focus == .pins)
        _ = state.apply(.resize(Size(width: 80, height: 24)))
        #expect(state.layout.visiblePanes == [.domains, .pins])
        let text = WorkbenchProgram.view(state).text
        #expect(text.contains("Pins: good.pinbench.test (2)"))
        #expect(text.contains("level 0"))
        #expect(text.contains("! not live"))
    }

    @Test func theMouseSelectsAndScrollsPinsRows() async {
        var state = await state()
        await F.press([.character("4")], on: &state)
        let rect = state.layout.panes[.pins]!
        // The second row inside the border is the stale pin.
        _ = state.apply(.mouse(MouseEvent(.press, at: Point(x: rect.x + 5, y: rect.y + 2))))
        #expect(state.selection.focus == .pins && state.selection.pinsPane.selection == 1)
        // Below the list (the details): focus only.
        _ = state.apply(.mouse(MouseEvent(.press, at: Point(x: rect.x + 5, y: rect.y + 12))))
        #expect(state.selection.pinsPane.selection == 1)
        _ = state.apply(.mouse(MouseEvent(.wheelUp, at: Point(x: rect.x + 5, y: rect.y + 2))))
        #expect(state.selection.pinsPane.selection == 0)
        _ = state.apply(.mouse(MouseEvent(.wheelDown, at: Point(x: rect.x + 5, y: rect.y + 2))))
        _ = state.apply(.mouse(MouseEvent(.wheelDown, at: Point(x: rect.x + 5, y: rect.y + 2))))
        #expect(state.selection.pinsPane.selection == 1, "the wheel stops at the last pin")
    }

    @Test func unpinAStalePinFromThePinsPaneThenUndoAndRedo() async {
        var state = await state()
        await F.press([.character("4"), .down], on: &state)
        #expect(WorkbenchProgram.view(state).text.contains("not in the live chain"))
        await F.press([.character("u")], on: &state)
        let good = { (s: WorkbenchState) in s.manifest.policy(for: "good.pinbench.test")!.pins.map(\.value) }
        #expect(good(state) == [Self.goodLeaf.spkiPin])
        #expect(state.chrome.message?.text == "unpinned \(Self.evilLeaf.spkiPin) from good.pinbench.test")
        #expect(state.selection.pinsPane.selection == 0, "the selection follows the shorter list")
        await F.press([.character("z")], on: &state)
        #expect(good(state) == [Self.goodLeaf.spkiPin, Self.evilLeaf.spkiPin])
        await F.press([.character("Z")], on: &state)
        #expect(good(state) == [Self.goodLeaf.spkiPin])
        #expect(state.chrome.message?.text.hasPrefix("redid: unpinned") == true)
        await F.press([.character("Z")], on: &state)
        #expect(state.chrome.message?.text == "nothing to redo")
        // A new edit after an undo clears what could be redone.
        await F.press([.character("z"), .character("b")], on: &state)
        #expect(state.manifest.policy(for: "good.pinbench.test")!.pins[0].role == .backup)
        await F.press([.character("Z")], on: &state)
        #expect(state.chrome.message?.text == "nothing to redo")
    }

    @Test func yInThePinsPaneCopiesTheSelectedPinEvenWhenNotLive() async {
        var state = await state()
        await F.press([.character("4"), .down], on: &state)
        let effects = state.apply(.key(.character("y")))
        guard effects.count == 1, case .output(.clipboard(let copied)) = effects[0] else {
            Issue.record("no clipboard effect: \(effects)")
            return
        }
        #expect(copied == Self.evilLeaf.spkiPin)
        guard case .copy(let dialog)? = state.overlay else {
            Issue.record("no copy dialog")
            return
        }
        #expect(dialog.values.map(\.text) == [Self.evilLeaf.spkiPin])
    }

    @Test func noteEditTakesSafeTextOnlyAndIsUndoable() async {
        var state = await state()
        await F.press([.character("4"), .character("n")], on: &state)
        guard case .pinNote(let host, let value) = state.prompt?.kind else {
            Issue.record("n should open the note prompt")
            return
        }
        #expect(host == "good.pinbench.test" && value == Self.goodLeaf.spkiPin)
        let hostile: [Key] = [.character("\u{1B}"), .character("\u{9B}"), .character("\u{202E}")]
        await F.press(F.type("leaf key") + hostile + F.type(", renewed yearly") + [.enter], on: &state)
        let pin = state.manifest.policy(for: "good.pinbench.test")!.pins[0]
        #expect(pin.note == "leaf key, renewed yearly")
        #expect(state.chrome.message?.text == "noted pin \(Self.goodLeaf.spkiPin) of good.pinbench.test")
        #expect(WorkbenchProgram.view(state).text.contains("leaf key, renewed yearly"))
        // Emptying the note removes it; undo brings it back.
        await F.press([.character("n")] + Array(repeating: .backspace, count: 40) + [.enter], on: &state)
        #expect(state.manifest.policy(for: "good.pinbench.test")!.pins[0].note == nil)
        await F.press([.character("z")], on: &state)
        #expect(state.manifest.policy(for: "good.pinbench.test")!.pins[0].note == "leaf key, renewed yearly")
    }

    @Test func chainPaneBAndUActOnTheTypePinnedLastAndSayWhich() async {
        var state = await state()
        // Level 1 (the CA): pin the key, then the certificate.
        await F.press([.character("2"), .down, .character("p"), .character("P"), .character("b")], on: &state)
        var pins = state.manifest.policy(for: "good.pinbench.test")!.pins
        #expect(pins.first { $0.value == Self.goodCA.certPin }?.role == .backup)
        #expect(pins.first { $0.value == Self.goodCA.spkiPin }?.role == .active)
        #expect(
            state.chrome.message?.text
                == "pin \(Self.goodCA.certPin) of good.pinbench.test is now backup "
                + "(the certificate pin of level 1; its key pin is unchanged: 4 lists every pin)")
        await F.press([.character("u")], on: &state)
        pins = state.manifest.policy(for: "good.pinbench.test")!.pins
        #expect(!pins.contains { $0.value == Self.goodCA.certPin })
        #expect(pins.contains { $0.value == Self.goodCA.spkiPin })
        #expect(
            state.chrome.message?.text
                == "unpinned \(Self.goodCA.certPin) from good.pinbench.test "
                + "(the certificate pin of level 1; its key pin is unchanged: 4 lists every pin)")
        await F.press([.character("u")], on: &state)
        #expect(
            state.chrome.message?.text
                == "unpinned \(Self.goodCA.spkiPin) from good.pinbench.test (the key pin of level 1)")
    }

    @Test func settingsFormAppliesOneUndoableEditAndShowsLintFirst() async {
        var state = await state()
        await F.press([.character("e")], on: &state)
        guard case .settings(let opened) = state.overlay else {
            Issue.record("e should open the settings form")
            return
        }
        #expect(opened.host == "good.pinbench.test" && opened.draft.mode == .enforce)
        // good enforces two pins, its backup outside the served chain: clean as it stands.
        #expect(opened.currentFindings.isEmpty)
        let screen = WorkbenchProgram.view(state).text
        #expect(screen.contains("Settings: good.pinbench.test"))
        #expect(screen.contains("y apply"), "the footer shows the form's own keys")
        // mode -> report-only, expires -> a past day (lint: expires-in-past), apply.
        await F.press([.enter, .down, .down, .enter] + Array(repeating: .backspace, count: 4), on: &state)
        await F.press(F.type("2026-01-01") + [.enter], on: &state)
        guard case .settings(let form) = state.overlay else {
            Issue.record("the form should stay open while editing")
            return
        }
        #expect(form.newFindings.map(\.rule) == [.expiresInPast])
        #expect(WorkbenchProgram.view(state).text.contains("! expires-in-past"))
        await F.press([.character("y")], on: &state)
        #expect(state.overlay == nil)
        let good = state.manifest.policy(for: "good.pinbench.test")!
        #expect(good.mode == .reportOnly && good.expires == CalendarDay("2026-01-01"))
        #expect(state.undoStack.count == 1)
        #expect(
            state.chrome.message?.text
                == "good.pinbench.test: mode report-only (was enforce), expires 2026-01-01 (was none)")
        await F.press([.character("z")], on: &state)
        #expect(state.manifest.policy(for: "good.pinbench.test")!.mode == .enforce)
        #expect(state.manifest.policy(for: "good.pinbench.test")!.expires == nil)
        #expect(!state.editing.isDirty)
        // Esc leaves everything as it was.
        await F.press([.character("e"), .enter, .escape], on: &state)
        #expect(state.overlay == nil && state.manifest.policy(for: "good.pinbench.test")!.mode == .enforce)
    }

    @Test func anotherPortFetchesAgainAndUndoFetchesTheOldOne() async {
        var state = await state()
        _ = state.apply(.key(.character("e")))
        for key: Key in [.down, .down, .down, .enter, .backspace, .backspace, .backspace] { _ = state.apply(.key(key)) }
        for key in F.type("8443") + [.enter] { _ = state.apply(.key(key)) }
        let effects = state.apply(.key(.character("y")))
        guard case .fetch(let requests) = effects.first else {
            Issue.record("a new port should fetch again: \(effects)")
            return
        }
        #expect(requests == [FetchRequest(host: "good.pinbench.test", port: 8443)])
        guard case .fetch(let back) = state.apply(.key(.character("z"))).first else {
            Issue.record("undo of a port change should fetch again")
            return
        }
        #expect(back == [FetchRequest(host: "good.pinbench.test", port: 443)])
    }

    @Test func newDomainsStartReportOnlyAndAddDeleteAreUndoable() async {
        var state = F.state()
        await F.press([.character("a")] + F.type("new.example") + [.enter], on: &state)
        #expect(state.manifest.policy(for: "new.example")?.mode == .reportOnly)
        #expect(state.chrome.message?.text == "added new.example (mode report-only)")
        await F.press([.character("z")], on: &state)
        #expect(state.manifest.policy(for: "new.example") == nil)
        await F.press([.character("Z")], on: &state)
        #expect(state.manifest.policy(for: "new.example")?.mode == .reportOnly)
        let host = state.selectedDomainPolicy!.host
        await F.press([.character("d"), .character("y")], on: &state)
        #expect(state.manifest.policy(for: host) == nil)
        await F.press([.character("z")], on: &state)
        #expect(state.manifest.policy(for: host) != nil)
        await F.press([.character("Z")], on: &state)
        #expect(state.manifest.policy(for: host) == nil)
    }

    @Test func addedIsTheTimeOfTheKeyPressNotOfTheStart() async {
        var state = F.state()
        await F.press([.character("R"), .down, .character("2")], on: &state)
        let later = F.now.addingTimeInterval(3 * 3600 + 17)
        _ = state.apply(.tick(later))
        await F.press([.character("p")], on: &state)
        #expect(state.manifest.policy(for: "good.pinbench.test")!.pins[0].added == later)
        let evenLater = later.addingTimeInterval(42)
        _ = state.apply(.tick(evenLater))
        await F.press([.character("P")], on: &state)
        #expect(state.manifest.policy(for: "good.pinbench.test")!.pins[1].added == evenLater)
    }

    @Test func redoIsCappedLikeUndo() async {
        var state = F.state()
        for i in 0..<(WorkbenchState.undoLimit + 5) {
            await F.press([.character("a")] + F.type("n\(i).example") + [.enter], on: &state)
        }
        #expect(state.undoStack.count == WorkbenchState.undoLimit)
        for _ in 0..<(WorkbenchState.undoLimit + 5) { _ = state.apply(.key(.character("z"))) }
        #expect(state.editing.history.redoEntries.count == WorkbenchState.undoLimit)
        #expect(state.chrome.message?.text == "nothing to undo")
    }
}
