import FieldReports
import Foundation
import ReportStore
import TestSupport
import Testing

@Suite(
    "ReportStore on PostgreSQL: a real server, several collectors on one database, deadlines, no password shown",
    .enabled(if: PostgresServer.unavailableReason == nil, "\(PostgresServer.unavailableReason ?? "")"))
struct PostgresStoreTests {
    @Test("A new database: the version table and the current schema; the password is in no name the store shows")
    func newDatabase() async throws {
        let folder = TemporaryFolder()
        let target = try await StoreBackend.postgres.make(folder)
        let server = try PostgresServer.shared()
        let database = try await ReportDatabase.open(path: target.location, settings: .underLoad())
        #expect(try await database.schemaVersion() == 2)
        #expect(database.isPostgres)
        #expect(!database.path.contains(server.password))
        #expect(database.path.hasPrefix("postgres://\(server.user)@127.0.0.1:\(server.port)/"))
        try await database.store([StoreFixtures.stored()])
        await database.close()
        #expect(try await target("SELECT version FROM pinbench_schema") == "2")
        #expect(
            try await target("SELECT host, app_version, judgement, reason, count FROM reports")
                == "\(StoreFixtures.pki.host)|4.1|lockout|pins-reject|1")
        // Opening again migrates nothing and keeps what is there.
        let again = try await ReportDatabase.open(path: target.location, settings: .underLoad())
        #expect(try await again.totalOccurrences() == 1)
        await again.close()
    }

    @Test("The Unix socket URL (postgres://user@/name?host=/folder) reaches the same database")
    func socketURL() async throws {
        let server = try await OffPoolThread.run { try PostgresServer.shared() }
        let name = try await OffPoolThread.run { try server.createDatabase() }
        let database = try await ReportDatabase.open(path: server.socketURL(name), settings: .underLoad())
        try await database.store([StoreFixtures.stored()])
        #expect(database.path.contains("socket=\(server.socketFolder)"))
        await database.close()
        let tcp = try await ReportDatabase.open(path: server.url(name), settings: .underLoad())
        #expect(try await tcp.totalOccurrences() == 1)
        await tcp.close()
    }

    @Test("Another program's tables and a newer schema are refused and left as they were")
    func refusals() async throws {
        let server = try await OffPoolThread.run { try PostgresServer.shared() }
        let other = try await OffPoolThread.run { try server.createDatabase() }
        _ = try await OffPoolThread.run {
            try server.psql("CREATE TABLE mine (x INTEGER); INSERT INTO mine VALUES (1)", database: other)
        }
        await #expect(throws: StoreError(.notADatabase, "")) {
            _ = try await ReportDatabase.open(path: server.url(other), settings: .underLoad())
        }
        #expect(try await OffPoolThread.run { try server.psql("SELECT x FROM mine", database: other) } == "1")
        #expect(
            try await OffPoolThread.run {
                try server.psql(
                    "SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'", database: other)
            } == "1")

        let newer = try await OffPoolThread.run { try server.createDatabase() }
        let database = try await ReportDatabase.open(path: server.url(newer), settings: .underLoad())
        await database.close()
        _ = try await OffPoolThread.run { try server.psql("UPDATE pinbench_schema SET version = 99", database: newer) }
        await #expect(throws: StoreError(.notADatabase, "")) {
            _ = try await ReportDatabase.open(path: server.url(newer), settings: .underLoad())
        }
        #expect(
            try await OffPoolThread.run { try server.psql("SELECT version FROM pinbench_schema", database: newer) }
                == "99")
    }

    @Test(
        "Two collectors on one database, opened together and writing the same reports at once: every occurrence counted once"
    )
    func concurrentCollectors() async throws {
        let folder = TemporaryFolder()
        let target = try await StoreBackend.postgres.make(folder)
        // Both open (and migrate) at the same moment: one migrates, the other finds it done.
        async let first = ReportDatabase.open(path: target.location, settings: .underLoad())
        async let second = ReportDatabase.open(path: target.location, settings: .underLoad())
        let databases = try await [first, second]
        let writers = databases.map { ReportWriter(database: $0) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<600 {
                let writer = writers[index % 2]
                group.addTask { try await writer.submit(StoreFixtures.stored(version: "v\(index % 30)")) }
            }
            try await group.waitForAll()
        }
        #expect(await writers[0].committed == 300)
        #expect(await writers[1].committed == 300)
        for database in databases { await database.close() }
        #expect(try await target("SELECT count(*), sum(count), min(count), max(count) FROM reports") == "30|600|20|20")
    }

    @Test("Bad URLs are refused with what to write; the password never appears in the message")
    func badURLs() {
        let secret = "s3cret-pw"
        for url in [
            "postgres://me:\(secret)@db.example:99999/reports", "postgres://me:\(secret)@db.example/",
            "postgres://me:\(secret)@db.example/reports?color=blue", "postgres://:\(secret)@/reports",
            "postgres://me:\(secret)@db.example/reports?sslmode=sometimes",
        ] {
            do {
                _ = try StoreLocation(url, environment: [:])
                Issue.record("\(url) was accepted")
            } catch {
                #expect(error.code == .badLocation, "\(url)")
                #expect(!error.message.contains(secret), "\(error.message)")
            }
        }
        let location = try? StoreLocation("postgres://me:\(secret)@db.example:6543/reports", environment: [:])
        #expect(location?.shown == "postgres://me@db.example:6543/reports")
        guard case .postgres(let address)? = location else {
            Issue.record("not a PostgreSQL location")
            return
        }
        // A host that is not loopback needs TLS unless told otherwise.
        #expect(address.requireTLS)
        #expect(PostgresAddress.redact("postgres://me:\(secret)@h/x") == "postgres://me:***@h/x")
    }

    @Test("A wrong password is refused without showing the password; nothing listening is unavailable at once")
    func unreachable() async throws {
        let server = try await OffPoolThread.run { try PostgresServer.shared() }
        let name = try await OffPoolThread.run { try server.createDatabase() }
        let wrong = "postgres://\(server.user):not-the-password@127.0.0.1:\(server.port)/\(name)"
        do {
            _ = try await ReportDatabase.open(path: wrong)
            Issue.record("a wrong password was accepted")
        } catch {
            #expect(error.code == .unavailable)
            #expect(!error.message.contains("not-the-password"))
            #expect(error.message.contains("28P01"), "\(error.message)")
        }
        let closedPort = try await OffPoolThread.run { try LoopbackSocket().port }
        await #expect(throws: StoreError(.unavailable, "")) {
            _ = try await ReportDatabase.open(path: "postgres://x@127.0.0.1:\(closedPort + 0)/none")
        }
    }

    @Test("A server that accepts and never answers: the connect deadline ends the wait")
    func silentServer() async throws {
        let listener = try await OffPoolThread.run { try LoopbackSocket(listening: true) }
        let started = ContinuousClock.now
        do {
            _ = try await ReportDatabase.open(
                path: "postgres://x@127.0.0.1:\(listener.port)/none",
                settings: StoreSettings(connectTimeout: .seconds(2)))
            Issue.record("a silent server was taken for a database")
        } catch {
            #expect(error.code == .unavailable)
        }
        // The deadline, not the test's own patience, ended it (generous: a loaded machine is slow).
        #expect(ContinuousClock.now - started < .seconds(60))
        withExtendedLifetime(listener) {}
    }

    @Test("A query stuck on a lock ends at the query deadline as unavailable, nothing of the batch kept; then it works")
    func queryDeadline() async throws {
        let folder = TemporaryFolder()
        let target = try await StoreBackend.postgres.make(folder)
        let server = try await OffPoolThread.run { try PostgresServer.shared() }
        // The deadline under test is on its own handle; the rest runs with deadlines for a loaded machine.
        let steady = try await ReportDatabase.open(path: target.location, settings: .underLoad())
        try await steady.store([StoreFixtures.stored(version: "before")])
        var short = StoreSettings.underLoad()
        short.queryTimeout = .seconds(2)
        let database = try await ReportDatabase.open(path: target.location, settings: short)
        let name = String(target.location.split(separator: "/").last!)
        // psql holds the reports table locked for 8 seconds in a transaction of its own.
        async let holder = OffPoolThread.run {
            try ProcessRunner.run(
                "/usr/bin/psql",
                [
                    "-X", "-h", server.socketFolder, "-p", String(server.port), "-U", server.user, "-d", name, "-c",
                    "BEGIN; LOCK TABLE reports IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(8); COMMIT;",
                ],
                timeout: 60)
        }
        // Wait until the lock is held (a condition, not a fixed time).
        let giveUp = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < giveUp {
            let held = try await target(
                "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
                    + "WHERE c.relname = 'reports' AND l.mode = 'AccessExclusiveLock' AND l.granted")
            if held == "1" { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        await #expect(throws: StoreError(.unavailable, "")) {
            try await database.store([StoreFixtures.stored(version: "during")])
        }
        _ = try await holder
        try await steady.store([StoreFixtures.stored(version: "after")])
        await database.close()
        await steady.close()
        #expect(try await target("SELECT app_version FROM reports ORDER BY app_version") == "after\nbefore")
    }
}
