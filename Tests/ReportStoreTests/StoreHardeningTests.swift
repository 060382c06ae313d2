import FieldReports
import Foundation
import PinningCore
import ReportStore
import TestSupport
import Testing

@Suite(
    "ReportStore hardening: replays once, per-hour windows, a cap in bytes, bounded listings, schema 1 migrated",
    .enabled(if: StoreFixtures.hasSQLiteCLI, "needs the sqlite3 command line (Debian's sqlite3) to read the files back")
)
struct StoreHardeningTests {
    @Test(
        "A body stored again (same digest) is acknowledged and not counted; another body of the same report is",
        arguments: StoreBackend.available)
    func replaysCountedOnce(_ backend: StoreBackend) async throws {
        let folder = TemporaryFolder()
        let target = try await backend.make(folder)
        let database = try await ReportDatabase.open(path: target.location, settings: .underLoad())
        let writer = ReportWriter(database: database)
        let time = Date()
        func item(_ digest: String, part: Int = 0, version: String = "4.1") -> StoredReport {
            StoredReport(
                report: StoreFixtures.report(version: version), judgement: StoreFixtures.judgement(), receivedAt: time,
                bodyDigest: digest, bodyPart: part)
        }
        try await writer.submit([item("body-a"), item("body-a", part: 1, version: "4.2")])
        try await writer.submit([item("body-a"), item("body-a", part: 1, version: "4.2")])  // replayed
        try await writer.submit(item("body-b"))  // another device: the same report, another body
        // Two copies of one body in one batch: one counted.
        try await database.store([item("body-c"), item("body-c")])
        #expect(try await database.totalOccurrences() == 4)
        #expect(await database.replays == 3)
        await database.close()
        #expect(try await target("SELECT app_version, count FROM reports ORDER BY app_version") == "4.1|3\n4.2|1")
        #expect(try await target("SELECT count(*) FROM recent_bodies") == "3")
    }

    @Test("--since counts the occurrences of its window by the hour, not a group's whole count; the totals agree")
    func sinceWindow() async throws {
        for backend in StoreBackend.available {
            let folder = TemporaryFolder()
            let target = try await backend.make(folder)
            let database = try await ReportDatabase.open(path: target.location, settings: .underLoad())
            let hour = Date(timeIntervalSince1970: Double(1_800_000_000 - 1_800_000_000 % 3_600))
            try await database.store(
                Array(repeating: StoreFixtures.stored(at: hour.addingTimeInterval(-7_200)), count: 5))
            try await database.store(Array(repeating: StoreFixtures.stored(at: hour.addingTimeInterval(600)), count: 2))
            try await database.store([StoreFixtures.stored(kind: .interception, at: hour.addingTimeInterval(-7_000))])
            let all = try await database.groups()
            #expect(all.map(\.occurrences) == [1, 7], "\(backend)")
            let window = try await database.groups(ReportFilter(since: hour.addingTimeInterval(1_800)))
            // The window starts at the hour holding --since: the two of that hour, none of two hours before.
            #expect(window.map(\.judgement) == [.lockout], "\(backend)")
            #expect(window.map(\.occurrences) == [2], "\(backend)")
            #expect(try await database.totals(ReportFilter(since: hour)) == [.lockout: 2], "\(backend)")
            #expect(try await database.totals() == [.lockout: 7, .interception: 1], "\(backend)")
            // The plain path and the windowed one agree when the window holds everything.
            let everything = try await database.groups(ReportFilter(since: hour.addingTimeInterval(-86_400)))
            #expect(everything == all, "\(backend)")
            await database.close()
            #expect(try await target("SELECT sum(count) FROM report_hours") == "8")
        }
    }

    @Test("A limit bounds the groups listed; groupCount says how many there are in all")
    func limitedListing() async throws {
        let folder = TemporaryFolder()
        let database = try await ReportDatabase.open(path: folder.path("reports.db"))
        try await database.store((0..<12).map { StoreFixtures.stored(host: "host\($0 + 10).pinbench.test") })
        let first = try await database.groups(ReportFilter(limit: 5))
        #expect(first.map(\.host) == (10..<15).map { "host\($0).pinbench.test" })
        #expect(try await database.groupCount(ReportFilter(limit: 5)) == 12)
        #expect(try await database.groupCount(ReportFilter(host: "host11.pinbench.test")) == 1)
        await database.close()
    }

    @Test(
        "The size cap in bytes drops junk before alarms and frees the chains its rows held",
        arguments: StoreBackend.available)
    func byteCap(_ backend: StoreBackend) async throws {
        let folder = TemporaryFolder()
        let target = try await backend.make(folder)
        let now = Date()
        let database = try await ReportDatabase.open(
            path: target.location, settings: .underLoad(StoreSettings(maxReports: nil, maxBytes: 12_000)))
        try await database.store([
            StoreFixtures.stored(version: "lockout", kind: .lockout, at: now.addingTimeInterval(-300)),
            StoreFixtures.stored(version: "proxy", kind: .interception, at: now.addingTimeInterval(-200)),
        ])
        // Junk with large chains of their own: each a distinct unreadable chain of 2 KB.
        let junk = (0..<10).map { index in
            StoredReport(
                report: FieldReport(
                    format: .trustKitIOS, host: StoreFixtures.pki.host, port: 443, appVersion: "junk\(index)",
                    validatedChain: .unreadable(String(repeating: "\(index)", count: 2_000)), knownPins: []),
                judgement: StoreFixtures.judgement(.unjudgeable), receivedAt: now.addingTimeInterval(-10))
        }
        try await database.store(junk)
        let before = Int(try await target("SELECT (SELECT sum(bytes) FROM reports) + (SELECT sum(bytes) FROM chains)"))!
        #expect(before > 12_000)
        try await database.prune(now: now)
        let dropped = try await database.dropped()
        await database.close()
        let after = Int(try await target("SELECT (SELECT sum(bytes) FROM reports) + (SELECT sum(bytes) FROM chains)"))!
        #expect(after <= 12_000)
        let kept = try await target("SELECT app_version FROM reports ORDER BY app_version")
        #expect(kept.contains("lockout") && kept.contains("proxy"))
        #expect((dropped["size-cap"]?.reports ?? 0) >= 1)
        // Every chain kept is used by a report kept.
        #expect(try await target("SELECT count(*) FROM chains WHERE digest NOT IN (SELECT chain FROM reports)") == "0")
        // The bytes stored are what the rows and chains hold: the chains' figure is their PEM's length.
        #expect(try await target("SELECT count(*) FROM chains WHERE bytes <> length(pem)") == "0")
    }

    @Test("A schema 1 file (the first slice's) is migrated: its counts kept, put in their last-seen hour")
    func migratesVersionOne() async throws {
        let folder = TemporaryFolder()
        let path = folder.path("old.db")
        _ = try await StoreFixtures.sqlite(
            path,
            """
            CREATE TABLE chains (digest TEXT PRIMARY KEY, pem TEXT NOT NULL);
            CREATE TABLE reports (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, host TEXT NOT NULL, port INTEGER,
                format TEXT NOT NULL, app_bundle_id TEXT, app_version TEXT, app_platform TEXT, release TEXT,
                judgement TEXT NOT NULL, reason TEXT NOT NULL, issuer TEXT, rejection TEXT, detail TEXT NOT NULL,
                chain TEXT NOT NULL, known_pins TEXT NOT NULL, reported_at INTEGER, first_seen INTEGER NOT NULL,
                last_seen INTEGER NOT NULL, count INTEGER NOT NULL);
            CREATE INDEX reports_last_seen ON reports (last_seen);
            CREATE INDEX reports_host ON reports (host, last_seen);
            CREATE TABLE dropped (cause TEXT PRIMARY KEY, reports INTEGER NOT NULL, occurrences INTEGER NOT NULL);
            INSERT INTO chains VALUES ('c1', 'unreadable: x');
            INSERT INTO reports (key, host, format, judgement, reason, detail, chain, known_pins, first_seen,
                last_seen, count) VALUES ('k1', 'api.pinbench.test', 'trustkit-ios', 'lockout', 'pins-reject', 'd',
                'c1', '', 1800000000, 1800007200, 9);
            PRAGMA user_version = 1;
            """)
        let database = try await ReportDatabase.open(path: path)
        #expect(try await database.schemaVersion() == 2)
        #expect(try await database.totals() == [.lockout: 9])
        #expect(
            try await database.totals(ReportFilter(since: Date(timeIntervalSince1970: 1_800_007_200))) == [.lockout: 9])
        await database.close()
        #expect(
            try await StoreFixtures.sqlite(path, "SELECT report_key, hour, count FROM report_hours") == "k1|500002|9")
        #expect(try await StoreFixtures.sqlite(path, "SELECT bytes FROM chains") == "13")
    }
}
