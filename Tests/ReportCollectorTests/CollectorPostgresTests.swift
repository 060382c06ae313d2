import Foundation
import ReportCollector
import ReportStore
import TestSupport
import Testing

@Suite(
    "ReportCollector on PostgreSQL: several collectors on one database, a database that goes down",
    .enabled(
        if: CollectorWorld.hasTools && PostgresServer.unavailableReason == nil,
        "\(PostgresServer.unavailableReason ?? "needs curl and the sqlite3 command line")"))
struct CollectorPostgresTests {
    @Test("Two collectors on one database under concurrent load: every acknowledged report counted exactly once")
    func twoCollectors() async throws {
        let world = try await CollectorWorld.make(.postgres)
        let first = try await world.start()
        let second = try await world.start()
        let template = world.folder.write("template.json", world.body(chain: world.pki.rotated.full))
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "soak_client.py")
        // Both clients post the same versions (the same rows) at once, one to each collector.
        async let one = OffPoolThread.run {
            try ProcessRunner.run(
                PythonInterpreter.path,
                PythonInterpreter.arguments + [script.path, first.url, template, "4", "3", "6"],
                timeout: 240)
        }
        async let two = OffPoolThread.run {
            try ProcessRunner.run(
                PythonInterpreter.path,
                PythonInterpreter.arguments + [script.path, second.url, template, "4", "3", "6"],
                timeout: 240)
        }
        let results = try await [one, two]
        var expected: [String: Int] = [:]
        for result in results {
            #expect(result.status == 0, "\(result.stderrText)")
            for version in result.stdoutText.split(separator: "\n") { expected[String(version), default: 0] += 1 }
        }
        #expect(expected.values.reduce(0, +) > 20)
        await first.stop()
        await second.stop()
        var stored: [String: Int] = [:]
        for row in try await world.read("SELECT app_version, count FROM reports").split(separator: "\n") {
            let parts = row.split(separator: "|")
            stored[String(parts[0])] = Int(parts[1])
        }
        #expect(stored == expected)
    }

    @Test("A database that goes down answers 503, never a 2xx; once it is back, reports are stored again")
    func databaseDown() async throws {
        let world = try await CollectorWorld.make(.postgres)
        let server = try await OffPoolThread.run { try PostgresServer.shared() }
        let name = String(world.location.split(separator: "/").last!)
        let run = try await world.start()
        #expect(try await CollectorWorld.curl(run.url, body: world.body(chain: world.pki.rotated.full)).status == 200)
        // Down: no new connections to the database, and the collector's own connection ended by the server.
        _ = try await OffPoolThread.run {
            try server.psql(
                "ALTER DATABASE \(name) ALLOW_CONNECTIONS false; SELECT count(pg_terminate_backend(pid)) "
                    + "FROM pg_stat_activity WHERE datname = '\(name)'")
        }
        for _ in 0..<2 {
            let answer = try await CollectorWorld.curl(
                run.url, body: world.body(chain: world.pki.rotated.full, version: "while-down"))
            #expect(answer.status == 503, "\(answer.text)")
            #expect(!answer.text.contains(server.password))
        }
        _ = try await OffPoolThread.run { try server.psql("ALTER DATABASE \(name) ALLOW_CONNECTIONS true") }
        let back = try await CollectorWorld.curl(
            run.url, body: world.body(chain: world.pki.rotated.full, version: "after"))
        #expect(back.status == 200, "\(back.text)")
        await run.stop()
        #expect(try await world.read("SELECT app_version, count FROM reports ORDER BY app_version") == "4.1|1\nafter|1")
    }

    @Test("pinbench reports reads a PostgreSQL database (password from PGPASSWORD, never printed)")
    func reportsCommand() async throws {
        let world = try await CollectorWorld.make(.postgres)
        let server = try await OffPoolThread.run { try PostgresServer.shared() }
        let run = try await world.start()
        #expect(try await CollectorWorld.curl(run.url, body: world.body(chain: world.pki.rotated.full)).status == 200)
        await run.stop()
        let name = String(world.location.split(separator: "/").last!)
        let url = "postgres://\(server.user)@127.0.0.1:\(server.port)/\(name)"
        let result = try await OffPoolThread.run {
            try ProcessRunner.run(
                PinBenchBinary.url.path, ["reports", "--db", url, "--fail-on", "lockout"],
                environment: ProcessInfo.processInfo.environment.merging(["PGPASSWORD": server.password]) { $1 },
                timeout: 240)
        }
        #expect(result.status == 1, "\(result.stderrText)")
        #expect(result.stdoutText.contains("lockout"))
        let wrong = try await OffPoolThread.run {
            try ProcessRunner.run(
                PinBenchBinary.url.path,
                ["reports", "--db", "postgres://\(server.user):wrong-pw@127.0.0.1:\(server.port)/\(name)"],
                timeout: 240)
        }
        #expect(wrong.status == 2)
        #expect(!wrong.stderrText.contains("wrong-pw") && !wrong.stdoutText.contains("wrong-pw"))
    }
}
