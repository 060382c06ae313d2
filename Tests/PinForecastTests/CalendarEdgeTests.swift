import CACatalog
import Foundation
import PinForecast
import PinningCore
import TestSupport
import Testing

/// The calendar's edges a reviewer found: a lifetime that rounds to no day, and iCalendar lines folded inside a
/// character longer than a line.
@Suite("Renewal calendar: a lifetime of no day, and folding long characters")
struct CalendarEdgeTests {
    let at = GenYLab.day("2026-11-28").startDate!
    let until = GenYLab.day("2028-11-28").startDate!

    @Test("a lifetime of 0 days ends the walk and says so: the calendar never reads as complete")
    func zeroLifetime() async throws {
        let lab = try CalendarLab()
        let trust = await ForecastJudge.trust(lab.served, host: CalendarLab.host, trustAnchors: lab.anchors, at: at)
        let names = lab.releases.map(\.name)
        let policies = lab.releases.map { lab.policy($0.pins) }
        // A private CA bounded by its declaration alone: 0 days is what a leaf of a few hours rounds to.
        let plan = IssuancePlan(
            host: CalendarLab.host, issuance: DomainIssuance(ca: DomainIssuance.privateCA, lifetimeDays: 0),
            served: lab.served, catalog: lab.catalog, on: at)
        let calendar = RenewalCalendar.calendar(
            host: CalendarLab.host, plan: plan, leaf: lab.served.first, today: trust.path, releases: names,
            policies: policies, rowOfRelease: Array(names.indices), from: at, until: until)
        #expect(calendar.limits.contains(.noLifetime), "\(calendar.limits)")
        #expect(!calendar.releases.contains { $0.verdict == .survives }, "\(calendar.releases.map(\.verdict))")
    }

    @Test("a character of 81 octets is folded between its scalars: no line over 75 octets, unfolded as it was")
    func foldsInsideACharacter() {
        let long = "e" + String(repeating: "\u{0301}", count: 40)
        for text in [long, "SUMMARY:" + long + " ships " + long, String(repeating: "é", count: 100)] {
            // Read as octets and scalars: "\r\n" is one character, and a continuation's leading space and a
            // combining mark after it are another, so characters would not do.
            let folded = Array(CalendarICS.fold(text).utf8)
            #expect(folded.suffix(2) == [13, 10])
            var lines: [[UInt8]] = [[]]
            var index = 0
            while index < folded.count - 2 {
                if folded[index] == 13, folded[index + 1] == 10 {
                    lines.append([])
                    index += 2
                } else {
                    lines[lines.count - 1].append(folded[index])
                    index += 1
                }
            }
            for line in lines {
                #expect(line.count <= 75, "\(line.count) octets")
            }
            #expect(lines.dropFirst().allSatisfy { $0.first == 0x20 })
            let unfolded = lines.enumerated().flatMap { $0.offset == 0 ? $0.element : Array($0.element.dropFirst()) }
            #expect(String(decoding: unfolded, as: UTF8.self) == text)
            #expect(unfolded == Array(text.utf8), "split inside a UTF-8 sequence")
        }
    }
}
