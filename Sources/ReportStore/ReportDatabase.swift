import FieldReports
import Foundation
import PinningCore
import SQLiteNIO

/// The collector's SQLite database: WAL with `synchronous=FULL`, so a commit that returned survives `kill -9` and a
/// power loss; the schema versioned by `user_version` and migrated on open. Identical reports (one dedupe key) are
/// one row whose `count` grows; retention and the size cap drop rows and count what they dropped.
///
/// One connection, used by this actor only: writes are serialised here, each batch one transaction.
public actor ReportDatabase {
    public nonisolated let path: String
    public nonisolated let settings: StoreSettings
    private let connection: SQLiteConnection
    private var lastPrune: Date = .distantPast

    private init(path: String, settings: StoreSettings, connection: SQLiteConnection) {
        self.path = path
        self.settings = settings
        self.connection = connection
    }

    /// Opens (creating when missing) and migrates the database at `path`. Refuses a file that is not SQLite, an
    /// SQLite database of another program, and one from a newer PinBench.
    /// With `mustExist`, a missing file is an error instead of a new database (`pinbench reports` reads only).
    public static func open(
        path: String, settings: StoreSettings = StoreSettings(), mustExist: Bool = false
    ) async throws(StoreError) -> ReportDatabase {
        // Absolute, so SQLite never reads the name as a `file:` URI.
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        if mustExist, !FileManager.default.fileExists(atPath: absolute) {
            throw StoreError(
                .notADatabase, "\(absolute) does not exist: give the database `pinbench collect --db` writes")
        }
        let connection: SQLiteConnection
        do {
            connection = try await SQLiteConnection.open(storage: .file(path: absolute))
        } catch {
            throw StoreError(.failed, "\(absolute): cannot open the database: \(Self.words(error))")
        }
        let database = ReportDatabase(path: absolute, settings: settings, connection: connection)
        do {
            try await database.prepare()
        } catch {
            try? await connection.close()
            throw error
        }
        return database
    }

    private func prepare() async throws(StoreError) {
        let version = try await integer("PRAGMA user_version")
        if version == 0 {
            let tables = try await integer("SELECT count(*) FROM sqlite_master")
            guard tables == 0 else {
                throw StoreError(
                    .notADatabase,
                    "\(path) is an SQLite database of another program (it has tables and no PinBench schema); give "
                        + "a new file or a PinBench report database")
            }
        }
        guard version <= ReportSchema.currentVersion else {
            throw StoreError(
                .notADatabase,
                "\(path) has report schema \(version); this PinBench knows up to \(ReportSchema.currentVersion): "
                    + "use a newer PinBench")
        }
        let mode = try await run("PRAGMA journal_mode=WAL").first?.column("journal_mode")?.string
        guard mode == "wal" else {
            throw StoreError(.failed, "\(path): SQLite would not use write-ahead logging (journal mode \(mode ?? "?"))")
        }
        _ = try await run("PRAGMA synchronous=FULL")
        if let pages = settings.maxPageCount { _ = try await run("PRAGMA max_page_count=\(pages)") }
        if version < ReportSchema.currentVersion {
            try await transaction { () async throws(StoreError) in
                for step in ReportSchema.migrations[version...] {
                    for statement in step { _ = try await self.run(statement) }
                }
                _ = try await self.run("PRAGMA user_version=\(ReportSchema.currentVersion)")
            }
        }
    }

    /// The schema version the file holds (`PRAGMA user_version`).
    public func schemaVersion() async throws(StoreError) -> Int { try await integer("PRAGMA user_version") }

    /// Writes `batch` in one transaction: a new key inserted, a known key's count raised and its last sighting moved.
    /// When this returns, every report of the batch is on disk; when it throws, none of them is.
    public func store(_ batch: [StoredReport]) async throws(StoreError) {
        guard !batch.isEmpty else { return }
        // Identical reports within the batch are one row write with their number.
        var order: [String] = []
        var merged: [String: (item: StoredReport, count: Int, first: Date, last: Date)] = [:]
        for item in batch {
            if let kept = merged[item.key] {
                merged[item.key] = (
                    kept.item, kept.count + 1, min(kept.first, item.receivedAt), max(kept.last, item.receivedAt)
                )
            } else {
                order.append(item.key)
                merged[item.key] = (item, 1, item.receivedAt, item.receivedAt)
            }
        }
        try await transaction { () async throws(StoreError) in
            for key in order {
                let entry = merged[key]!
                try await self.write(entry.item, count: entry.count, first: entry.first, last: entry.last)
            }
        }
        // The reports are committed: what pruning meets now (a full disk, a busy file) must not turn their answer
        // into a failure, or the senders would retry and be counted twice. It is counted and tried again later.
        let now = Date()
        if now.timeIntervalSince(lastPrune) >= 60 {
            do { try await prune(now: now) } catch { pruneFailures += 1 }
        }
    }

    /// Prunes that failed after their reports were committed (``prune(now:)`` runs again a minute later).
    public private(set) var pruneFailures = 0

    private func write(_ item: StoredReport, count: Int, first: Date, last: Date) async throws(StoreError) {
        let report = item.report
        let judgement = item.judgement
        let digest = ReportKey.chainDigest(report.chainToJudge)
        _ = try await run(
            "INSERT OR IGNORE INTO chains (digest, pem) VALUES (?, ?)",
            [.text(digest), .text(Self.text(report.chainToJudge))])
        _ = try await run(
            """
            INSERT INTO reports (key, host, port, format, app_bundle_id, app_version, app_platform, release,
                judgement, reason, issuer, rejection, detail, chain, known_pins, reported_at, first_seen, last_seen,
                count)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET count = count + excluded.count,
                first_seen = min(first_seen, excluded.first_seen), last_seen = max(last_seen, excluded.last_seen)
            """,
            [
                .text(item.key), .text(report.host), Self.data(report.port), .text(report.format.rawValue),
                Self.data(report.appBundleID), Self.data(report.appVersion), Self.data(report.appPlatform),
                Self.data(judgement.release), .text(judgement.kind.rawValue), .text(judgement.reason.rawValue),
                Self.data(judgement.issuer), Self.data(judgement.rejection?.rawValue), .text(judgement.detail),
                .text(digest), .text(report.knownPins.joined(separator: ",")),
                Self.data(report.dateTime.map { Int($0.timeIntervalSince1970) }), .integer(Self.seconds(first)),
                .integer(Self.seconds(last)), .integer(SQLiteInt64(count)),
            ])
    }

    /// Drops what retention and the size cap no longer keep, counting it, and chains no report uses any more.
    public func prune(now: Date) async throws(StoreError) {
        lastPrune = now
        try await transaction { () async throws(StoreError) in
            if let retention = self.settings.retention {
                let cutoff = Self.seconds(now.addingTimeInterval(-retention))
                try await self.drop(
                    cause: "retention", where: "last_seen < ?", binds: [.integer(cutoff)])
            }
            if let cap = self.settings.maxReports {
                let rows = try await self.integer("SELECT count(*) FROM reports")
                if rows > cap {
                    try await self.drop(
                        cause: "size-cap",
                        // What cannot be judged or is the client's own fault goes first, the alarms last: a
                        // flood of junk must not push the lockouts and interceptions out.
                        where: "id IN (SELECT id FROM reports ORDER BY CASE judgement WHEN 'lockout' THEN 1 "
                            + "WHEN 'interception' THEN 1 WHEN 'suspicious' THEN 1 ELSE 0 END, last_seen, id "
                            + "LIMIT ?)",
                        binds: [.integer(SQLiteInt64(rows - cap))])
                }
            }
            _ = try await self.run("DELETE FROM chains WHERE digest NOT IN (SELECT chain FROM reports)")
        }
    }

    private func drop(cause: String, where condition: String, binds: [SQLiteData]) async throws(StoreError) {
        let counted = try await run(
            "SELECT count(*) AS reports, coalesce(sum(count), 0) AS occurrences FROM reports WHERE \(condition)", binds)
        let reports = counted.first?.column("reports")?.integer ?? 0
        let occurrences = counted.first?.column("occurrences")?.integer ?? 0
        guard reports > 0 else { return }
        _ = try await run("DELETE FROM reports WHERE \(condition)", binds)
        _ = try await run(
            """
            INSERT INTO dropped (cause, reports, occurrences) VALUES (?, ?, ?)
            ON CONFLICT (cause) DO UPDATE SET reports = reports + excluded.reports,
                occurrences = occurrences + excluded.occurrences
            """, [.text(cause), .integer(reports), .integer(occurrences)])
    }

    /// Runs `query` with `binds` and returns its rows.
    public func run(_ query: String, _ binds: [SQLiteData] = []) async throws(StoreError) -> [SQLiteRow] {
        do {
            return try await connection.query(query, binds)
        } catch let error as SQLiteError {
            throw Self.storeError(error, path: path)
        } catch {
            throw StoreError(.failed, "\(path): \(Self.words(error))")
        }
    }

    private func integer(_ query: String) async throws(StoreError) -> Int {
        Int(try await run(query).first?.columns.first?.data.integer ?? 0)
    }

    private func transaction(_ body: () async throws(StoreError) -> Void) async throws(StoreError) {
        _ = try await run("BEGIN IMMEDIATE")
        do {
            try await body()
            _ = try await run("COMMIT")
        } catch {
            _ = try? await run("ROLLBACK")
            throw error
        }
    }

    /// Closes the connection; the actor is unusable after.
    public func close() async {
        try? await connection.close()
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

    static func seconds(_ date: Date) -> SQLiteInt64 { SQLiteInt64(date.timeIntervalSince1970.rounded(.down)) }

    static func data(_ text: String?) -> SQLiteData { text.map { .text($0) } ?? .null }
    static func data(_ number: Int?) -> SQLiteData { number.map { .integer(SQLiteInt64($0)) } ?? .null }

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
