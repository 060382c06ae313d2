import Foundation
import LabPKI
import ManifestEditing
import PinningCore
import TestSupport
import Testing

/// `pinbench forecast --calendar` on a lab CA shaped like Let's Encrypt's Gen Y (``GenYLab``, given with
/// `--ca-catalog`): the text and JSON of each release's first lockout, a renewal's cell held to `pinbench validate`
/// on the chain the lab issues for it, the iCalendar file read back by Python's `icalendar`, and `--until` refused
/// as the forecast refuses it.
@Suite("pinbench forecast --calendar")
struct ForecastCalendarCLITests {
    let lab: GenYLab
    let folder = TemporaryFolder()
    static let at = ["--at", "2026-11-28T00:00:00Z", "--until", "2029-01-01"]

    init() throws {
        lab = try GenYLab()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("catalog/labgeny"), withIntermediateDirectories: true)
        for (path, text) in lab.files { folder.write("catalog/" + path, text) }
        folder.write("root.pem", lab.root.pem)
        folder.write("served.pem", lab.leaf.pem + lab.pool[0].pem)
        // The next release pins YE1 alone; the shipped ones the root key, and the leaf key under a hostile name.
        folder.write("pins.json", ManifestCodec.encode(PinManifest(domains: [lab.policy([lab.spki(lab.pool[0])])])))
        folder.write("root.json", ManifestCodec.encode(PinManifest(domains: [lab.policy([lab.spki(lab.root)])])))
        folder.write("leaf.json", ManifestCodec.encode(PinManifest(domains: [lab.policy([lab.spki(lab.leaf)])])))
    }

    static let hostile = "v1;beta,\\x"

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    func shipReleases() async throws {
        for (name, file) in [("root-key", "root.json"), (Self.hostile, "leaf.json")] {
            let added = try await run([
                "release", "add", name, "--from", file, "--share", "10", "--shipped", "2026-06-01",
            ])
            try #require(added.status == 0, "\(added.stderrText)")
        }
    }

    var calendarArguments: [String] {
        [
            "forecast", "--calendar", "--ca-catalog", "catalog", "--ca-bundle", "root.pem", "--served",
            "\(GenYLab.host)=served.pem",
        ] + Self.at
    }

    @Test("text: each release's first lockout and chance, each renewal's issuers, the unknown successor")
    func text() async throws {
        try await shipReleases()
        let result = try await run(calendarArguments)
        #expect(result.status == 0, "\(result.stderrText)")
        let text = result.stdoutText
        #expect(text.contains("  Renewal calendar (labgeny):"), "\(text)")
        #expect(
            text.contains(
                "    next (pins.json): first lockout at renewal #1 (2026-12-31 to 2027-01-29), probability 1/2 (issuer "
                    + "picked among the active); certain on the first issuance from YE3 (backup)"), "\(text)")
        #expect(text.contains("    root-key: survives every renewal listed"), "\(text)")
        #expect(
            text.contains("    #1 2026-12-31 to 2027-01-29: 90 days (profile classic), new key, from YE1 [locks out"))
        #expect(text.contains("renewals come from an unknown successor under the same root"))
        #expect(text.contains("2028-09-02: last day of the intermediate YE3 (backup)"))
    }

    @Test("JSON: the calendar under each domain; a renewal's cell equals `pinbench validate` on the lab's chain")
    func jsonAgreesWithValidate() async throws {
        let result = try await run(calendarArguments + ["--json"])
        #expect(result.status == 0, "\(result.stderrText)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let domain = try #require((report["domains"] as? [[String: Any]])?.first)
        let calendar = try #require(domain["calendar"] as? [String: Any])
        #expect(calendar["ca"] as? String == "labgeny")
        let releases = try #require(calendar["releases"] as? [[String: Any]])
        let next = try #require(releases.first)
        #expect(next["verdict"] as? String == "locks-out" && next["firstLockout"] as? Int == 1)
        #expect((next["chance"] as? [String: Int]) == ["locked": 1, "of": 2])
        let renewals = try #require(calendar["renewals"] as? [[String: Any]])
        let first = try #require(renewals.first)
        #expect(first["due"] as? String == "2026-12-31" && first["lifetimeDays"] as? Int == 90)
        let issuers = try #require(first["issuers"] as? [[String: Any]])
        #expect(issuers.map { $0["issuer"] as? String } == ["YE1", "YE2", "YE3"])
        // Each issuer's chain, issued by the lab for renewal #1, judged by `pinbench validate` with the next
        // release's pins on its due day.
        for (index, issuer) in issuers.enumerated() {
            let leaf = try GenYLab.leaf(
                key: LabKey(.p256), issuer: lab.pool[index], issued: GenYLab.day("2026-12-31"), days: 90)
            folder.write("renewal.pem", leaf.pem + lab.pool[index].pem)
            let validated = try await run([
                "validate", "--host", GenYLab.host, "--chain", "renewal.pem", "--ca-bundle", "root.pem", "--at",
                "2026-12-31T01:00:00Z",
            ])
            // validate exits 0 when the connection is allowed, 1 when refused.
            #expect(
                validated.status == (index == 0 ? 0 : 1), "only YE1's chain holds the YE1 pin: \(validated.stdoutText)")
            let row = try #require(next["row"] as? Int)
            let cell = try #require((issuer["cells"] as? [[String: Any]])?[row])
            #expect(cell["connects"] as? Bool == (validated.status == 0), "\(issuer) \(validated.stdoutText)")
        }
    }

    @Test("--ics: RFC 5545 read back by Python's icalendar; escaped names, folded lines, CRLF, UID and DTSTAMP")
    func ics() async throws {
        try #require(PythonInterpreter.hasModules(["icalendar"]), PythonInterpreter.missing(["icalendar"]))
        try await shipReleases()
        let result = try await run(calendarArguments + ["--ics", "dates.ics"])
        #expect(result.status == 0, "\(result.stderrText)")
        let bytes = try #require(try? Data(contentsOf: folder.url.appendingPathComponent("dates.ics")))
        let text = try #require(String(data: bytes, encoding: .utf8))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        let lines = text.components(separatedBy: "\r\n").dropLast()
        #expect(lines.allSatisfy { $0.utf8.count <= 75 && !$0.contains("\n") && !$0.contains("\r") })
        #expect(lines.contains { $0.hasPrefix(" ") }, "some line is long enough to be folded")
        let script = """
            import icalendar, json, sys
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            events = []
            for event in calendar.walk('VEVENT'):
                assert event.get('UID') and event.get('DTSTAMP'), event
                events.append({'uid': str(event['UID']), 'summary': str(event['SUMMARY']),
                               'start': event.decoded('DTSTART').isoformat(), 'description': str(event['DESCRIPTION'])})
            print(json.dumps(events))
            """
        folder.write("read.py", script)
        let parsed = try ProcessRunner.run(
            PythonInterpreter.path, PythonInterpreter.arguments + [folder.path("read.py"), folder.path("dates.ics")])
        #expect(parsed.status == 0, "\(parsed.stderrText)")
        let events = try #require(try JSONSerialization.jsonObject(with: parsed.stdout) as? [[String: String]])
        #expect(Set(events.map { $0["uid"] ?? "" }).count == events.count, "UIDs are unique")
        let summaries = events.map { $0["summary"] ?? "" }
        #expect(summaries.contains("\(GenYLab.host): renewal #1 may lock out \(Self.hostile)"), "\(summaries)")
        #expect(summaries.contains("\(GenYLab.host): renewal #1 may lock out next (pins.json)"))
        #expect(
            events.contains {
                $0["summary"] == "\(GenYLab.host): today's certificate expires" && $0["start"] == "2027-01-29"
            })
        // Ship by: renewal #1's due day less the 90-day lead time.
        #expect(events.contains { $0["summary"]?.contains("last day to ship") == true && $0["start"] == "2026-10-02" })
        #expect(events.contains { $0["summary"] == "2028-09-02: last day of the intermediate YE1 (active)" })
        let hostile = try #require(events.first { $0["summary"]?.hasSuffix(Self.hostile) == true })
        #expect(hostile["description"]?.hasPrefix(Self.hostile + ": first lockout at renewal #1") == true)
    }

    @Test("--until refused as other date options are: not a date, past 9999, before --at (exit 2)")
    func untilRefused() async throws {
        for until in ["nan", "10000-01-01", "2020-01-01", "2026-13-01"] {
            let result = try await run(
                [
                    "forecast", "--calendar", "--ca-catalog", "catalog", "--ca-bundle", "root.pem", "--served",
                    "\(GenYLab.host)=served.pem", "--at", "2026-11-28T00:00:00Z", "--until", until,
                ])
            #expect(result.status == 2, "\(until): \(result.stdoutText)\(result.stderrText)")
            #expect(result.stderrText.contains("--until"), "\(until): \(result.stderrText)")
        }
    }

    @Test("--ics never replaces a chain the forecast reads: a --served file, a --served-list and a file it lists")
    func icsRefusesChainInputs() async throws {
        let served = try #require(folder.read("served.pem"))
        folder.write("list.txt", "# the fleet\n\(GenYLab.host)=served.pem\n")
        let cases: [([String], String)] = [
            (calendarArguments + ["--ics", "served.pem"], "served.pem"),
            (
                [
                    "forecast", "--calendar", "--ca-catalog", "catalog", "--ca-bundle", "root.pem", "--served-list",
                    "list.txt", "--ics", "list.txt",
                ] + Self.at, "list.txt"
            ),
            (
                [
                    "forecast", "--calendar", "--ca-catalog", "catalog", "--ca-bundle", "root.pem", "--served-list",
                    "list.txt", "--ics", "./served.pem",
                ] + Self.at, "./served.pem"
            ),
        ]
        for (arguments, file) in cases {
            let result = try await run(arguments)
            #expect(result.status == 2, "\(file): \(result.stderrText)")
            #expect(result.stderrText.contains("--ics not written"), "\(file): \(result.stderrText)")
            #expect(result.stderrText.contains("chain file") || result.stderrText.contains("served list"))
        }
        #expect(folder.read("served.pem") == served, "the served chain is intact")
        #expect(folder.read("list.txt")?.hasPrefix("# the fleet") == true)
    }
}
