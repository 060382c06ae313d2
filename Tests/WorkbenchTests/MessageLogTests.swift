import Foundation
import PinningCore
import Testing

@testable import Workbench

/// Every status message lands in the log with its time and level; the log is capped; `L` shows it; a message too
/// long for the status bar wraps above it instead of being cut.
@Suite struct MessageLogTests {
    typealias F = WorkbenchFixture

    @Test func postingAMessageRecordsItWithTimeAndLevel() {
        var chrome = Self.chrome()
        chrome.show(StatusMessage("first"))
        chrome.now = F.now.addingTimeInterval(75)
        chrome.show(StatusMessage("broke", isError: true))
        chrome.show(StatusMessage("careful", level: .warning))
        chrome.show(StatusMessage(""))
        chrome.show(nil)
        let entries = chrome.messageLog.entries
        #expect(entries.map(\.message.text) == ["first", "broke", "careful"])
        #expect(entries.map(\.message.level) == [.info, .error, .warning])
        #expect(entries.map(\.time) == [F.now, F.now.addingTimeInterval(75), F.now.addingTimeInterval(75)])
        #expect(chrome.message == nil)
    }

    static func chrome() -> WorkbenchChrome {
        WorkbenchChrome(size: Size(width: 100, height: 30), now: F.now, themeName: "default", themeNames: ["default"])
    }

    /// Pin, toggle backup and unpin from the Chain pane each post one message, recorded once with its whole text.
    @Test func eachEditIsRecordedOnce() async {
        var state = F.state()
        await F.press([.character("R"), .down, .character("2")], on: &state)
        for (key, words) in [("p", "pinned"), ("b", "backup"), ("u", "unpinned")] {
            let before = state.chrome.messageLog.entries.count
            await F.press([.character(Character(key))], on: &state)
            let added = state.chrome.messageLog.entries.dropFirst(before).map(\.message.text)
            #expect(added.count == 1, "\(key): \(added)")
            #expect(added.first?.contains(words) == true, "\(key): \(added)")
            if key != "p" { #expect(added.first?.contains("pin of level 0") == true, "\(key): the whole message") }
        }
        // A pin off the verified path: one warning, not an info line and then the warning.
        await F.press([.character("1"), .down, .character("2"), .character("G")], on: &state)
        let before = state.chrome.messageLog.entries.count
        await F.press([.character("p")], on: &state)
        let added = state.chrome.messageLog.entries.dropFirst(before).map(\.message)
        #expect(added.count == 1, "\(added)")
        #expect(added.first?.level == .warning && added.first?.text.contains("not in the verified path") == true)
    }

    @Test func isErrorStillReadsAndWritesTheLevel() {
        var message = StatusMessage("x", isError: true)
        #expect(message.isError && message.level == .error)
        message.isError = false
        #expect(message.level == .info)
        #expect(!StatusMessage("w", level: .warning).isError)
    }

    @Test func theLogIsCappedAndSaysHowManyWent() {
        var log = MessageLog(capacity: 3)
        for n in 1...5 { log.record(StatusMessage("m\(n)"), at: F.now) }
        #expect(log.entries.map(\.message.text) == ["m3", "m4", "m5"])
        #expect(log.dropped == 2)
        #expect(MessageLogOverlay.lines(log: log, width: 60).first?.text.contains("2 older messages dropped") == true)

        var chrome = Self.chrome()
        for n in 0..<(MessageLog.defaultCapacity + 50) { chrome.show(StatusMessage("message \(n)")) }
        #expect(chrome.messageLog.entries.count == MessageLog.defaultCapacity)
        #expect(chrome.messageLog.entries.last?.message.text == "message \(MessageLog.defaultCapacity + 49)")
    }

    /// Messages from real commands, one of them an error, then the log.
    func stateWithMessages(_ size: Size) async -> WorkbenchState {
        var state = F.state(size: Size(width: 100, height: 30))
        await F.press([.character("R"), .down, .character("2"), .character("p"), .character("p")], on: &state)
        _ = state.apply(.tick(F.now.addingTimeInterval(3_661)))
        await F.press([.character("t"), .character("z"), .character("z")], on: &state)
        _ = state.apply(
            .saveFailed(ManifestError(.locked, path: "/tmp/pinbench-fixture/pins.json", reason: "its lock is held")))
        _ = state.apply(.resize(size))
        await F.press([.character("L")], on: &state)
        return state
    }

    @Test(arguments: [(80, 24), (100, 30), (160, 48)])
    func logOverlayGolden(width: Int, height: Int) async {
        let state = await stateWithMessages(Size(width: width, height: height))
        guard case .messageLog = state.overlay else {
            Issue.record("L did not open the log")
            return
        }
        let frame = WorkbenchProgram.view(state)
        let name = "\(width)x\(height)"
        assertSnapshot(frame.text, named: name)
        assertSnapshot(frame.roleMap(), named: name + ".roles")
        assertSnapshot(frame.attributeMap(theme: ThemeCatalog.shipped.defaultTheme, mode: .mono), named: name + ".mono")
        #expect(frame.text.contains("10:00:00 · pinned"))
        #expect(frame.text.contains("11:01:01 ✗ not written: another program is writing pins.json"))
        #expect(frame.text.contains("nothing to undo") || frame.text.contains("undid"))
    }

    @Test func theLogOpensOnTheNewestScrollsAndCloses() async {
        var state = F.state(size: Size(width: 80, height: 24))
        for n in 0..<60 { _ = state.apply(.notice(.settingsUnchanged(host: "message number \(n)"))) }
        await F.press([.character("L")], on: &state)
        var text = WorkbenchProgram.view(state).text
        #expect(text.contains("message number 59"))
        #expect(!text.contains("message number 0 "))
        await F.press([.character("g")], on: &state)
        text = WorkbenchProgram.view(state).text
        #expect(text.contains("message number 0 "))
        #expect(!text.contains("message number 59"))
        await F.press([.down, .down], on: &state)
        guard case .messageLog(let viewer) = state.overlay else {
            Issue.record("the log closed")
            return
        }
        #expect(viewer.scroll == 2)
        // Keys of the panes do nothing under the log; its own close it.
        await F.press([.character("d"), .character("p")], on: &state)
        #expect(state.manifest == F.state().manifest)
        await F.press([.escape], on: &state)
        #expect(state.overlay == nil)
        await F.press([.character("L"), .character("L")], on: &state)
        #expect(state.overlay == nil)
    }

    /// Pinning the impostor's leaf key on the MITM domain warns at length; at 100 columns the warning is on screen
    /// whole, wrapped above the status bar, and the next key puts the key hints back.
    @Test(arguments: [(100, 30), (80, 24)])
    func theImpostorWarningIsReadableWhole(width: Int, height: Int) async {
        var state = F.state(size: Size(width: width, height: height))
        await F.press([.character("R"), .down, .down, .character("2"), .character("p")], on: &state)
        let message = try! #require(state.chrome.message)
        #expect(message.level == .warning)
        #expect(message.text.contains("so this pin cannot match until it is"))
        #expect(CharacterWidth.of(message.text) > width)
        let frame = WorkbenchProgram.view(state)
        assertSnapshot(frame.text, named: "\(width)x\(height)")
        let bottom = (0..<frame.size.height).map { frame.lineText($0).trimmingCharacters(in: .whitespaces) }
            .suffix(6).joined(separator: " ")
        #expect(bottom.contains(message.text.split(separator: " ").suffix(8).joined(separator: " ")))
        let shown = StatusBar.messageLines(message, width: width - 2 - CharacterWidth.of(" ● unsaved ") - 1)
        #expect(shown.joined(separator: " ") == "! " + message.text)
        #expect(!bottom.contains("…"), "nothing cut")

        await F.press([.character("j")], on: &state)
        let after = WorkbenchProgram.view(state)
        #expect(after.lineText(height - 1).contains("pin key"))
        #expect(!after.text.contains("cannot match until it is"))
    }

    @Test func aMessageLongerThanAThirdOfTheScreenPointsToTheLog() {
        var state = F.state(size: Size(width: 60, height: 16))
        _ = state.apply(.notice(.ctRoundSkipped(reason: String(repeating: "very long words ", count: 60))))
        let frame = WorkbenchProgram.view(state)
        let rows = (0..<16).map { frame.lineText($0) }
        #expect(rows[15].hasSuffix("… L shows it all") || rows[15].contains("… L shows it all"))
        #expect(rows[11].contains("! CT round skipped: very long words"))
        #expect(!rows[10].contains("very long"))
    }
}
