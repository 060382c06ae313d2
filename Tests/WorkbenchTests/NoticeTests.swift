import Foundation
import ManifestEditing
import PinningCore
import Testing

@testable import Workbench

/// The status text has one way in: a typed ``Notice`` said by the update, whose words are decided in one file and
/// escaped there. Notices from the runtime and the clock arrive as messages.
@Suite struct NoticeTests {
    typealias F = WorkbenchFixture

    static let hostile = "x\u{1b}]52;c;AAAA\u{07}\ny\u{202e}"

    /// Every notice that carries outside text, with hostile text in it.
    static let carrying: [Notice] = [
        .noChainYet(host: hostile), .theme(hostile), .noteRefused(problem: hostile), .pinsPaneHint(hostile),
        .undid(hostile), .redid(hostile), .settingsUnchanged(host: hostile), .writing(path: hostile),
        .saved(path: hostile), .saveFailed(ManifestError(.locked, path: "/x/" + hostile, reason: hostile)),
        .diskUnusable(file: hostile, ManifestError(.unreadable, path: hostile, reason: hostile)),
        .reloaded(file: hostile, summary: hostile, droppedEdits: true), .reapplied(file: hostile),
        .reappliedExcept(file: hostile, conflicts: [hostile]), .keptEdits(file: hostile),
        .recoveryUnusable(path: hostile, reason: hostile), .recoveryRedundant(path: hostile),
        .recovered(path: hostile, summary: hostile), .recoveryDiscarded(path: hostile), .recoveryKept(path: hostile),
        .recoveryFileProblem(hostile), .backupKeyHostRefused(hostile),
        .pemSaved(certificates: 2, path: hostile),
        .exported(.curl, path: hostile, unsavedIncluded: true, warnings: [hostile]),
        .exportRefused(.trustkit, first: hostile, more: 2), .fileWritten(path: hostile),
        .noMatch(query: hostile), .match(index: 0, of: 3, query: hostile), .ctRoundSkipped(reason: hostile),
        .backgroundFailed(what: hostile, error: hostile),
    ]

    @Test(arguments: carrying.indices)
    func whatANoticeCarriesReachesTheScreenEscaped(index: Int) {
        let text = Self.carrying[index].message.text
        #expect(!text.unicodeScalars.contains(where: TerminalSafeText.isUnsafe), "\(text.debugDescription)")
        #expect(text.contains("\\u{1B}]52;c;AAAA"), "the text is shown, escaped, not dropped: \(text)")
    }

    /// The rule for the status bar after `w`, read from the notices the update says.
    @Test func theStatusBarAfterSave() {
        #expect(Notice.writing(path: "/p/pins.json").message == StatusMessage("writing /p/pins.json…"))
        #expect(Notice.saved(path: "/p/pins.json").message == StatusMessage("wrote /p/pins.json"))
        let changed = Notice.saveFailed(ManifestError(.changedOnDisk, path: "/p/pins.json", reason: "changed"))
        #expect(changed.message.isError)
        #expect(changed.message.text.hasPrefix("not written: pins.json changed on disk since it was loaded"))
        #expect(changed.message.text.hasSuffix("To combine: quit, reopen, redo them."))
        let locked = Notice.saveFailed(ManifestError(.locked, path: "/p/pins.json", reason: "held"))
        #expect(locked.message.text.contains("press w to try again"))
        let refused = StatusMessage("lint found 2 errors: press ! to write anyway, Esc to go back", isError: true)
        #expect(Notice.lintRefused(errors: 2).message == refused)
    }

    /// A notice the runtime sends (a background task that threw) is shown over the status bar and logged once;
    /// the next key clears the bar but not the log.
    @Test func aNoticeFromTheRuntimeIsShownLoggedAndClearedByAKey() {
        var state = F.state()
        let before = state.chrome.messageLog.entries.count
        _ = state.apply(.notice(.backgroundFailed(what: "fetching good.pinbench.test", error: "probe broke")))
        let shown = "background work failed (fetching good.pinbench.test): probe broke; the workbench goes on"
        #expect(state.chrome.message == StatusMessage(shown, isError: true))
        #expect(WorkbenchProgram.view(state).text.contains("probe broke"))
        #expect(state.chrome.messageLog.entries.dropFirst(before).map(\.message.text) == [shown])
        _ = state.apply(.key(.down))
        #expect(state.chrome.message == nil)
        #expect(state.chrome.messageLog.entries.dropFirst(before).count == 1)
    }

    /// The clock arrives as a message: an edit after a tick carries the tick's time, and so does the log.
    @Test func theClockArrivesAsAMessage() async {
        var state = F.state()
        await F.press([.character("R"), .down, .character("2")], on: &state)
        let later = F.now.addingTimeInterval(3_600)
        _ = state.apply(.tick(later))
        #expect(state.chrome.now == later)
        await F.press([.character("p")], on: &state)
        let pin = state.manifest.policy(for: "good.pinbench.test")?.pins.first
        #expect(pin?.added == later)
        #expect(state.chrome.messageLog.entries.last?.time == later)
    }

    /// `update` is pure: the state handed in is not changed, though the update moves its value through the door.
    @Test func updateLeavesItsInputAlone() {
        let state = F.state()
        let (next, effects) = WorkbenchProgram.update(state, .key(.character("?")))
        #expect(state.overlay == nil)
        #expect(next.overlay != nil)
        #expect(effects.isEmpty)
        let (undone, _) = WorkbenchProgram.update(state, .key(.character("z")))
        #expect(undone.chrome.message?.text == "nothing to undo")
        #expect(state.chrome.message == nil)
    }
}

/// Every component answers its update with an `Action`, `stay` when the root has nothing to do.
@Suite struct ComponentActionTests {
    typealias F = WorkbenchFixture

    @Test func theRecoveryOfferStaysWhileScrollingAndChoosesOnItsKeys() {
        let path = "/p/.pins.json.pinbench-recovery.1"
        var offer = RecoveryOffer(path: path, recovered: PinManifest(), onDisk: F.manifest())
        #expect(offer.update(.moveDown, page: 5) == .stay)
        #expect(offer.update(nil, page: 5) == .stay)
        #expect(offer.update(.recoverEdits, page: 5) == .recover)
        #expect(offer.update(.cancel, page: 5) == .keepForLater)
        #expect(offer.update(.discardRecovery, page: 5) == .discard)
    }

    @Test func theReloadPromptStaysWhileScrollingAndChoosesOnItsKeys() {
        var prompt = ReloadPrompt(disk: F.document(PinManifest()), loaded: F.manifest(), edited: F.manifest())
        #expect(prompt.update(.moveDown, page: 5) == .stay)
        #expect(prompt.update(.reloadFromDisk, page: 5) == .reload)
        #expect(prompt.update(.reapplyEdits, page: 5) == .reapply)
        #expect(prompt.update(.quit, page: 5) == .keepEditing)
    }

    @Test func theMessageLogViewerScrollsInPlaceAndClosesOnEscape() {
        var log = MessageLog()
        for n in 0..<80 { log.record(StatusMessage("message \(n)"), at: F.now) }
        let size = Size(width: 80, height: 24)
        var viewer = MessageLogViewer(log: log, size: size)
        let newest = viewer.scroll
        #expect(newest > 0)
        #expect(viewer.update(.moveTop, log: log, size: size) == .stay)
        #expect(viewer.scroll == 0)
        #expect(viewer.update(.moveDown, log: log, size: size) == .stay)
        #expect(viewer.scroll == 1)
        #expect(viewer.update(.cancel, log: log, size: size) == .close)
    }

    /// Through the root: `L` opens the log, a scroll keeps it open, Esc closes it.
    @Test func theRootCarriesOutTheViewersAction() async {
        var state = F.state(size: Size(width: 80, height: 24))
        for n in 0..<60 { _ = state.apply(.notice(.settingsUnchanged(host: "host\(n).test"))) }
        await F.press([.character("L"), .character("g")], on: &state)
        guard case .messageLog(let viewer) = state.overlay else {
            Issue.record("L did not open the log")
            return
        }
        #expect(viewer.scroll == 0)
        await F.press([.escape], on: &state)
        #expect(state.overlay == nil)
    }
}
