/// `pinbench collect`'s help, beside what it describes.
public enum CollectHelp {
    public static let abstract = "Collect pin-failure reports from apps in the field, judge each, and store them."
    public static let discussion = """
        Listens for pin-failure reports POSTed to any path (an app's report-uri is whatever the team configured): \
        TrustKit's (iOS and Android), RFC 7469 section 3's, and the JSON array `pinbench validate --report` writes. \
        Each report is judged with the core under the pins of the release its app version names (the releases \
        file beside the manifest; the manifest itself for a version no release names): lockout (a trusted chain \
        the pins reject), interception (a chain to a root outside the trust store, naming its issuer), \
        client-fault (PinBench accepts the chain: the device's clock, its pins or its trust store), invalid-chain, \
        or unjudgeable (no chain, or one that is not certificates; kept and counted). The answer is 200 only once \
        the report is committed: to an SQLite file (WAL, synchronous=FULL; an acknowledged report survives kill -9) \
        or to PostgreSQL (--db postgres://USER@HOST:PORT/NAME, the password from PGPASSWORD), where several \
        collectors may share one database. Identical reports are counted, not stored again; the same body posted \
        again (a replay) is acknowledged and counted once.

        Bounds: bodies (256 KiB), headers (16 KiB), JSON depth, certificates per chain and bytes per certificate, a \
        10-second deadline per request (headers and TLS handshake included), --rate requests a second per source \
        address (loopback exempt unless --limit-loopback; behind a proxy, --trusted-proxy reads X-Forwarded-For). \
        Answers: 400 not a report, 405 not POST, 408 too slow, 413 too large, 429 too many, 503 not stored now (a \
        full disk or an unreachable database: nothing acknowledged is lost; retry later).

        Plain HTTP is served on a loopback address only; any other address needs HTTPS (--tls-cert, --tls-key; TLS \
        1.2 or later). Stop with Ctrl-C.

        Examples:
          pinbench collect --listen 127.0.0.1:8080 --db reports.db --manifest pins.json
          PGPASSWORD=… pinbench collect --listen 0.0.0.0:8443 --tls-cert cert.pem --tls-key key.pem \\
              --db postgres://pinbench@db.internal:5432/reports --trusted-proxy 10.0.0.2
          pinbench reports --db reports.db --fail-on lockout,interception
        """
}

/// `pinbench reports`' help.
public enum ReportsHelp {
    public static let abstract = "Count the collected reports by host, release and judgement."
    public static let discussion = """
        Reads the database `pinbench collect` writes (a file or a postgres:// URL): for each host, release and \
        judgement the reports received (identical ones counted; with --since only those of its window, counted by \
        the hour), the distinct reports, first and last seen, and a sample (the most frequent report's reason and \
        chain); at most --limit groups, and how many more. Names and chains come from anyone who posted: every \
        text is escaped.

        Exit status: 0, or 1 when a judgement named by --fail-on has --min-count reports or more (default 1: one \
        is enough; for alerting from cron or CI); 2 bad input.

        Examples:
          pinbench reports --db reports.db
          pinbench reports --db reports.db --since 2026-11-27 --host api.example.com --json
          pinbench reports --db reports.db --fail-on lockout,interception,suspicious
          pinbench reports --db reports.db --since 2026-11-27T10:00:00Z --fail-on lockout --min-count 50
        """
}
