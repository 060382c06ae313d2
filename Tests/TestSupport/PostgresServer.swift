import Foundation
import Testing

/// A real PostgreSQL server for the tests: Debian's `initdb` into a temporary folder, `postgres` on 127.0.0.1 (a
/// free port, password required) and on a Unix socket in that folder (trusted), one per test process, a database
/// per test. PostgreSQL refuses to run as root, so when the tests run as root it runs as the `postgres` user.
///
/// Stopped when the test process exits (`pg_ctl stop -m immediate`, then SIGKILL), and by a watcher that stops it
/// when the test process is gone however it ended: no server is left running.
public final class PostgresServer: @unchecked Sendable {
    // @unchecked: immutable after init; `nextDatabase` is guarded by `lock`.
    public let port: Int
    /// The folder holding the Unix socket (`.s.PGSQL.<port>`).
    public let socketFolder: String
    /// The superuser's name and password (TCP connections need the password; the socket trusts).
    public let user = "pinbench"
    public let password = "pg-test-secret-\(UUID().uuidString.prefix(8))"
    private let folder: TemporaryFolder
    private let dataFolder: String
    private let lock = NSLock()
    private var nextDatabase = 0

    /// Where Debian installs PostgreSQL 15's programs.
    public static let binaries = "/usr/lib/postgresql/15/bin"

    /// Why PostgreSQL cannot run here, or nil when it can: the reason a skipped test states.
    public static var unavailableReason: String? {
        guard FileManager.default.isExecutableFile(atPath: binaries + "/postgres") else {
            return "needs PostgreSQL 15 (Debian's postgresql package: \(binaries))"
        }
        if getuid() == 0, getpwnam("postgres") == nil {
            return "runs as root and there is no postgres user to run PostgreSQL as"
        }
        return nil
    }

    /// The one server of this test process, started on first use.
    public static func shared() throws -> PostgresServer {
        try sharedServer.get()
    }

    private static let sharedServer = Result { try PostgresServer() }

    private init() throws {
        if let reason = Self.unavailableReason { throw PostgresServerFailure(message: reason) }
        folder = TemporaryFolder()
        dataFolder = folder.path("data")
        socketFolder = folder.path("socket")
        let passwordFile = folder.write("password", password + "\n")
        try FileManager.default.createDirectory(atPath: socketFolder, withIntermediateDirectories: true)
        let asRoot = getuid() == 0
        if asRoot, let account = getpwnam("postgres") {
            for path in [folder.url.path, socketFolder, passwordFile] {
                guard chown(path, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
                    throw PostgresServerFailure(message: "cannot hand \(path) to the postgres user: errno \(errno)")
                }
            }
        }
        try Self.run(
            asRoot,
            Self.binaries + "/initdb",
            [
                "-D", dataFolder, "-U", user, "--pwfile", passwordFile, "--auth-local=trust",
                "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync",
            ], timeout: 120)
        var started: Int?
        var lastError = ""
        for _ in 0..<5 {
            let candidate = try Self.freePort()
            do {
                try Self.run(
                    asRoot,
                    Self.binaries + "/pg_ctl",
                    [
                        "-D", dataFolder, "-l", folder.path("server.log"), "-w", "-t", "60", "-o",
                        "-c listen_addresses=127.0.0.1 -c port=\(candidate) -c unix_socket_directories=\(socketFolder) "
                            + "-c fsync=off -c max_connections=60 -c shared_buffers=16MB",
                        "start",
                    ], timeout: 90)
                started = candidate
                break
            } catch {
                lastError = "\(error) \(folder.read("server.log") ?? "")"
            }
        }
        guard let started else { throw PostgresServerFailure(message: "postgres did not start: \(lastError)") }
        port = started
        // However the test process ends, the server ends too: a watcher polls the test process and stops it. It is
        // started through ProcessRunner (no inherited descriptors: it holds no other test's pipe open) in a session of
        // its own with its output to /dev/null, so that it outlives the shell that starts it and a Ctrl-C.
        let stopCommand = "\(Self.prefix(asRoot)) \(Self.binaries)/pg_ctl -D \(dataFolder) stop -m immediate"
        let watcher =
            "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; \(stopCommand) >/dev/null 2>&1; "
            + "rm -rf \(folder.url.path)"
        _ = try? ProcessRunner.run(
            "/bin/sh", ["-c", "setsid /bin/sh -c '\(watcher)' </dev/null >/dev/null 2>&1 &"], timeout: 30)
        // The shared server is never released: its folder goes when it stops.
        let stop = { [dataFolder, folder] in
            _ = try? Self.run(
                asRoot, Self.binaries + "/pg_ctl", ["-D", dataFolder, "stop", "-m", "immediate"], timeout: 30)
            try? FileManager.default.removeItem(at: folder.url)
        }
        Self.stopAtExit.append(stop)
        atexit { for stop in PostgresServer.stopAtExit { stop() } }
    }

    nonisolated(unsafe) private static var stopAtExit: [() -> Void] = []

    /// A new, empty database on this server, for one test.
    public func createDatabase() throws -> String {
        lock.lock()
        nextDatabase += 1
        let name = "pinbench_test_\(getpid())_\(nextDatabase)"
        lock.unlock()
        try psql("CREATE DATABASE \(name)")
        return name
    }

    /// Runs `sql` with `psql` over the socket (in `database`, default `postgres`) and returns its unaligned output.
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        let result = try ProcessRunner.run(
            "/usr/bin/psql",
            [
                "-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", socketFolder, "-p", String(port), "-U", user,
                "-d", database, "-c", sql,
            ],
            timeout: 60)
        guard result.status == 0 else {
            throw PostgresServerFailure(message: "psql exit \(result.status): \(result.stderrText)")
        }
        return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The URL of `database` over TCP, with the password in it.
    public func url(_ database: String) -> String {
        "postgres://\(user):\(password)@127.0.0.1:\(port)/\(database)"
    }

    /// The URL of `database` over the Unix socket (trusted: no password).
    public func socketURL(_ database: String) -> String {
        "postgres://\(user)@/\(database)?host=\(socketFolder)&port=\(port)"
    }

    private static func prefix(_ asRoot: Bool) -> String { asRoot ? "runuser -u postgres --" : "" }

    private static func run(_ asRoot: Bool, _ executable: String, _ arguments: [String], timeout: TimeInterval) throws {
        let result =
            asRoot
            ? try ProcessRunner.run(
                "/usr/sbin/runuser", ["-u", "postgres", "--", executable] + arguments, timeout: timeout)
            : try ProcessRunner.run(executable, arguments, timeout: timeout)
        guard result.status == 0 else {
            throw PostgresServerFailure(
                message: "\((executable as NSString).lastPathComponent) exit \(result.status): \(result.stderrText)")
        }
    }

    /// A port nothing listens on now: bound to 127.0.0.1 port 0, read back, released.
    private static func freePort() throws -> Int { try LoopbackSocket().port }
}

/// A TCP socket bound to 127.0.0.1 on a port the system picks: closed to connections (bound only), or listening and
/// never accepting (a server that takes the connection and never answers). Closed when released.
public final class LoopbackSocket: @unchecked Sendable {
    // @unchecked: immutable after init.
    public let descriptor: Int32
    public let port: Int

    public init(listening: Bool = false) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound, !listening || listen(descriptor, 8) == 0 else {
            close(descriptor)
            throw PostgresServerFailure(message: "cannot bind a port on 127.0.0.1: errno \(errno)")
        }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}

public struct PostgresServerFailure: Error, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// The backends every store rule is tested against: SQLite, and PostgreSQL where a server can run here (else its
/// cases are left out, and the suites that need PostgreSQL alone are reported skipped with the reason).
public enum StoreBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    public var testDescription: String { rawValue }

    public static var available: [StoreBackend] {
        PostgresServer.unavailableReason == nil ? allCases : [.sqlite]
    }

    /// A new, empty database of this backend: its `--db` text, and a reader that answers `a|b` lines per row
    /// (`sqlite3 -batch`, or `psql -A -t`), the database's own command line.
    public func make(_ folder: TemporaryFolder) async throws -> StoreTarget {
        switch self {
        case .sqlite:
            let path = folder.path("reports.db")
            return StoreTarget(location: path) { query in
                let result = try await OffPoolThread.run {
                    try ProcessRunner.run("/usr/bin/sqlite3", ["-batch", path, query], timeout: 30)
                }
                guard result.status == 0 else {
                    throw PostgresServerFailure(message: "sqlite3 exit \(result.status): \(result.stderrText)")
                }
                return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        case .postgres:
            let (server, name) = try await OffPoolThread.run {
                let server = try PostgresServer.shared()
                return (server, try server.createDatabase())
            }
            return StoreTarget(location: server.url(name)) { query in
                try await OffPoolThread.run { try server.psql(query, database: name) }
            }
        }
    }
}

public struct StoreTarget: Sendable {
    public init(location: String, read: @escaping @Sendable (String) async throws -> String) {
        self.location = location
        self.read = read
    }

    public let location: String
    public let read: @Sendable (String) async throws -> String

    public func callAsFunction(_ query: String) async throws -> String { try await read(query) }
}
