import Foundation
import PinningCore
import Testing

@testable import Workbench

/// The status bar keeps the way out: `? help` and `q quit` stay when the CT watch's word or a narrow screen leaves
/// no room for every hint, and at 120 columns every global key (`C clients` last) shows beside the Domains pane's.
/// The Domains pane marks a chain accepted over a connection ATS refuses with `!`, as the legend says.
@Suite struct StatusBarPriorityTests {
    typealias F = WorkbenchFixture

    func bar(width: Int, focus: PaneID, unsaved: Bool, watch: StatusMessage?) -> String {
        var frame = Frame(size: Size(width: width, height: 1))
        StatusBar.draw(
            into: &frame, rect: frame.bounds, hints: KeyMap.standard.statusHints(focus: focus), unsaved: unsaved,
            message: nil, watch: watch)
        return frame.text
    }

    @Test func atOneHundredTwentyColumnsEveryGlobalKeyShows() {
        let line = bar(width: 120, focus: .domains, unsaved: true, watch: nil)
        for hint in ["/ filter", "? help", "w write", "q quit", "F forecast", "T CT", "C clients", "● unsaved"] {
            #expect(line.contains(hint), "\(hint): \(line)")
        }
    }

    @Test func aQuietWatchGivesWayToTheKeys() {
        let watch = StatusMessage("CT: Lab RFC 6962 log advanced just now")
        let line = bar(width: 120, focus: .domains, unsaved: true, watch: watch)
        #expect(line.contains("q quit") && line.contains("C clients"), "\(line)")
        // With room to spare it is shown.
        let wide = bar(width: 200, focus: .domains, unsaved: true, watch: watch)
        #expect(wide.contains("CT: Lab RFC 6962 log advanced just now") && wide.contains("q quit"), "\(wide)")
    }

    @Test func aTroubledWatchStaysAndSoDoHelpAndQuit() {
        let watch = StatusMessage("CT: Lab RFC 6962 log unreachable", level: .warning)
        for width in [80, 100, 120] {
            for focus in PaneID.allCases {
                let line = bar(width: width, focus: focus, unsaved: true, watch: watch)
                #expect(line.contains("! CT: Lab RFC 6962 log unreachable"), "\(width) \(focus): \(line)")
                #expect(line.contains("? help") && line.contains("q quit"), "\(width) \(focus): \(line)")
            }
        }
    }

    @Test func aNarrowBarKeepsHelpAndQuit() {
        for width in [40, 60] {
            let line = bar(width: width, focus: .chain, unsaved: true, watch: nil)
            #expect(line.contains("? help") && line.contains("q quit"), "\(width): \(line)")
        }
    }

    @Test func anAcceptedChainThatFailsATSIsMarkedWithAWarning() async {
        var state = F.state(size: Size(width: 100, height: 30))
        await F.press([.character("R")], on: &state)
        // TLS 1.1 with a CBC suite: ATS refuses it, though the pins match.
        // mitm is pinned to good's keys: good's own chain on mitm's name would be refused by host name, so good's
        // domain is pinned here on its leaf key instead.
        await F.press([.down, .tab, .character("p")], on: &state)
        await F.deliverLive(
            "good.pinbench.test", protocolVersion: "TLSv1.1", suite: "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA",
            group: "x25519", on: &state)
        let live = state.results.live["good.pinbench.test"]
        #expect(live?.verdict?.outcome == .accepted)
        #expect(live?.failsATS == true)
        #expect(live?.marker.symbol == Marker.warning.symbol)
        #expect(WorkbenchProgram.view(state).text.contains("! good.pinbench.test"))
        // The same chain from a file (no handshake) keeps its ✓.
        var offline = F.state(size: Size(width: 100, height: 30))
        await F.press([.character("R"), .down, .tab, .character("p")], on: &offline)
        #expect(offline.results.live["good.pinbench.test"]?.marker.symbol == Marker.accepted.symbol)
        #expect(Marker.warning.meaning.hasPrefix("accepted but failing ATS"))
    }
}
