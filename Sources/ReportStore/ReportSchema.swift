/// The database's schema, one migration per version: `PRAGMA user_version` says which have run. A database from a
/// newer PinBench (a higher version) is refused rather than written in a shape it does not know.
enum ReportSchema {
    /// Each entry moves the schema from its index to its index + 1.
    static let migrations: [[String]] = [
        [
            """
            CREATE TABLE chains (
                digest TEXT PRIMARY KEY,
                pem TEXT NOT NULL
            )
            """,
            """
            CREATE TABLE reports (
                id INTEGER PRIMARY KEY,
                key TEXT NOT NULL UNIQUE,
                host TEXT NOT NULL,
                port INTEGER,
                format TEXT NOT NULL,
                app_bundle_id TEXT,
                app_version TEXT,
                app_platform TEXT,
                release TEXT,
                judgement TEXT NOT NULL,
                reason TEXT NOT NULL,
                issuer TEXT,
                rejection TEXT,
                detail TEXT NOT NULL,
                chain TEXT NOT NULL,
                known_pins TEXT NOT NULL,
                reported_at INTEGER,
                first_seen INTEGER NOT NULL,
                last_seen INTEGER NOT NULL,
                count INTEGER NOT NULL
            )
            """,
            "CREATE INDEX reports_last_seen ON reports (last_seen)",
            "CREATE INDEX reports_host ON reports (host, last_seen)",
            """
            CREATE TABLE dropped (
                cause TEXT PRIMARY KEY,
                reports INTEGER NOT NULL,
                occurrences INTEGER NOT NULL
            )
            """,
        ]
    ]

    static var currentVersion: Int { migrations.count }
}
