import FieldReports
import Foundation
import PinningCore
import ReportStore
import TestSupport
import Testing

@Suite(
    "ReportStore: judged reports in SQLite, counted, migrated, bounded",
    .enabled(if: StoreFixtures.hasSQLiteCLI, "needs the sqlite3 command line (Debian's sqlite3) to read the files back")
)
struct ReportDatabaseTests {
    @Test("A new file: WAL, synchronous FULL, the current schema; the sqlite3 command line reads what was stored")
    func newDatabase() async throws {
        let folder = TemporaryFolder()
        let path = folder.path("reports.db")
        let database = try await ReportDatabase.open(path: path)
        #expect(try await database.schemaVersion() == 2)
        #expect(try await database.run("PRAGMA synchronous").first?.columns.first?.data.integer == 2)
        try await database.store([StoreFixtures.stored()])
        await database.close()
        #expect(try await StoreFixtures.sqlite(path, "PRAGMA journal_mode") == "wal")
        #expect(try await StoreFixtures.sqlite(path, "PRAGMA user_version") == "2")
        let row = try await StoreFixtures.sqlite(
            path, "SELECT host, app_version, judgement, reason, count FROM reports")
        #expect(row == "\(StoreFixtures.pki.host)|4.1|lockout|pins-reject|1")
        let pem = try await StoreFixtures.sqlite(path, "SELECT pem FROM chains")
        #expect(pem.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(pem.components(separatedBy: "BEGIN CERTIFICATE").count - 1 == 3)
    }

    @Test(
        "Identical reports are one row with a count, in one batch and across batches; others are rows of their own",
        arguments: StoreBackend.available)
    func identicalCounted(_ backend: StoreBackend) async throws {
        let folder = TemporaryFolder()
        let target = try await backend.make(folder)
        let database = try await ReportDatabase.open(path: target.location, settings: .underLoad())
        let early = Date(timeIntervalSince1970: 1_800_000_000)
        let late = early.addingTimeInterval(3_600)
        try await database.store(Array(repeating: StoreFixtures.stored(at: early), count: 5))
        try await database.store([StoreFixtures.stored(at: late), StoreFixtures.stored(version: "4.2", at: late)])
        await database.close()
        let rows = try await target(
            "SELECT app_version, count, first_seen, last_seen FROM reports ORDER BY app_version")
        #expect(rows == "4.1|6|1800000000|1800003600\n4.2|1|1800003600|1800003600")
        #expect(try await target("SELECT count(*) FROM chains") == "1")
    }

    @Test("Retention and the size cap drop rows and count what they dropped", arguments: StoreBackend.available)
    func retentionAndCap(_ backend: StoreBackend) async throws {
        let folder = TemporaryFolder()
        let target = try await backend.make(folder)
        let now = Date()
        let database = try await ReportDatabase.open(
            path: target.location, settings: .underLoad(StoreSettings(retention: 86_400, maxReports: 2)))
        try await database.store(
            Array(repeating: StoreFixtures.stored(version: "old", at: now.addingTimeInterval(-2 * 86_400)), count: 3))
        try await database.store([
            StoreFixtures.stored(version: "a", at: now.addingTimeInterval(-30)),
            StoreFixtures.stored(version: "b", at: now.addingTimeInterval(-20)),
            StoreFixtures.stored(version: "c", at: now.addingTimeInterval(-10)),
        ])
        try await database.prune(now: now)
        let dropped = try await database.dropped()
        #expect(dropped["retention"]?.reports == 1)
        #expect(dropped["retention"]?.occurrences == 3)
        #expect(dropped["size-cap"]?.reports == 1)
        await database.close()
        #expect(try await target("SELECT app_version FROM reports ORDER BY app_version") == "b\nc")
        #expect(
            try await target("SELECT cause, reports, occurrences FROM dropped ORDER BY cause")
                == "retention|1|3\nsize-cap|1|1")
    }

    @Test(
        "The size cap drops what cannot be judged before the alarms, however recent the junk is",
        arguments: StoreBackend.available)
    func capKeepsAlarms(_ backend: StoreBackend) async throws {
        let folder = TemporaryFolder()
        let target = try await backend.make(folder)
        let now = Date()
        let database = try await ReportDatabase.open(
            path: target.location, settings: .underLoad(StoreSettings(maxReports: 2)))
        try await database.store([
            StoreFixtures.stored(version: "lockout", kind: .lockout, at: now.addingTimeInterval(-300)),
            StoreFixtures.stored(version: "proxy", kind: .interception, at: now.addingTimeInterval(-200)),
        ])
        try await database.store(
            (0..<5).map {
                StoreFixtures.stored(version: "junk\($0)", kind: .unjudgeable, at: now.addingTimeInterval(-10))
            })
        try await database.prune(now: now)
        await database.close()
        #expect(try await target("SELECT app_version FROM reports ORDER BY app_version") == "lockout\nproxy")
    }

    @Test("Another program's database, a newer schema and a file that is not SQLite are refused, unchanged")
    func refusals() async throws {
        let folder = TemporaryFolder()
        let other = folder.path("other.db")
        _ = try await StoreFixtures.sqlite(other, "CREATE TABLE mine (x); INSERT INTO mine VALUES (1)")
        await #expect(throws: StoreError(.notADatabase, "")) { _ = try await ReportDatabase.open(path: other) }
        #expect(try await StoreFixtures.sqlite(other, "SELECT name FROM sqlite_master") == "mine")

        let newer = folder.path("newer.db")
        _ = try await StoreFixtures.sqlite(newer, "PRAGMA user_version=99")
        await #expect(throws: StoreError(.notADatabase, "")) { _ = try await ReportDatabase.open(path: newer) }

        let text = folder.write("notes.txt", String(repeating: "not a database\n", count: 200))
        await #expect(throws: StoreError(.notADatabase, "")) { _ = try await ReportDatabase.open(path: text) }
        #expect(folder.read("notes.txt") == String(repeating: "not a database\n", count: 200))

        await #expect(throws: StoreError(.notADatabase, "")) {
            _ = try await ReportDatabase.open(path: folder.path("missing.db"), mustExist: true)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("missing.db")))
    }

    @Test("A full database fails the batch as a whole with .full; what was stored before stays")
    func fullDisk() async throws {
        let folder = TemporaryFolder()
        let path = folder.path("reports.db")
        let database = try await ReportDatabase.open(path: path, settings: StoreSettings(maxPageCount: 24))
        var stored = 0
        var failure: StoreError?
        for index in 0..<500 {
            do {
                try await database.store([StoreFixtures.stored(host: "host\(index).pinbench.test")])
                stored += 1
            } catch {
                failure = error
                break
            }
        }
        #expect(failure?.code == .full)
        #expect(stored > 0)
        await database.close()
        #expect(try await StoreFixtures.sqlite(path, "SELECT count(*) FROM reports") == "\(stored)")
    }

    @Test(
        "The writer batches concurrent submits and returns each only after its commit",
        arguments: StoreBackend.available)
    func writerBatches(_ backend: StoreBackend) async throws {
        let folder = TemporaryFolder()
        let target = try await backend.make(folder)
        let database = try await ReportDatabase.open(path: target.location, settings: .underLoad())
        let writer = ReportWriter(database: database)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<400 {
                group.addTask { try await writer.submit(StoreFixtures.stored(version: "v\(index % 40)")) }
            }
            try await group.waitForAll()
        }
        #expect(await writer.committed == 400)
        #expect(await writer.batches < 400)
        #expect(try await database.totalOccurrences() == 400)
        await database.close()
        #expect(try await target("SELECT count(*), sum(count) FROM reports") == "40|400")
    }

    @Test(
        "The writer's wait is bounded in bytes: concurrent bodies past it are refused busy, the rest all stored",
        arguments: StoreBackend.available)
    func writerBoundedInBytes(_ backend: StoreBackend) async throws {
        let folder = TemporaryFolder()
        let target = try await backend.make(folder)
        let database = try await ReportDatabase.open(
            path: target.location, settings: .underLoad(StoreSettings(maxPendingBytes: 1)))
        let writer = ReportWriter(database: database)
        let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    do {
                        try await writer.submit(StoreFixtures.stored(version: "v\(index)"))
                        return true
                    } catch {
                        #expect((error as? StoreError)?.code == .busy)
                        return false
                    }
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        let stored = outcomes.filter { $0 }.count
        #expect(stored >= 1)
        #expect(stored < 200)
        #expect(try await database.totalOccurrences() == stored)
        await database.close()
    }

    @Test(
        "Groups by host, release and judgement, with first and last seen and a sample chain",
        arguments: StoreBackend.available)
    func groups(_ backend: StoreBackend) async throws {
        let folder = TemporaryFolder()
        let target = try await backend.make(folder)
        let database = try await ReportDatabase.open(path: target.location, settings: .underLoad())
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        try await database.store(
            Array(repeating: StoreFixtures.stored(at: time), count: 3) + [
                StoreFixtures.stored(kind: .interception, at: time.addingTimeInterval(60)),
                StoreFixtures.stored(host: "other.pinbench.test", at: time.addingTimeInterval(3_720)),
            ])
        let all = try await database.groups()
        #expect(all.map(\.host) == ["api.pinbench.test", "api.pinbench.test", "other.pinbench.test"])
        #expect(all.map(\.judgement) == [.interception, .lockout, .lockout])
        #expect(all[1].occurrences == 3)
        #expect(all[1].firstSeen == time)
        #expect(all[0].sampleIssuer == "CN=Proxy")
        #expect(all[1].sampleChain.hasPrefix("-----BEGIN CERTIFICATE-----"))
        #expect(try await database.groups(ReportFilter(host: "other.pinbench.test")).count == 1)
        // --since counts by the hour: the hour holding time + 3,700 s holds only the other host's report.
        #expect(try await database.groups(ReportFilter(since: time.addingTimeInterval(3_700))).count == 1)
        await database.close()
    }
}
