import Foundation
import PinForecast
import PinningCore
import Testing

@testable import Workbench

/// The Forecast view (`F`): pure update tests (open, move between domains, scroll, close, the releases file
/// changing, an unsaved edit changing the candidate row) and its golden screens at the breakpoint sizes, as text,
/// style roles and mono attributes, in Unicode and ASCII. Forecasts are computed by PinForecast's judge with the
/// fixture root as the anchor (``WorkbenchFixture/run(_:on:)``), on the fixture chains at the fixture's now.
@Suite struct ForecastViewTests {
    typealias F = WorkbenchFixture

    static let goodLeafKey = CertificateDetails(F.good[0]).spkiPin
    static let goodCAKey = CertificateDetails(F.good[1]).spkiPin

    /// A release pinning good.pinbench.test on `keys` (leaf first), optionally until `expires`.
    static func release(
        _ name: String, share: Double?, keys: [String], expires: String? = nil, reportOnly: Bool = false
    ) -> Release {
        var policy = DomainPolicy(
            host: "good.pinbench.test",
            pins: keys.enumerated().map { index, key in
                Pin(type: .spkiSHA256, value: key, role: index == 0 ? .active : .backup)
            })
        policy.expires = expires.flatMap(CalendarDay.init)
        if reportOnly { policy.mode = .reportOnly }
        return Release(name: name, share: share, manifest: PinManifest(domains: [policy]))
    }

    /// 4.0 lapsed, 4.1 with only the leaf key (38%), 4.2 with the CA key as a backup (50%) until 2027-03-01.
    static let shipped = [
        release("4.0", share: 12, keys: [goodLeafKey], expires: "2026-06-01"),
        release("4.1", share: 38, keys: [goodLeafKey]),
        release("4.2", share: 50, keys: [goodLeafKey, goodCAKey], expires: "2027-03-01"),
    ]

    static func loaded(_ releases: [Release]) -> ReleasesOnDisk {
        .loaded(path: "/tmp/pinbench-fixture/releases.json", book: ReleaseBook(releases), problems: [])
    }

    /// The fixture manifest with good pinned on its leaf key only, as the candidate next release.
    static func manifest() -> PinManifest {
        var manifest = F.manifest()
        let index = manifest.indexOfDomain("good.pinbench.test")!
        manifest.domains[index].pins = [Pin(type: .spkiSHA256, value: goodLeafKey, added: F.now)]
        return manifest
    }

    /// Everything fetched, the releases read, good selected, its Forecast view open and computed.
    func openScenario(_ size: Size, releases: ReleasesOnDisk = loaded(shipped)) async -> WorkbenchState {
        var state = F.state(size: size, manifest: Self.manifest())
        await F.run(state.apply(.releasesOnDisk(releases)), on: &state)
        await F.press([.character("R"), .down, .character("F")], on: &state)
        return state
    }

    func text(_ state: WorkbenchState) -> String { WorkbenchProgram.view(state).text }

    // MARK: - Update

    @Test func fOpensTheViewOfTheSelectedDomainAndAsksForItsForecastOnce() async {
        var state = F.state(size: Size(width: 100, height: 30), manifest: Self.manifest())
        await F.run(state.apply(.releasesOnDisk(Self.loaded(Self.shipped))), on: &state)
        await F.press([.character("R"), .down], on: &state)
        #expect(state.selectedDomainPolicy?.host == "good.pinbench.test")
        let effects = state.apply(.key(.character("F")))
        guard state.overlay == .forecast(ForecastPanel()), case .forecast(let request)? = effects.first else {
            Issue.record("F did not open the view and ask for a forecast: \(effects)")
            return
        }
        #expect(effects.count == 1)
        #expect(request.key.host == "good.pinbench.test")
        #expect(request.shipped.releases.map(\.name) == ["4.0", "4.1", "4.2"])
        #expect(text(state).contains("computing the forecast"))
        // Asked once: another message while it is computed asks for nothing more.
        #expect(state.apply(.tick(F.now)).isEmpty)
        await F.run(effects, on: &state)
        #expect(state.forecast.inFlight == nil)
        #expect(state.apply(.tick(F.now)).isEmpty, "a forecast kept for the same key is not asked for again")
        let shown = text(state)
        #expect(shown.contains("Forecast: good.pinbench.test"))
        #expect(!shown.contains("computing"))
    }

    @Test func theMatrixShowsLockedOutForTheReleaseWithOnlyTheLeafKeyUnderANewKey() async throws {
        let state = await openScenario(Size(width: 160, height: 48))
        let outlook = try #require(state.forecast.outlook(for: "good.pinbench.test"))
        let forecast = outlook.forecast
        #expect(forecast.releases.map(\.name) == ["4.0", "4.1", "4.2", "next (pins.json)"])
        #expect(forecast.cell(release: 1, .renewalNewKey) == .lockedOut)
        #expect(forecast.cell(release: 2, .renewalNewKey) == .accepted(role: .backup, level: 1))
        #expect(forecast.cell(release: 0, .renewalNewKey) == .lapsed)
        #expect(forecast.cell(release: 3, .renewalNewKey) == .lockedOut, "the candidate pins only the leaf key")
        // The shipped releases' share: 4.1's 38%; the candidate has no installs.
        #expect(outlook.lockedOut.first { $0.scenario == .renewalNewKey }?.percent == 38)
        let rows = text(state).split(separator: "\n").map(String.init)
        let row41 = try #require(rows.first { $0.contains("║ 4.1 ") })
        #expect(row41.contains("✗ LOCKED OUT"))
        #expect(row41.contains("38%"))
        #expect(rows.contains { $0.contains("locked out") && $0.contains("38%") })
    }

    @Test func theTimelineShowsEachCertificateTheLapsesAndTheDayTheBackupMustShip() async throws {
        let state = await openScenario(Size(width: 160, height: 48))
        let shown = text(state)
        #expect(shown.contains("Timeline 2026-11-22 to 2027-11-22"))
        let rows = shown.split(separator: "\n").map(String.init)
        let leaf = try #require(rows.first { $0.contains("leaf") && $0.contains(Marker.validity.symbol) })
        #expect(leaf.contains("2026-12-10"), "the leaf's notAfter")
        #expect(rows.contains { $0.contains("CA 1") && $0.contains("2030-12-31") })
        // The leaf expires in 18 days: with a 90-day lead time the backup should have shipped in September.
        let ship = try #require(rows.first { $0.contains("ship backup") })
        #expect(ship.contains("2026-09-11 (past)"))
        #expect(ship.contains(Marker.shipBy.symbol))
        #expect(shown.contains("renewal-new-key locks it out"))
        // 4.2's pins lapse on 2027-03-01 (the end of that day): a mark about a quarter into the year.
        let lapse = try #require(rows.first { $0.contains("4.2 lapses") })
        #expect(lapse.contains(Marker.lapse.symbol))
        #expect(lapse.contains("2027-03-02"))
        #expect(!rows.contains { $0.contains("4.0 lapses") }, "4.0 lapsed before the window")
    }

    @Test func arrowsMoveBetweenDomainsAndEachDomainGetsItsOwnForecast() async {
        var state = await openScenario(Size(width: 100, height: 30))
        #expect(state.selectedDomainPolicy?.host == "good.pinbench.test")
        let effects = state.apply(.key(.right))
        #expect(state.selectedDomainPolicy?.host == "mitm.pinbench.test")
        guard case .forecast(let request)? = effects.first else {
            Issue.record("moving to mitm asked for no forecast: \(effects)")
            return
        }
        #expect(request.key.host == "mitm.pinbench.test")
        await F.run(effects, on: &state)
        #expect(text(state).contains("Forecast: mitm.pinbench.test"))
        // Back to good: its forecast is kept, so nothing is computed again.
        #expect(state.apply(.key(.left)).isEmpty)
        #expect(state.selectedDomainPolicy?.host == "good.pinbench.test")
        #expect(text(state).contains("LOCKED"))
        // offline never answered: the view says to fetch first, and asks for nothing.
        await F.press([.right, .right], on: &state)
        #expect(state.selectedDomainPolicy?.host == "offline.pinbench.test")
        #expect(text(state).contains("fetch first"))
        #expect(state.forecast.outlook(for: "offline.pinbench.test") == nil)
    }

    @Test func escapeQAndFCloseTheView() async {
        for key: Key in [.escape, .character("q"), .character("F")] {
            var state = await openScenario(Size(width: 100, height: 30))
            _ = state.apply(.key(key))
            #expect(state.overlay == nil, "\(key) did not close the view")
            #expect(!text(state).contains("Forecast:"))
        }
    }

    @Test func theViewScrollsWhenItDoesNotFit() async {
        let many = (0..<40).map { Self.release("3.\($0)", share: 1, keys: [Self.goodLeafKey]) }
        var state = await openScenario(Size(width: 80, height: 24), releases: Self.loaded(many))
        #expect(text(state).contains("║ 3.0 "))
        await F.press([.character("j"), .character("j"), .pageDown], on: &state)
        guard case .forecast(let panel)? = state.overlay else {
            Issue.record("the view closed")
            return
        }
        #expect(panel.scroll > 2)
        #expect(!text(state).contains("║ 3.0 "), "the first release scrolled out of view")
        await F.press([.character("G")], on: &state)
        #expect(text(state).contains("from an unknown intermediate"), "the end of the view is the renewal calendar")
        await F.press([.character("g")], on: &state)
        #expect(text(state).contains("║ 3.0 "))
    }

    @Test func aChangedReleasesFileChangesTheMatrixWithoutAKey() async {
        var state = await openScenario(Size(width: 160, height: 48))
        #expect(!text(state).contains("║ 4.3 "))
        let added = Self.shipped + [Self.release("4.3", share: nil, keys: [Self.goodCAKey])]
        let effects = state.apply(.releasesOnDisk(Self.loaded(added)))
        guard case .forecast(let request)? = effects.first else {
            Issue.record("a new releases file asked for no forecast: \(effects)")
            return
        }
        #expect(request.key.releasesGeneration == state.forecast.releasesGeneration)
        #expect(text(state).contains("updating…"), "the last forecast stays on screen, marked as out of date")
        await F.run(effects, on: &state)
        let shown = text(state)
        #expect(shown.contains("║ 4.3 "))
        #expect(!shown.contains("updating…"))
        #expect(shown.contains("4 shipped releases"))
    }

    @Test func anUnsavedEditChangesTheCandidateRow() async throws {
        var state = await openScenario(Size(width: 160, height: 48))
        let before = try #require(state.forecast.outlook(for: "good.pinbench.test"))
        #expect(before.candidateCells[before.forecast.scenarios.firstIndex(of: .renewalNewKey)!] == .lockedOut)
        // Close, pin the CA's key in the Chain pane (not written), open again.
        await F.press([.escape, .character("2"), .down, .character("p"), .character("F")], on: &state)
        #expect(state.editing.isDirty)
        let after = try #require(state.forecast.outlook(for: "good.pinbench.test"))
        #expect(after.key.candidateGeneration == state.editing.generation)
        let column = after.forecast.scenarios.firstIndex(of: .renewalNewKey)!
        guard case .accepted(_, level: 1) = after.candidateCells[column] else {
            Issue.record("the CA key pinned in the workbench does not hold a new leaf key: \(after.candidateCells)")
            return
        }
        let rows = text(state).split(separator: "\n").map(String.init)
        let candidate = try #require(rows.first { $0.contains("next (pins.json, unsaved)") })
        #expect(candidate.contains("✓ accepted"))
    }

    @Test func aMissingReleasesFileSaysHowToAddReleasesAndStillJudgesTheCandidate() async throws {
        let state = await openScenario(
            Size(width: 100, height: 30), releases: .missing(path: "/tmp/pinbench-fixture/releases.json"))
        let shown = text(state)
        #expect(shown.contains("pinbench release add"))
        let outlook = try #require(state.forecast.outlook(for: "good.pinbench.test"))
        #expect(outlook.shipped == 0)
        #expect(outlook.forecast.releases.map(\.name) == ["next (pins.json)"])
        #expect(shown.contains("next (pins.json)"))
    }

    @Test func aBrokenReleasesFileShowsItsErrorAsDataAndStillJudgesTheCandidate() async throws {
        // A real error of the releases file's reader, with a terminal escape in the offending name.
        let text = "{\"schema\": 1, \"releases\": [{\"name\": \"4.1\u{1B}]52;c;AAAA\u{07}\", \"file\": \"a.json\"}]}"
        var error: ManifestError?
        do {
            _ = try ReleaseList.decode(Data(text.utf8), path: "/tmp/pinbench-fixture/releases.json")
        } catch let failure {
            error = failure
        }
        let failure = try #require(error)
        let state = await openScenario(Size(width: 100, height: 30), releases: .unreadable(failure))
        let frame = WorkbenchProgram.view(state)
        #expect(frame.text.contains("releases.json:1:"), "file, line and column")
        #expect(!frame.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(frame.text.contains("next (pins.json)"))
        #expect(state.forecast.outlook(for: "good.pinbench.test")?.shipped == 0)
    }

    @Test func aRefusedChainIsExplainedInTheValidatorsWordsNotAsAMissingAnchor() async throws {
        var state = await openScenario(Size(width: 160, height: 48))
        await F.run(state.apply(.key(.right)), on: &state)
        #expect(state.selectedDomainPolicy?.host == "mitm.pinbench.test")
        let forecast = try #require(state.forecast.outlook(for: "mitm.pinbench.test")).forecast
        let refusal = try #require(forecast.todayRefusal, "the impostor's chain is refused today")
        let shown = text(state)
        #expect(shown.contains("Today's chain is refused (\(refusal.sentence))"))
        #expect(!shown.contains("does not reach a trust anchor, so"))
    }

    @Test func withoutAFetchedChainTheViewSaysFetchFirst() async {
        var state = F.state(size: Size(width: 100, height: 30), manifest: Self.manifest())
        _ = state.apply(.releasesOnDisk(Self.loaded(Self.shipped)))
        let effects = state.apply(.key(.character("F")))
        #expect(effects.isEmpty)
        #expect(text(state).contains("fetch first"))
    }

    @Test func theKeyIsInTheHelpAndTheFooter() async {
        let help = HelpOverlay.lines(keyMap: .standard).map(\.text)
        #expect(help.contains { $0.contains("F") && $0.contains("lockout forecast") })
        #expect(help.contains("Lockout forecast (F)"))
        let wide = F.state(size: Size(width: 160, height: 48))
        #expect(text(wide).contains("F forecast"))
        let open = await openScenario(Size(width: 100, height: 30))
        #expect(text(open).split(separator: "\n").last.map(String.init)?.contains("Esc close") == true)
    }

    // MARK: - The renewal calendar

    /// The calendar section is the outlook's ``DomainCalendar`` in `CalendarText`'s words: every renewal's window,
    /// every release's verdict, a release's first lockout marked; the fixture's CA is private, which it says.
    @Test func theCalendarSectionShowsEachRenewalAndEachReleasesFirstLockout() async throws {
        var state = await openScenario(Size(width: 160, height: 48))
        let outlook = try #require(state.forecast.outlook(for: "good.pinbench.test"))
        let calendar = try #require(try outlook.calendar?.get())
        #expect(calendar.releases.map(\.release) == ["4.0", "4.1", "4.2", "next (pins.json)"])
        #expect(!calendar.renewals.isEmpty)
        #expect(calendar.limits.contains(.privateCA) || calendar.limits.contains(.caOutsideCatalog))
        // 4.1 pins the leaf key alone, and each renewal makes a new key: locked out at the first, for certain.
        let release41 = try #require(calendar.releases.first { $0.release == "4.1" })
        guard case .locksOut(let number, let chance, _) = release41.verdict else {
            Issue.record("4.1 survives the calendar: \(release41.verdict)")
            return
        }
        #expect(number == 1 && chance.isCertain)

        let lines = ForecastView.lines(state, width: 400).map(\.text)
        let heading = try #require(lines.firstIndex { $0.hasPrefix("Renewal calendar") })
        let section = Array(lines[heading...])
        for release in calendar.releases {
            let sentence = CalendarText.sentence(release, calendar)
            let locked = if case .locksOut = release.verdict { true } else { false }
            let shown = section.first { $0.hasSuffix(sentence) }
            #expect(shown != nil, "\(sentence) in \(section)")
            #expect(shown?.hasPrefix(Marker.rejected.symbol) == locked, "\(shown ?? "")")
        }
        for renewal in calendar.renewals {
            #expect(section.contains { $0.hasPrefix("#\(renewal.number) \(renewal.due) to \(renewal.deadline): ") })
        }
        #expect(section.contains { $0.hasPrefix("? ") && $0.contains("pools are unknown") })

        // On screen: scrolled to the bottom, the section's end is drawn inside the view's box.
        _ = state.apply(.key(.character("G")))
        let screen = text(state)
        let last = try #require(calendar.renewals.last)
        #expect(screen.contains("#\(last.number) \(last.due)"), "\(screen)")
    }

    @Test func aCatalogThatCannotBeReadIsSaidInsteadOfACalendar() async throws {
        let state = await openScenario(Size(width: 160, height: 48))
        let real = try #require(state.forecast.outlook(for: "good.pinbench.test"))
        let failed = ForecastOutlook(
            key: real.key, forecast: real.forecast, shipped: real.shipped, lockedOut: real.lockedOut,
            events: real.events, advice: real.advice, window: real.window,
            calendar: .failure(.init(reason: "the CA catalog cannot be read (ca/: no such folder\u{1B}[2J)")))
        let lines = ForecastView.calendarLines(failed, width: 400).map(\.text)
        #expect(lines.contains("Renewal calendar"))
        let said = try #require(lines.first { $0.contains("not shown") })
        #expect(said.contains("cannot be read") && !said.contains("\u{1B}"), "escaped: \(said)")
        #expect(!lines.contains { $0.hasPrefix("#1 ") })
    }

    // MARK: - Golden screens

    @Test(arguments: [(80, 24), (100, 30), (160, 48)])
    func forecastView(width: Int, height: Int) async {
        let state = await openScenario(Size(width: width, height: height))
        let frame = WorkbenchProgram.view(state)
        assertFrameSnapshots(frame, named: "\(width)x\(height)")
        #expect(frame.text.contains("Forecast: good.pinbench.test"))
        #expect(frame.text.contains("LOCKED"))
    }

    @Test(arguments: [(80, 24), (160, 48)])
    func forecastViewInASCII(width: Int, height: Int) async {
        var state = await openScenario(Size(width: width, height: height))
        state = state.drawing(asciiOnly: true)
        let frame = WorkbenchProgram.view(state)
        assertSnapshot(frame.text, named: "\(width)x\(height)")
        #expect(frame.text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(frame.text.contains("LOCKED"))
        #expect(frame.text.contains("#"), "validity bars fall back to #")
    }

    /// At 60x20 the matrix does not fit across even with short words: it is shown in blocks of columns, and no
    /// heading is cut (a cut `root only` read `ro`, the Domains pane's word for report-only).
    @Test func atSixtyColumnsNoHeadingIsCut() async {
        var state = await openScenario(Size(width: 60, height: 20))
        var seen = text(state)
        assertSnapshot(seen, named: "60x20")
        for _ in 0..<12 {
            _ = state.apply(.key(.down))
            seen += "\n" + text(state)
        }
        for heading in ["current", "same key", "new key", "issuer", "new CA", "root only"] {
            #expect(seen.contains(heading), "\(heading) is whole somewhere: \(seen)")
        }
        let cut = seen.split(separator: "\n").filter {
            $0.hasSuffix(" ro") || $0.contains(" ro ║") || $0.contains(" ro║")
        }
        #expect(cut.isEmpty, "\(cut)")
        #expect(seen.contains("RELEASE") && seen.contains("locked out"))
    }
}
