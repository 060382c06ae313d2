import Foundation
import PinningCore
import Testing

@testable import Workbench

/// Golden screens of the Pins pane and the settings form at the breakpoint sizes, as text, style roles and mono
/// attributes (what `NO_COLOR` shows).
@Suite struct CurationScreenTests {
    typealias F = WorkbenchFixture

    /// good pinned on its leaf key (live, noted) and on evil's leaf key (stale backup); everything fetched; good
    /// selected; the Pins pane focused on the stale pin.
    func pinsScenario(_ size: Size) async -> WorkbenchState {
        var manifest = F.manifest()
        let index = manifest.indexOfDomain("good.pinbench.test")!
        manifest.domains[index].pins = [
            Pin(
                certificate: CertificateDetails(F.good[0]), level: 0, type: .spkiSHA256, added: F.now,
                note: "leaf key, renewed yearly"),
            Pin(certificate: CertificateDetails(F.good[1]), level: 1, type: .certSHA256, role: .backup, added: F.now),
            Pin(
                certificate: CertificateDetails(F.evil[0]), level: 0, type: .spkiSHA256, role: .backup,
                added: F.now.addingTimeInterval(-86_400 * 40)),
        ]
        var state = F.state(size: Size(width: 100, height: 30), manifest: manifest)
        await F.press([.character("R"), .down, .character("4"), .down, .down], on: &state)
        _ = state.apply(.resize(size))
        return state
    }

    /// The settings form for good with mode switched to report-only and a past expiry typed in.
    func settingsScenario(_ size: Size) async -> WorkbenchState {
        var state = await pinsScenario(Size(width: 100, height: 30))
        await F.press(
            [.character("e"), .enter, .down, .down, .enter] + Array(repeating: .backspace, count: 4), on: &state)
        await F.press(
            F.type("2026-01-01") + [.enter, .down, .down, .enter] + Array(repeating: .backspace, count: 4)
                + F.type("10.0.0.5"), on: &state)
        _ = state.apply(.resize(size))
        return state
    }

    func record(_ frame: Frame, _ name: String, function: String = #function) {
        assertFrameSnapshots(frame, named: name, function: function)
    }

    @Test(arguments: [(80, 24), (100, 30), (160, 48)])
    func pinsView(width: Int, height: Int) async {
        let frame = WorkbenchProgram.view(await pinsScenario(Size(width: width, height: height)))
        record(frame, "\(width)x\(height)")
        let text = frame.text
        #expect(text.contains("Pins: good.pinbench.test (3)"))
        #expect(text.contains("! not live"), "stale pins are marked with words, not colour")
        #expect(text.contains("level 1"))
        #expect(text.contains("u unpin"))
    }

    @Test(arguments: [(80, 24), (100, 30), (160, 48)])
    func settingsForm(width: Int, height: Int) async {
        let frame = WorkbenchProgram.view(await settingsScenario(Size(width: width, height: height)))
        record(frame, "\(width)x\(height)")
        let text = frame.text
        #expect(text.contains("Settings: good.pinbench.test"))
        #expect(text.contains("* mode"))
        #expect(text.contains("10.0.0.5▏"))
    }

    @Test func hostileNotesAndLabelsNeverReachTheFrame() async {
        var manifest = F.manifest()
        let index = manifest.indexOfDomain("good.pinbench.test")!
        manifest.domains[index].pins = [
            Pin(
                type: .spkiSHA256, value: CertificateDetails(F.good[0]).spkiPin, label: "evil\u{1B}]52;c;AAAA\u{07}",
                note: "line one\nline two\u{202E}")
        ]
        var state = F.state(size: Size(width: 100, height: 30), manifest: manifest)
        await F.press([.character("R"), .down, .character("4")], on: &state)
        let text = WorkbenchProgram.view(state).text
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        #expect(!text.contains("line one\nline two"))
        #expect(text.contains("line one\\nline two"))
    }
}
