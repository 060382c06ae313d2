import ClientModels
import Foundation
import PinningCore
import Testing

@testable import Workbench

/// The Clients view (`C`): every client's verdict on the selected domain's live chain, judged by the core's
/// ClientJudge from the real validator's verdict on the fixture chains (``WorkbenchFixture/run(_:on:)``) and the
/// manifest as edited. Pure update tests (open, move between domains, close, scroll, an unsaved pin changing the
/// verdicts at once, nothing to judge) and golden screens at the breakpoint sizes, as text, style roles and mono
/// attributes, in Unicode and ASCII.
@Suite struct ClientsViewTests {
    typealias F = WorkbenchFixture

    static let rootKey = F.chain("root.pem")[0].details.spkiPin
    static let goodLeafKey = F.good[0].details.spkiPin
    static let evilLeafKey = F.evil[0].details.spkiPin
    /// A backup key in no served chain, as `pinbench backup-key` makes one: TrustKit needs a second pin.
    static let spareKey = Data(repeating: 7, count: 32).base64EncodedString()

    /// good pinned on the root's key (position any: the root is not sent, path building adds it) with a spare key;
    /// evil pinned on its own leaf key (its CN carries terminal escapes); mitm as the fixture pins it; offline given
    /// two spare keys, since TrustKit refuses its whole configuration for one domain with fewer than two pins.
    static func manifest(goodMode: EnforcementMode = .enforce, goodKeys: [String] = [rootKey]) -> PinManifest {
        var manifest = F.manifest()
        let good = manifest.indexOfDomain("good.pinbench.test")!
        manifest.domains[good].pins =
            goodKeys.map { Pin(type: .spkiSHA256, value: $0, label: "good key", added: F.now) }
            + [Pin(type: .spkiSHA256, value: spareKey, role: .backup, label: "spare key", added: F.now)]
        manifest.domains[good].mode = goodMode
        let evil = manifest.indexOfDomain("evil.pinbench.test")!
        manifest.domains[evil].pins = [
            Pin(type: .spkiSHA256, value: evilLeafKey, position: .leaf, added: F.now),
            Pin(type: .spkiSHA256, value: spareKey, role: .backup, added: F.now),
        ]
        let offline = manifest.indexOfDomain("offline.pinbench.test")!
        manifest.domains[offline].pins = [
            Pin(type: .spkiSHA256, value: spareKey, added: F.now),
            Pin(type: .spkiSHA256, value: Data(repeating: 8, count: 32).base64EncodedString(), added: F.now),
        ]
        return manifest
    }

    /// Everything fetched and judged, the domain `downs` rows below evil selected (1: good, 2: mitm), `C` pressed.
    static func openScenario(
        _ size: Size = Size(width: 160, height: 48), manifest: PinManifest = manifest(), downs: Int = 1
    ) async -> WorkbenchState {
        var state = F.state(size: size, manifest: manifest)
        await F.press([.character("R")] + Array(repeating: Key.down, count: downs) + [.character("C")], on: &state)
        return state
    }

    func text(_ state: WorkbenchState) -> String { WorkbenchProgram.view(state).text }

    func judged(_ state: WorkbenchState) throws -> ClientsBoard.Judged {
        guard case .judged(let board) = ClientsBoard.of(state) else {
            throw Failure("nothing judged: \(ClientsBoard.of(state))")
        }
        return board
    }

    func verdict(_ client: PinClient, _ state: WorkbenchState) throws -> ClientVerdict {
        try #require(try judged(state).clients.first { $0.client == client })
    }

    /// The screen row of `client` (its name, outcome and level), and the lines under it up to the next client.
    func block(_ client: PinClient, in screen: String) throws -> [String] {
        let rows = screen.split(separator: "\n").map(String.init)
        let names = PinClient.allCases.map(\.displayName)
        func isRow(_ row: String, _ name: String) -> Bool {
            row.contains(" \(name) ")
                && row.range(
                    of: #"[✓✗!+x] "# + NSRegularExpression.escapedPattern(for: name),
                    options: .regularExpression) != nil
        }
        let start = try #require(rows.firstIndex { isRow($0, client.displayName) }, "no row for \(client)")
        let end = rows[(start + 1)...].firstIndex { row in names.contains { isRow(row, $0) } } ?? rows.count
        return Array(rows[start..<min(end, rows.count)])
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: - Verdicts

    @Test func oneShortDomainMakesTrustKitRefuseEveryHost() async throws {
        var manifest = Self.manifest()
        let offline = manifest.indexOfDomain("offline.pinbench.test")!
        manifest.domains[offline].pins.removeLast()
        let state = await Self.openScenario(manifest: manifest)
        let trustkit = try verdict(.trustkit, state)
        #expect(trustkit.outcome == .configurationRefused)
        #expect(trustkit.reason.contains("offline.pinbench.test lists 1 key pin,"))
        #expect(trustkit.difference?.contains("they disagree on the connection") == true)
        #expect(try verdict(.okhttp, state).outcome == .accepted)
    }

    @Test func aRootPinTheServerDoesNotSendSplitsTheClients() async throws {
        let state = await Self.openScenario()
        #expect(state.overlay == .clients(ClientsPanel()))
        let board = try judged(state)
        #expect(board.pinBench.outcome == .accepted)
        #expect(board.pinBench.matchedLevel == 2, "the root, added by path building")
        #expect(board.path.count == 3)
        // The chain's verified path holds the root: OkHttp, Android and URLSession match it there.
        for client in [PinClient.okhttp, .okhttp3, .android, .urlsession, .alamofire, .trustkit] {
            let verdict = try verdict(client, state)
            #expect(verdict.outcome == .accepted, "\(client): \(verdict.reason)")
            #expect(verdict.matchedLevel == 2)
            #expect(verdict.difference == nil)
        }
        // curl compares the leaf it was sent, ATS carries no position-any pin, browsers ignore HPKP.
        #expect(try verdict(.curl, state).outcome == .rejected)
        #expect(try verdict(.ats, state).outcome == .notPinned)
        #expect(try verdict(.hpkp, state).outcome == .notPinned)
        #expect(Set(board.differing.map(\.client)) == [.curl, .ats, .hpkp])
        #expect(board.differing.filter(board.differsOnConnection).map(\.client) == [.curl])

        let screen = text(state)
        #expect(screen.contains("Clients: good.pinbench.test (2/4)"))
        #expect(screen.contains("✓ PinBench: accepted"))
        #expect(
            screen.contains(
                "≠ 3 of 10 clients decide otherwise than PinBench: curl on whether the connection proceeds; "
                    + "ATS NSPinnedDomains, HPKP (browsers) on the outcome only."))
        let curl = try block(.curl, in: screen)
        #expect(curl[0].contains("≠ ✗ curl"), "\(curl)")
        #expect(curl[0].contains("rejected"))
        #expect(curl.contains { $0.contains("curl: (90) SSL: public key does not match pinned public key") })
        #expect(
            curl.contains { $0.contains("≠ PinBench says accepted, curl rejected: they disagree on the connection") })
        let okhttp = try block(.okhttp, in: screen)
        #expect(okhttp[0].contains("  ✓ OkHttp 4"), "no difference mark: \(okhttp)")
        #expect(okhttp[0].contains("root, level 2"))
        #expect(!okhttp.contains { $0.contains("≠") })
        let ats = try block(.ats, in: screen)
        #expect(ats[0].contains("≠ ! ATS NSPinnedDomains"))
        #expect(ats.contains { $0.contains("position-any and certificate pins are skipped") })
        #expect(ats.contains { $0.contains("both let the connection proceed") })
    }

    @Test func everyClientAgreesWhenDefaultTrustRejectsTheChain() async throws {
        // mitm serves a chain of a rogue root: no client reaches its pins.
        let state = await Self.openScenario(downs: 2)
        #expect(state.selectedDomainPolicy?.host == "mitm.pinbench.test")
        let board = try judged(state)
        #expect(board.pinBench.outcome == .rejected)
        #expect(board.clients.count == PinClient.allCases.count)
        #expect(board.clients.allSatisfy { $0.outcome == .rejected })
        #expect(board.differing.isEmpty)
        let screen = text(state)
        #expect(screen.contains("✓ Every client decides as PinBench does."))
        #expect(!screen.contains("≠"))
        #expect(try block(.curl, in: screen).contains { $0.contains("curl: (60) SSL certificate problem") })
    }

    @Test func aReportOnlyMismatchIsEnforcedByClientsWithoutAReportOnlyMode() async throws {
        let manifest = Self.manifest(
            goodMode: .reportOnly, goodKeys: [Data(repeating: 9, count: 32).base64EncodedString()])
        let state = await Self.openScenario(manifest: manifest)
        let board = try judged(state)
        #expect(board.pinBench.outcome == .reportOnlyViolation)
        #expect(try verdict(.trustkit, state).outcome == .reportOnlyViolation)
        #expect(try verdict(.urlsession, state).outcome == .reportOnlyViolation)
        #expect(try verdict(.alamofire, state).outcome == .notPinned, "the export gives default trust only")
        #expect(try verdict(.ats, state).outcome == .notPinned, "ATS carries no position-any pin")
        for client in [PinClient.curl, .okhttp, .okhttp3, .android] {
            #expect(try verdict(client, state).outcome == .rejected, "\(client) has no report-only mode")
            #expect(board.differsOnConnection(try verdict(client, state)))
        }
        let screen = text(state)
        #expect(screen.contains("! PinBench: trusted, but PIN MISMATCH (report-only"))
        let android = try block(.android, in: screen)
        #expect(android[0].contains("≠ ✗ Android NSC"))
        #expect(android.contains { $0.contains("they disagree on the connection") })
        let trustkit = try block(.trustkit, in: screen)
        #expect(trustkit.contains { $0.contains("kTSKEnforcePinning is NO") })
        #expect(!trustkit.contains { $0.contains("≠") })
    }

    @Test func certificateTextReachesTheScreenEscaped() async throws {
        // evil's leaf CN carries an OSC title sequence and a colour escape; its pin matches, so every client's
        // reason names the leaf's subject.
        let state = await Self.openScenario(downs: 0)
        #expect(state.selectedDomainPolicy?.host == "evil.pinbench.test")
        let okhttp = try verdict(.okhttp, state)
        #expect(okhttp.outcome == .accepted)
        #expect(okhttp.reason.unicodeScalars.contains { $0.value == 0x1B }, "the raw reason holds the escape")
        let frame = WorkbenchProgram.view(state)
        #expect(!frame.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!frame.text.unicodeScalars.contains { $0.value == 0x7F })
        #expect(frame.text.contains("evil\\u{1B}]0\\;pwned\\u{7}\\u{1B}[31m"), "shown escaped, not acted on")
    }

    // MARK: - Update

    @Test func anUnsavedPinChangesTheClientVerdictsAtOnce() async throws {
        var state = await Self.openScenario()
        #expect(try verdict(.curl, state).outcome == .rejected)
        // Close, pin the leaf's key in the Chain pane (not written), open again: before PinBench's own verdict on
        // the edit comes back, curl already carries the leaf pin.
        _ = state.apply(.key(.escape))
        _ = state.apply(.key(.character("2")))
        let effects = state.apply(.key(.character("p")))
        _ = state.apply(.key(.character("C")))
        #expect(state.editing.isDirty)
        #expect(
            state.manifest.policy(for: "good.pinbench.test")?.pins.contains { $0.value == Self.goodLeafKey } == true)
        let curl = try verdict(.curl, state)
        #expect(curl.outcome == .accepted, "\(curl.reason)")
        #expect(curl.matchedLevel == 0)
        #expect(try judged(state).recomputing)
        var screen = text(state)
        #expect(screen.contains("PinBench is judging the edit"))
        #expect(try block(.curl, in: screen)[0].contains("  ✓ curl"))
        #expect(try block(.curl, in: screen)[0].contains("leaf"))
        // PinBench's verdict on the edit arrives: nothing is recomputing any more.
        await F.run(effects, on: &state)
        #expect(try !judged(state).recomputing)
        screen = text(state)
        #expect(!screen.contains("PinBench is judging the edit"))
        #expect(screen.contains("≠ 1 of 10 clients"), "only HPKP still differs: curl and ATS carry the leaf pin")
        #expect(try verdict(.ats, state).outcome == .accepted)
        // Unpin it again: curl rejects once more.
        _ = state.apply(.key(.escape))
        await F.press([.character("u"), .character("C")], on: &state)
        #expect(try verdict(.curl, state).outcome == .rejected)
        #expect(try block(.curl, in: text(state))[0].contains("≠ ✗ curl"))
    }

    @Test func nothingToJudgeSaysWhy() async throws {
        // Nothing fetched yet.
        var state = F.state(size: Size(width: 100, height: 30), manifest: Self.manifest())
        _ = state.apply(.key(.down))
        #expect(state.apply(.key(.character("C"))).isEmpty, "the view asks for no work")
        #expect(text(state).contains("No chain fetched for good.pinbench.test yet: fetch it first"))
        // Fetching.
        _ = state.apply(.key(.escape))
        _ = state.apply(.key(.character("r")))
        _ = state.apply(.key(.character("C")))
        #expect(text(state).contains("fetching the chain of good.pinbench.test"))
        // Fetched, not judged yet.
        _ = state.apply(
            .fetchCompleted(
                host: "good.pinbench.test", result: .success(FetchedChain(certificates: F.good, fetchedAt: F.now))))
        #expect(text(state).contains("PinBench is judging the chain of good.pinbench.test"))
        // A failed fetch: no chain to judge.
        var offline = await Self.openScenario(Size(width: 100, height: 30), downs: 3)
        #expect(offline.selectedDomainPolicy?.host == "offline.pinbench.test")
        #expect(text(offline).contains("The last fetch of offline.pinbench.test failed (connection refused)"))
        // No domain at all: the key says so instead of opening an empty box.
        offline = F.state(size: Size(width: 100, height: 30), manifest: PinManifest())
        _ = offline.apply(.key(.character("C")))
        #expect(offline.overlay == nil)
        #expect(offline.chrome.message?.text.contains("no domain to judge") == true)
    }

    @Test func arrowsMoveBetweenDomainsAndEscapeQAndCClose() async throws {
        var state = await Self.openScenario(Size(width: 100, height: 30))
        _ = state.apply(.key(.right))
        #expect(state.selectedDomainPolicy?.host == "mitm.pinbench.test")
        #expect(text(state).contains("Clients: mitm.pinbench.test (3/4)"))
        _ = state.apply(.key(.character("p")))
        _ = state.apply(.key(.character("p")))
        #expect(text(state).contains("Clients: evil.pinbench.test (1/4)"))
        for key: Key in [.escape, .character("q"), .character("C")] {
            var open = await Self.openScenario(Size(width: 100, height: 30))
            _ = open.apply(.key(key))
            #expect(open.overlay == nil, "\(key) did not close the view")
        }
    }

    @Test func theViewScrollsAtEightyByTwentyFour() async throws {
        var state = await Self.openScenario(Size(width: 80, height: 24))
        #expect(text(state).contains("PinBench: accepted"))
        let lastReason = "browsers ignore Public-Key-Pins"
        #expect(!text(state).contains(lastReason), "the last client is below the first page")
        await F.press([.character("G")], on: &state)
        #expect(text(state).contains(lastReason))
        #expect(!text(state).contains("PinBench: accepted"))
        let lines = ClientsView.lines(state, width: LineOverlay.textWidth(state.chrome.size))
        #expect(lines.allSatisfy { CharacterWidth.of($0.text) <= LineOverlay.textWidth(state.chrome.size) })
        await F.press([.character("g")], on: &state)
        #expect(text(state).contains("PinBench: accepted"))
    }

    @Test func aLongReasonIsClippedToThreeLinesWithinTheWidth() async throws {
        // At 30 columns evil's escaped subject takes many more than three lines: each reason stops at three.
        let state = await Self.openScenario(downs: 0)
        let width = 30
        // The reasons and differences wrap within the width; the client rows' columns are clipped when drawn.
        let wrapped = ClientsView.lines(state, width: width).map(\.text).filter { $0.hasPrefix("      ") }
        #expect(wrapped.count >= 2 * PinClient.allCases.count)
        #expect(wrapped.allSatisfy { CharacterWidth.of($0) <= width }, "\(wrapped)")
        // Ten clients, at most three reason lines each and a difference: the view stays bounded.
        #expect(ClientsView.lines(state, width: width).count < 10 + PinClient.allCases.count * 8)
        let reason = try verdict(.okhttp, state).reason.terminalSafe
        #expect(Frame.wrap(reason, width: width - 6).count > ClientsView.reasonLineLimit)
        let clipped = ClientsView.clipped(reason, width: width - 6)
        #expect(clipped.count == ClientsView.reasonLineLimit)
        #expect(clipped.last?.hasSuffix(Marker.pending.symbol) == true)
        #expect(clipped.allSatisfy { CharacterWidth.of($0) <= width - 6 })
        #expect(ClientsView.clipped("short reason.", width: 24) == ["short reason."])
    }

    @Test func theKeyIsInTheHelpAndTheFooter() async {
        let help = HelpOverlay.lines(keyMap: .standard).map(\.text)
        #expect(help.contains { $0.contains("C") && $0.contains("every client's verdict") })
        #expect(help.contains("Client verdicts (C)"))
        #expect(help.contains { $0.contains("≠") && $0.contains("decides otherwise than PinBench") }, "the legend")
        let wide = F.state(size: Size(width: 160, height: 48))
        #expect(text(wide).contains("C clients"))
        let open = await Self.openScenario(Size(width: 100, height: 30))
        #expect(text(open).split(separator: "\n").last.map(String.init)?.contains("Esc close") == true)
    }

    // MARK: - Golden screens

    @Test(arguments: [(80, 24), (100, 30), (160, 48)])
    func clientsView(width: Int, height: Int) async {
        let state = await Self.openScenario(Size(width: width, height: height))
        let frame = WorkbenchProgram.view(state)
        assertFrameSnapshots(frame, named: "\(width)x\(height)")
        #expect(frame.text.contains("Clients: good.pinbench.test"))
        #expect(frame.text.contains("≠"))
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func clientsViewInASCII(width: Int, height: Int) async {
        var state = await Self.openScenario(Size(width: width, height: height))
        state = state.drawing(asciiOnly: true)
        let frame = WorkbenchProgram.view(state)
        assertSnapshot(frame.text, named: "\(width)x\(height)")
        #expect(frame.text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(frame.text.contains("# x curl") || width < 100, "the difference mark falls back to #")
        #expect(frame.text.contains("# 3 of 10 clients"))
    }
}
