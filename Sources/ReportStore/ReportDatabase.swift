import FieldReports
import Foundation
import PinningCore
import PostgresNIO
import SQLiteNIO

/// The collector's database, SQLite or PostgreSQL behind one set of rules: the schema versioned and migrated on open
/// (a database from a newer PinBench or another program's refused and left as it was), identical reports one row
/// whose `count` grows, retention and the size cap counting what they drop, a batch one transaction.
///
/// SQLite: WAL with `synchronous=FULL`, so a commit that returned survives `kill -9` and a power loss; one writer.
/// PostgreSQL: for several collectors on one database; every write is an upsert that adds its count
/// (`count = reports.count + excluded.count`), so concurrent collectors count each occurrence exactly once, and every
/// network step has a deadline (``StoreSettings/connectTimeout``, ``StoreSettings/queryTimeout``).
///
/// One connection, used by this actor only.
public actor ReportDatabase {
    /// The database as messages name it: the SQLite file's absolute path, or the PostgreSQL URL without a password.
    public nonisolated let path: String
    public nonisolated let location: StoreLocation
    public nonisolated let settings: StoreSettings
    let backend: Backend
    var lastPrune: Date = .distantPast
    /// Prunes that failed after their reports were committed (``prune(now:)`` runs again a minute later).
    public internal(set) var pruneFailures = 0
    /// Reports not counted since start because their body had been received before (a replay).
    public internal(set) var replays = 0

    enum Backend {
        case sqlite(SQLiteConnection)
        case postgres(PostgresLink)
    }

    private init(location: StoreLocation, settings: StoreSettings, backend: Backend) {
        self.location = location
        self.path = location.shown
        self.settings = settings
        self.backend = backend
    }

    /// True when the reports are in PostgreSQL.
    public nonisolated var isPostgres: Bool {
        if case .postgres = location { return true }
        return false
    }

    /// Opens (creating when missing) and migrates the database `path` names: an SQLite file, or a `postgres://` URL
    /// (``StoreLocation``). Refuses a file that is not SQLite, a database of another program, and one from a newer
    /// PinBench. With `mustExist`, a missing SQLite file is an error instead of a new database (`pinbench reports`
    /// reads only).
    public static func open(
        path: String, settings: StoreSettings = StoreSettings(), mustExist: Bool = false
    ) async throws(StoreError) -> ReportDatabase {
        try await open(location: StoreLocation(path), settings: settings, mustExist: mustExist)
    }

    public static func open(
        location: StoreLocation, settings: StoreSettings = StoreSettings(), mustExist: Bool = false
    ) async throws(StoreError) -> ReportDatabase {
        let backend: Backend
        switch location {
        case .sqlite(let absolute):
            if mustExist, !FileManager.default.fileExists(atPath: absolute) {
                throw StoreError(
                    .notADatabase, "\(absolute) does not exist: give the database `pinbench collect --db` writes")
            }
            do {
                // Absolute, so SQLite never reads the name as a `file:` URI.
                backend = .sqlite(try await SQLiteConnection.open(storage: .file(path: absolute)))
            } catch {
                throw StoreError(.failed, "\(absolute): cannot open the database: \(Self.words(error))")
            }
        case .postgres(let address):
            backend = .postgres(
                PostgresLink(
                    address: address, connectTimeout: settings.connectTimeout, queryTimeout: settings.queryTimeout))
        }
        let database = ReportDatabase(location: location, settings: settings, backend: backend)
        do {
            try await database.prepare(mustExist: mustExist)
        } catch {
            await database.close()
            throw error
        }
        return database
    }

    private func prepare(mustExist: Bool) async throws(StoreError) {
        switch backend {
        case .sqlite: try await prepareSQLite()
        case .postgres: try await preparePostgres(mustExist: mustExist)
        }
    }

    private func prepareSQLite() async throws(StoreError) {
        let version = try await integer("PRAGMA user_version")
        if version == 0 {
            let tables = try await integer("SELECT count(*) FROM sqlite_master")
            guard tables == 0 else { throw Self.foreign(path) }
        }
        try Self.check(version, path: path)
        let mode = try await rows("PRAGMA journal_mode=WAL").first?.column("journal_mode")?.string
        guard mode == "wal" else {
            throw StoreError(.failed, "\(path): SQLite would not use write-ahead logging (journal mode \(mode ?? "?"))")
        }
        _ = try await rows("PRAGMA synchronous=FULL")
        if let pages = settings.maxPageCount { _ = try await rows("PRAGMA max_page_count=\(pages)") }
        if version < ReportSchema.currentVersion {
            try await transaction { () async throws(StoreError) in
                for step in ReportSchema.sqlite[version...] {
                    for statement in step { _ = try await self.rows(statement) }
                }
                _ = try await self.rows("PRAGMA user_version=\(ReportSchema.currentVersion)")
            }
        }
    }

    /// PostgreSQL keeps the version in a table of its own (`pinbench_schema`). Collectors starting together take
    /// turns (an advisory lock held for the transaction), so one migrates and the others find it done.
    private func preparePostgres(mustExist: Bool) async throws(StoreError) {
        try await transaction { () async throws(StoreError) in
            _ = try await self.rows("SELECT pg_advisory_xact_lock(?)", [.integer(ReportSchema.migrationLock)])
            let known = try await self.rows("SELECT CAST(to_regclass('pinbench_schema') AS TEXT) AS name")
            let version: Int
            if known.first?.column("name")?.string == nil {
                let tables = try await self.integer(
                    "SELECT CAST(count(*) AS BIGINT) FROM information_schema.tables "
                        + "WHERE table_schema = current_schema()")
                guard tables == 0 else { throw Self.foreign(self.path) }
                guard !mustExist else {
                    throw StoreError(
                        .notADatabase, "\(self.path) holds no reports: give the database `pinbench collect --db` writes"
                    )
                }
                version = 0
            } else {
                version = try await self.integer("SELECT CAST(max(version) AS BIGINT) FROM pinbench_schema")
            }
            try Self.check(version, path: self.path)
            guard version < ReportSchema.currentVersion else { return }
            if version == 0 { _ = try await self.rows("CREATE TABLE pinbench_schema (version BIGINT NOT NULL)") }
            for step in ReportSchema.postgres[version...] {
                for statement in step { _ = try await self.rows(statement) }
            }
            _ = try await self.rows("DELETE FROM pinbench_schema")
            _ = try await self.rows(
                "INSERT INTO pinbench_schema (version) VALUES (?)", [.integer(Int64(ReportSchema.currentVersion))])
        }
    }

    private static func foreign(_ path: String) -> StoreError {
        StoreError(
            .notADatabase,
            "\(path) is a database of another program (it has tables and no PinBench schema); give a new, empty "
                + "database or a PinBench report database")
    }

    private static func check(_ version: Int, path: String) throws(StoreError) {
        guard version <= ReportSchema.currentVersion else {
            throw StoreError(
                .notADatabase,
                "\(path) has report schema \(version); this PinBench knows up to \(ReportSchema.currentVersion): "
                    + "use a newer PinBench")
        }
    }

    /// The schema version the database holds (`PRAGMA user_version`, or PostgreSQL's `pinbench_schema` table).
    public func schemaVersion() async throws(StoreError) -> Int {
        switch backend {
        case .sqlite: return try await integer("PRAGMA user_version")
        case .postgres: return try await integer("SELECT CAST(max(version) AS BIGINT) FROM pinbench_schema")
        }
    }

    /// Runs `query` (`?` placeholders) with `binds` on either backend and returns its rows.
    public func rows(_ query: String, _ binds: [StoreValue] = []) async throws(StoreError) -> [StoreRow] {
        switch backend {
        case .sqlite(let connection):
            do {
                return try await connection.query(query, binds.map(Self.sqliteData)).map { row in
                    StoreRow(names: row.columns.map(\.name), values: row.columns.map { Self.value($0.data) })
                }
            } catch let error as SQLiteError {
                throw Self.storeError(error, path: path)
            } catch {
                throw StoreError(.failed, "\(path): \(Self.words(error))")
            }
        case .postgres(let link):
            return try await link.rows(query, binds)
        }
    }

    /// Runs `query` with `binds` on SQLite and returns its rows as SQLiteNIO reads them. SQLite only (a PostgreSQL
    /// database answers ``StoreError/Code/failed``): ``rows(_:_:)`` reads either.
    public func run(_ query: String, _ binds: [SQLiteData] = []) async throws(StoreError) -> [SQLiteRow] {
        guard case .sqlite(let connection) = backend else {
            throw StoreError(.failed, "\(path): run(_:_:) reads SQLite only; use rows(_:_:)")
        }
        do {
            return try await connection.query(query, binds)
        } catch let error as SQLiteError {
            throw Self.storeError(error, path: path)
        } catch {
            throw StoreError(.failed, "\(path): \(Self.words(error))")
        }
    }

    func integer(_ query: String, _ binds: [StoreValue] = []) async throws(StoreError) -> Int {
        Int(try await rows(query, binds).first?.values.first?.integer ?? 0)
    }

    func transaction(_ body: () async throws(StoreError) -> Void) async throws(StoreError) {
        switch backend {
        case .sqlite:
            _ = try await rows("BEGIN IMMEDIATE")
            do {
                try await body()
                _ = try await rows("COMMIT")
            } catch {
                _ = try? await rows("ROLLBACK")
                throw error
            }
        case .postgres(let link):
            _ = try await rows("BEGIN")
            link.inTransaction = true
            do {
                try await body()
                _ = try await rows("COMMIT")
                link.inTransaction = false
            } catch {
                await link.rollback()
                throw error
            }
        }
    }

    /// Closes the connection; the actor is unusable after.
    public func close() async {
        switch backend {
        case .sqlite(let connection): try? await connection.close()
        case .postgres(let link): await link.close()
        }
    }

    static func storeError(_ error: SQLiteError, path: String) -> StoreError {
        switch error.reason {
        case .full:
            return StoreError(.full, "\(path): the disk is full (nothing of this batch was kept)")
        case .notADatabase:
            return StoreError(.notADatabase, "\(path) is not an SQLite database")
        default:
            return StoreError(.failed, "\(path): \(words(error))")
        }
    }

    static func words(_ error: any Error) -> String { String(describing: error).terminalSafe }

    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    static func sqliteData(_ value: StoreValue) -> SQLiteData {
        switch value {
        case .integer(let number): return .integer(SQLiteInt64(number))
        case .text(let text): return .text(text)
        case .null: return .null
        }
    }

    static func value(_ data: SQLiteData) -> StoreValue {
        switch data {
        case .integer(let number): return .integer(Int64(number))
        case .text(let text): return .text(text)
        case .float(let number): return .integer(Int64(number))
        case .blob(let buffer): return .text(String(buffer: buffer))
        case .null: return .null
        }
    }

    /// A chain as the `chains` table keeps it: PEM blocks, or the reason it could not be read.
    static func text(_ chain: FieldReport.Chain) -> String {
        switch chain {
        case .none: return ""
        case .unreadable(let reason): return "unreadable: " + reason
        case .certificates(let list):
            return list.map { der in
                let base64 = Data(der).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
                return "-----BEGIN CERTIFICATE-----\n\(base64)\n-----END CERTIFICATE-----\n"
            }.joined()
        }
    }
}
