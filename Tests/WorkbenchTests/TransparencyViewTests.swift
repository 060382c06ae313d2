import Foundation
import PinForecast
import PinningCore
import Testing
import TransparencyLog

@testable import CTWatch
@testable import Workbench

/// The Transparency view (`T`) and the status bar's CT word: pure update tests (open, move between domains,
/// close, the state file changing under it, empty states) and golden screens at the breakpoint sizes, as text,
/// style roles and mono attributes, in Unicode and ASCII. Findings are the fixture chains as a log would carry
/// them, judged by CTWatch's own ``WatchVerdict`` against real releases at the fixture's now.
@Suite struct TransparencyViewTests {
    typealias F = WorkbenchFixture

    static let logID = Data(repeating: 7, count: 32).base64EncodedString()
    static let otherLogID = Data(repeating: 9, count: 32).base64EncodedString()

    /// 1.0 pins good's leaf key (enforced); 2.0 pins mitm's own leaf key: a certificate with mitm's key locks out
    /// 1.0 and is accepted by 2.0.
    static let releases = [
        Release(
            name: "1.0", share: 60,
            manifest: PinManifest(domains: [
                DomainPolicy(
                    host: "mitm.pinbench.test", pins: [Pin(type: .spkiSHA256, value: F.good[0].details.spkiPin)])
            ])),
        Release(
            name: "2.0", share: 40,
            manifest: PinManifest(domains: [
                DomainPolicy(
                    host: "mitm.pinbench.test", pins: [Pin(type: .spkiSHA256, value: F.mitm[0].details.spkiPin)])
            ])),
    ]

    /// `chain` as logged at `index` of `log`, judged for `host` by every release and the fixture manifest.
    static func finding(
        _ chain: [ChainCertificate], host: String = "mitm.pinbench.test", log: String = "Lab RFC 6962 log",
        index: UInt64, found: Date, issuer: String? = nil, pathCut: String? = nil
    ) -> CTFinding {
        let details = chain.map(\.details)
        let path = PathPins(
            levels: details.map { PathPins.Level(spki: $0.spkiPin, certificate: $0.certPin, notAfter: $0.notAfter) })
        let verdict = WatchVerdict(host: host, path: path, releases: releases, next: F.manifest(), at: F.now)
        let leaf = details[0]
        return CTFinding(
            log: log, index: index, kind: .certificate, serial: leaf.serialNumber, issuer: issuer ?? leaf.issuer,
            notBefore: leaf.notBefore, notAfter: leaf.notAfter, names: [host], spkiPin: leaf.spkiPin,
            issuerSPKIPin: details.count > 1 ? details[1].spkiPin : nil, verdicts: [verdict], pathCut: pathCut,
            found: found)
    }

    /// Two findings for mitm (the older one with good's own chain, accepted by 1.0), one log that advanced three
    /// minutes ago.
    static func watchState(findings: [CTFinding]? = nil, trouble: LogFailure? = nil) -> WatchState {
        let findings =
            findings ?? [
                finding(F.good, index: 4, found: F.now.addingTimeInterval(-7200)),
                finding(F.mitm, index: 9, found: F.now.addingTimeInterval(-180)),
            ]
        let status = LogStatus(
            name: "Lab RFC 6962 log", checked: F.now.addingTimeInterval(-60), advanced: F.now.addingTimeInterval(-180),
            trouble: trouble)
        return WatchState(findings: findings, status: [logID: status])
    }

    /// mitm selected (the third domain once sorted), the state file read, its Transparency view open.
    static func openScenario(_ size: Size, file: WatchOnDisk = .loaded(watchState())) -> WorkbenchState {
        var state = F.state(size: size)
        state = state.watching(logs: ["Lab RFC 6962 log"])
        _ = state.apply(.watchOnDisk(file))
        for key in [Key.down, .down, .character("T")] { _ = state.apply(.key(key)) }
        return state
    }

    func text(_ state: WorkbenchState) -> String { WorkbenchProgram.view(state).text }

    // MARK: - Model

    @Test func findingsAreKeptNewestFirstOnePerEntryAndBounded() {
        var state = WatchState()
        let old = Self.finding(F.good, index: 1, found: F.now.addingTimeInterval(-7200))
        let new = Self.finding(F.mitm, index: 2, found: F.now.addingTimeInterval(-3600))
        state.record([old])
        state.record([new, old])
        #expect(state.findings.map(\.index) == [2, 1])
        let many = (0..<150).map {
            Self.finding(F.mitm, index: UInt64(10 + $0), found: F.now.addingTimeInterval(Double($0)))
        }
        state.record(many)
        #expect(state.findings.count == WatchState.maximumFindings)
        #expect(state.findings.first?.index == 159)
        #expect(state.findings.last?.index == 159 - UInt64(WatchState.maximumFindings) + 1)
    }

    @Test func theStateFileKeepsFindingsAndStatusAndAnOldFileStillReads() throws {
        let state = Self.watchState(trouble: .misbehaving("two different roots for 5 entries: the log forked"))
        let read = try WatchState.decode(state.encoded(), path: "ct-watch.json")
        #expect(read.findings.map(\.index) == [9, 4])
        #expect(read.findings[0].verdicts == state.findings[0].verdicts)
        #expect(read.findings[0].lockingOut == ["1.0"])
        #expect(read.status[Self.logID] == state.status[Self.logID])
        let old = try WatchState.decode(Data("{\"schema\": 1, \"logs\": []}".utf8), path: "ct-watch.json")
        #expect(old.findings.isEmpty && old.status.isEmpty)
        #expect(throws: ManifestError.self) {
            try WatchState.decode(Data("{\"schema\": 1, \"findings\": [{\"log\": 1}]}".utf8), path: "ct-watch.json")
        }
    }

    @Test func findingsForTheSelectedDomainOnlyNewestFirst() {
        let feed = TransparencyFeed(onDisk: .loaded(Self.watchState()))
        #expect(feed.findings(for: "mitm.pinbench.test").map(\.index) == [9, 4])
        #expect(feed.findings(for: "good.pinbench.test").isEmpty)
    }

    @Test func theStatusBarWordComesFromTheWorstLog() {
        let now = F.now
        #expect(TransparencyFeed().status(now: now) == nil)
        #expect(TransparencyFeed(watchedLogs: ["a"]).status(now: now)?.text == "CT: first round…")
        let fine = TransparencyFeed(onDisk: .loaded(Self.watchState()))
        #expect(fine.status(now: now) == StatusMessage("CT: Lab RFC 6962 log advanced 3 min ago"))
        var state = Self.watchState()
        state.status[Self.otherLogID] = LogStatus(
            name: "Tiled\u{1B}]0;pwned\u{07}", checked: now, trouble: .unreachable("HTTP 503"))
        let troubled = TransparencyFeed(onDisk: .loaded(state)).status(now: now)
        #expect(troubled == StatusMessage("CT: Tiled\\u{1B}]0;pwned\\u{7} unreachable", level: .warning))
        state.status[Self.logID]?.trouble = .misbehaving("forked")
        #expect(TransparencyFeed(onDisk: .loaded(state)).status(now: now)?.level == .error)
    }

    // MARK: - Update

    @Test func tOpensTheViewOfTheSelectedDomainAndArrowsMoveBetweenDomains() {
        var state = Self.openScenario(Size(width: 100, height: 30))
        #expect(state.overlay == .transparency(TransparencyPanel()))
        var screen = text(state)
        #expect(screen.contains("Transparency: mitm.pinbench.test (3/4)"))
        #expect(screen.contains("2 logged certificates, newest first"))
        // Newest first: entry 9 (found 3 minutes ago) above entry 4.
        let nine = screen.range(of: "entry 9")
        let four = screen.range(of: "entry 4")
        #expect(nine != nil && four != nil, "both entries are listed")
        if let nine, let four { #expect(nine.lowerBound < four.lowerBound) }
        #expect(screen.contains("LOCKS OUT 1.0"))
        _ = state.apply(.key(.left))
        screen = text(state)
        #expect(screen.contains("Transparency: good.pinbench.test (2/4)"))
        #expect(screen.contains("No certificate logged for good.pinbench.test"))
        for key in [Key.escape, .character("T"), .character("q")] {
            var open = Self.openScenario(Size(width: 100, height: 30))
            _ = open.apply(.key(key))
            #expect(open.overlay == nil, "\(key) closes the view")
        }
    }

    @Test func aNewStateFileChangesTheViewWithoutAKey() {
        var state = Self.openScenario(Size(width: 100, height: 30), file: .missing(path: "/tmp/ct-watch.json"))
        #expect(text(state).contains("No certificate logged for mitm.pinbench.test"))
        #expect(text(state).contains("the first round is running"))
        _ = state.apply(.watchOnDisk(.loaded(Self.watchState())))
        #expect(text(state).contains("LOCKS OUT 1.0"))
        _ = state.apply(.watchOnDisk(.unreadable("ct-watch.json:1:2: unknown field \"x\"")))
        #expect(text(state).contains("ct-watch.json:1:2: unknown field"))
    }

    @Test func aRoundThatCouldNotRunIsSaidUntilOneRuns() {
        var state = Self.openScenario(Size(width: 100, height: 30))
        let reason = "pins.json:3:1: unexpected end\u{1B}[2J\n$(rm -rf ~)"
        _ = state.apply(.watchRoundSkipped(reason: reason))
        #expect(
            state.transparency.status(now: F.now) == StatusMessage("CT: round skipped (T says why)", level: .warning))
        let screen = text(state)
        #expect(screen.contains("The workbench's last CT round did not run: pins.json:3:1: unexpected end"))
        #expect(screen.contains("unexpected end\\u{1B}[2J\\n$(rm"), "escaped: no escape or new line reaches the screen")
        #expect(!screen.contains("\u{1B}"))
        #expect(screen.contains("LOCKS OUT 1.0"), "the findings already kept stay")
        _ = state.apply(.watchRoundSkipped(reason: nil))
        #expect(!text(state).contains("did not run"))
        #expect(state.transparency.status(now: F.now)?.text == "CT: Lab RFC 6962 log advanced 3 min ago")
    }

    @Test func withNoLogListAndNoStateFileTheViewSaysHowToStartAWatch() {
        var state = F.state(size: Size(width: 100, height: 30))
        _ = state.apply(.watchOnDisk(.missing(path: "/tmp/ct-watch.json")))
        for key in [Key.down, .down, .character("T")] { _ = state.apply(.key(key)) }
        let screen = text(state)
        #expect(screen.contains("No CT log list configured"))
        #expect(screen.contains("--ct-log-list"))
        #expect(!screen.contains("CT: "), "no watch, no word in the status bar")
    }

    @Test func aMisbehavingLogIsSaidInTheViewAndTheStatusBar() {
        let file = WatchOnDisk.loaded(Self.watchState(trouble: .misbehaving("the log went back from 5 to 3 entries")))
        let screen = text(Self.openScenario(Size(width: 160, height: 48), file: file))
        #expect(screen.contains("Lab RFC 6962 log MISBEHAVING: the log went back from 5 to 3 entries"))
        #expect(screen.contains("CT: Lab RFC 6962 log misbehaving"))
    }

    @Test func hostileTextFromACertificateNeverReachesTheScreenRaw() {
        let hostile = Self.finding(
            F.mitm, log: "Lab\u{1B}[2J log", index: 3, found: F.now, issuer: "CN=Evil\u{1B}[31m CA\nO=Injected")
        let state = Self.openScenario(
            Size(width: 160, height: 48), file: .loaded(Self.watchState(findings: [hostile])))
        let frame = WorkbenchProgram.view(state)
        let screen = frame.text
        #expect(!screen.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) && $0 != "\n" })
        #expect(screen.contains("CN=Evil\\u{1B}[31m CA\\nO=Injected"))
        #expect(screen.contains("Lab\\u{1B}[2J log, entry 3"))
    }

    @Test("a release whose pins were found only by a code pattern is marked beside its verdict, as `watch` marks it")
    func codePatternPinsAreMarked() {
        let plain = Self.finding(F.mitm, index: 4, found: F.now)
        let rows = plain.verdicts[0].rows.map { row in
            WatchVerdict.Row(
                release: row.release, share: row.share, shipped: row.shipped, cell: row.cell,
                codePatternPins: row.release == "2.0" ? 1 : 0)
        }
        let found = CTFinding(
            log: plain.log, index: plain.index, kind: plain.kind, serial: plain.serial, issuer: plain.issuer,
            notBefore: plain.notBefore, notAfter: plain.notAfter, names: plain.names, spkiPin: plain.spkiPin,
            issuerSPKIPin: plain.issuerSPKIPin, verdicts: [WatchVerdict(host: plain.verdicts[0].host, rows: rows)],
            pathCut: plain.pathCut, found: plain.found)
        guard let mark = rows.first(where: { $0.release == "2.0" })?.codePatternMark else {
            Issue.record("release 2.0 has no row")
            return
        }
        let screen = text(
            Self.openScenario(Size(width: 160, height: 48), file: .loaded(Self.watchState(findings: [found]))))
        #expect(screen.contains("2.0 ") && screen.contains(mark), "\(mark)")
        let unmarked = text(Self.openScenario(Size(width: 160, height: 48)))
        #expect(!unmarked.contains(mark))
    }

    @Test func aPathCutAtAnUnprovenIssuerIsSaidBesideTheVerdicts() {
        let cut = "the 2nd served issuer (CN=Forged\u{1B}[31m CA) did not sign the certificate below it"
        let proven = Self.finding(F.mitm, index: 3, found: F.now, pathCut: cut)
        let screen = text(
            Self.openScenario(Size(width: 160, height: 48), file: .loaded(Self.watchState(findings: [proven]))))
        #expect(screen.contains("path not proven beyond the issuers judged: the 2nd served issuer"))
        #expect(screen.contains("CN=Forged\\u{1B}[31m CA"), "escaped, never raw")
        let whole = text(Self.openScenario(Size(width: 160, height: 48)))
        #expect(!whole.contains("path not proven"), "a finding whose served issuers were all proven says nothing")
    }

    @Test func theKeyIsInTheHelpAndTheFooter() {
        let help = HelpOverlay.lines(keyMap: .standard).map(\.text)
        #expect(help.contains { $0.contains("T") && $0.contains("CT findings of the selected domain") })
        #expect(help.contains("CT findings (T)"))
        let wide = F.state(size: Size(width: 160, height: 48))
        #expect(text(wide).contains("T CT"))
        let open = Self.openScenario(Size(width: 100, height: 30))
        #expect(text(open).split(separator: "\n").last.map(String.init)?.contains("Esc close") == true)
    }

    // MARK: - Golden screens

    @Test(arguments: [(80, 24), (100, 30), (160, 48)])
    func transparencyView(width: Int, height: Int) {
        let frame = WorkbenchProgram.view(Self.openScenario(Size(width: width, height: height)))
        assertFrameSnapshots(frame, named: "\(width)x\(height)")
        #expect(frame.text.contains("Transparency: mitm.pinbench.test"))
        #expect(frame.text.contains("LOCKED OUT"))
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func transparencyViewInASCII(width: Int, height: Int) {
        var state = Self.openScenario(Size(width: width, height: height))
        state = state.drawing(asciiOnly: true)
        let frame = WorkbenchProgram.view(state)
        assertSnapshot(frame.text, named: "\(width)x\(height)")
        #expect(frame.text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(frame.text.contains("LOCKED OUT"))
    }
}
