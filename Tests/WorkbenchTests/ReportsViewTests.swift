import FieldReports
import Foundation
import PinningCore
import Testing

@testable import Workbench

/// The Reports view (`V`) and the status bar's count of new reports: pure update tests (open, move, show a report's
/// chain in the panes and refuse to pin from it, back to the live chain, the database changing under it, a missing
/// database) on frames. Report chains are the fixture chains; texts a sender chose are hostile.
@Suite struct ReportsViewTests {
    typealias F = WorkbenchFixture

    static let hostile = "pins\u{1B}]0;owned\u{07}\nreject"

    /// mitm's reports: 6 lockouts from 1.0, 2 interceptions; the latest first (an interception with evil's chain,
    /// then the lockout with mitm's own chain).
    static func reports(host: String = "mitm.pinbench.test") -> HostReports {
        HostReports(
            host: host,
            groups: [
                .init(
                    release: "1.0", judgement: .lockout, occurrences: 6, distinct: 1,
                    firstSeen: F.now.addingTimeInterval(-7200), lastSeen: F.now.addingTimeInterval(-600)),
                .init(
                    release: nil, judgement: .interception, occurrences: 2, distinct: 1,
                    firstSeen: F.now.addingTimeInterval(-300), lastSeen: F.now.addingTimeInterval(-60)),
            ],
            latest: [
                .init(
                    summary: ReportSummary(
                        id: 7, judgement: .interception, reason: .untrustedRoot, release: nil, appVersion: "2.0",
                        platform: "IOS", count: 2, lastSeen: F.now.addingTimeInterval(-60),
                        detail: "a chain to a root outside the trust store, issued by " + hostile),
                    chain: F.evil, chainProblem: nil),
                .init(
                    summary: ReportSummary(
                        id: 3, judgement: .lockout, reason: .pinsReject, release: "1.0", appVersion: "1.0",
                        platform: "ANDROID", count: 6, lastSeen: F.now.addingTimeInterval(-600),
                        detail: "a trusted chain that the pins of release 1.0 reject"),
                    chain: F.mitm, chainProblem: nil),
            ])
    }

    static func loaded(total: Int, host: String = "mitm.pinbench.test") -> ReportsOnDisk {
        .loaded(path: "/tmp/pinbench-fixture/reports.db", total: total, host: reports(host: host))
    }

    /// mitm selected (the third domain once sorted) with the database read.
    static func scenario(_ disk: ReportsOnDisk = loaded(total: 8)) -> WorkbenchState {
        var state = F.state(size: Size(width: 120, height: 36))
        for key in [Key.down, .down] { _ = state.apply(.key(key)) }
        _ = state.apply(.reportsOnDisk(disk))
        return state
    }

    func text(_ state: WorkbenchState) -> String { WorkbenchProgram.view(state).text }

    @Test func theViewCountsPerJudgementAndReleaseAndListsTheLatestEscaped() {
        var state = Self.scenario()
        _ = state.apply(.key(.character("V")))
        #expect(state.overlay == .reports(ReportsPanel()))
        let screen = text(state)
        #expect(screen.contains("Reports: mitm.pinbench.test (3/4)"))
        #expect(screen.contains("lockout       1.0       6        1        2026-11-22 08:00 UTC  2026-11-22 09:50 UTC"))
        #expect(screen.contains("interception  (none)    2        1"))
        #expect(screen.contains("#7 interception (untrusted-root) · release (none) · app 2.0, IOS · 2 received"))
        #expect(screen.contains("#3 lockout (pins-reject) · release 1.0 · app 1.0, ANDROID · 6 received"))
        // The sender's text is shown escaped: no escape, bell or new line reaches the terminal.
        #expect(screen.contains("pins\\u{1B}]0;owned\\u{7}\\nreject"))
        #expect(!screen.contains("\u{1B}") && !screen.contains("\u{07}"))
        for key in [Key.escape, .character("V"), .character("q")] {
            var open = state
            _ = open.apply(.key(key))
            #expect(open.overlay == nil, "\(key) closes the view")
        }
    }

    @Test func enterShowsTheSelectedReportsChainInThePanesAndPinningFromItIsRefused() {
        var state = Self.scenario()
        for key in [Key.character("V"), .down, .enter] { _ = state.apply(.key(key)) }
        #expect(state.overlay == nil)
        #expect(state.reports.opened?.id == 3)
        var screen = text(state)
        #expect(screen.contains("Chain: mitm.pinbench.test, report #3"))
        #expect(state.selectedLive?.levels.map(\.details) == F.mitm.map(\.details))
        #expect(state.chrome.message?.text.contains("report #3's chain") == true)
        // The Certificate pane shows the report's leaf; pinning it is refused and the manifest is unchanged.
        let before = state.manifest
        _ = state.apply(.key(.character("2")))
        _ = state.apply(.key(.character("p")))
        #expect(state.manifest == before)
        #expect(state.chrome.message == Notice.reportChainNotPinnable.message)
        // Copying or saving from it says whose chain it is: the sender's, never "as the server sent it".
        _ = state.apply(.key(.character("y")))
        guard case .copy(let copy)? = state.overlay else {
            Issue.record("no copy dialog: \(String(describing: state.overlay))")
            return
        }
        #expect(copy.subject.hasPrefix("report #3's chain (the sender's, not the server's): "), "\(copy.subject)")
        _ = state.apply(.key(.escape))
        _ = state.apply(.key(.character("s")))
        guard case .fileOutput(let save)? = state.overlay else {
            Issue.record("no save dialog: \(String(describing: state.overlay))")
            return
        }
        #expect(save.choices.allSatisfy { $0.label.contains("report #3") }, "\(save.choices.map(\.label))")
        #expect(!save.choices.contains { $0.label.contains("as the server sent it") })
        #expect(save.choices.allSatisfy { $0.defaultPath.contains("-report3-") }, "\(save.choices.map(\.defaultPath))")
        _ = state.apply(.key(.escape))
        // Another domain shows its own (live) chain; back on mitm the report's chain is still shown until `l`.
        _ = state.apply(.key(.character("1")))
        _ = state.apply(.key(.up))
        #expect(!text(state).contains("report #3"))
        _ = state.apply(.key(.down))
        for key in [Key.character("V"), .character("l"), .escape] { _ = state.apply(.key(key)) }
        #expect(state.reports.opened == nil)
        screen = text(state)
        #expect(screen.contains("Chain: mitm.pinbench.test"))
        #expect(!screen.contains("report #3"))
    }

    @Test func theStatusBarCountsReportsSinceTheStartUntilTheViewIsOpened() {
        var state = Self.scenario(Self.loaded(total: 8))
        #expect(state.reports.newCount == 0)
        #expect(!text(state).contains("new report"))
        _ = state.apply(.reportsOnDisk(Self.loaded(total: 11)))
        #expect(state.reports.status == StatusMessage("3 new reports (V)", level: .warning))
        #expect(text(state).contains("3 new reports (V)"))
        _ = state.apply(.key(.character("V")))
        _ = state.apply(.key(.escape))
        #expect(state.reports.newCount == 0)
        #expect(!text(state).contains("new report"))
        // Fewer reports (retention dropped some) is no negative count.
        _ = state.apply(.reportsOnDisk(Self.loaded(total: 2)))
        #expect(state.reports.newCount == 0)
        #expect(
            ReportsFeed.joined(
                StatusMessage("CT: log advanced just now"), StatusMessage("1 new report (V)", level: .warning))
                == StatusMessage("1 new report (V) · CT: log advanced just now", level: .warning))
    }

    @Test func aMissingDatabaseIsAOneLineHintAndAnUnreadableOneSaysWhy() {
        var state = Self.scenario(.missing(path: "/tmp/pinbench-fixture/reports.db"))
        _ = state.apply(.key(.character("V")))
        var screen = text(state)
        // One hint, wrapped at the view's width.
        let hint = ReportsView.lines(state, panel: ReportsPanel(), width: 1_000).map(\.text)
        #expect(hint.count == 1)
        #expect(hint.first?.hasPrefix("No field reports yet (/tmp/pinbench-fixture/reports.db does not exist)") == true)
        let command = "`pinbench collect --listen 127.0.0.1:8080 --db /tmp/pinbench-fixture/reports.db`"
        #expect(hint.first?.contains(command) == true)
        #expect(screen.contains("No field reports yet"))
        #expect(state.chrome.message == nil, "no error dialog, no error in the status line")
        _ = state.apply(.key(.enter))
        #expect(state.reports.opened == nil)
        _ = state.apply(.reportsOnDisk(.unreadable(path: "/tmp/x.db", "not a database\u{1B}[2J")))
        screen = text(state)
        #expect(screen.contains("/tmp/x.db: not a database\\u{1B}[2J"), "\(screen)")
        // A read for another host than the selected one is not shown as this host's.
        _ = state.apply(.reportsOnDisk(Self.loaded(total: 8, host: "good.pinbench.test")))
        #expect(text(state).contains("reading the reports of mitm.pinbench.test"))
    }

    @Test func arrowsMoveTheSelectionAndDomainsMoveTheView() {
        var state = Self.scenario()
        _ = state.apply(.key(.character("V")))
        #expect(text(state).contains("▸ ✗ #7"))
        _ = state.apply(.key(.down))
        #expect(state.overlay == .reports(ReportsPanel(selected: 1, scroll: 0)))
        #expect(text(state).contains("▸ ✗ #3"))
        _ = state.apply(.key(.down))
        #expect(state.overlay == .reports(ReportsPanel(selected: 1, scroll: 0)), "the last report stays selected")
        _ = state.apply(.key(.left))
        #expect(text(state).contains("Reports: good.pinbench.test (2/4)"))
        #expect(state.overlay == .reports(ReportsPanel()))
    }
}
