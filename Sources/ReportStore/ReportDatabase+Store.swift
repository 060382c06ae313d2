import FieldReports
import Foundation

extension ReportDatabase {
    /// Writes `batch` in one transaction: a new key inserted, a known key's count raised and its last sighting moved.
    /// When this returns, every report of the batch is committed; when it throws, none of them is.
    public func store(_ batch: [StoredReport]) async throws(StoreError) {
        guard !batch.isEmpty else { return }
        try await transaction { () async throws(StoreError) in
            try await self.writeBatch(try await self.fresh(batch))
        }
        // The reports are committed: what pruning meets now (a full disk, a busy file) must not turn their answer
        // into a failure, or the senders would retry and be counted twice. It is counted and tried again later.
        let now = Date()
        if now.timeIntervalSince(lastPrune) >= 60 {
            do { try await prune(now: now) } catch { pruneFailures += 1 }
        }
    }

    /// `batch` without the reports of bodies already received (within the replay window): each body's digest is
    /// recorded in the same transaction, so that of two collectors receiving one body, one counts it.
    private func fresh(_ batch: [StoredReport]) async throws(StoreError) -> [StoredReport] {
        // Each digest claimed once, in sorted order: two collectors' transactions never wait on each other in a cycle.
        var firstSeen: [String: Date] = [:]
        for item in batch where item.bodyPart == 0 {
            if let digest = item.bodyDigest, firstSeen[digest] == nil { firstSeen[digest] = item.receivedAt }
        }
        var claimed: Set<String> = []
        for digest in firstSeen.keys.sorted() {
            let inserted = try await rows(
                "INSERT INTO recent_bodies (digest, seen) VALUES (?, ?) ON CONFLICT (digest) DO NOTHING RETURNING digest",
                [.text(digest), .integer(Self.seconds(firstSeen[digest]!))])
            if !inserted.isEmpty { claimed.insert(digest) }
        }
        var kept: [StoredReport] = []
        kept.reserveCapacity(batch.count)
        var replayed = 0
        var current = false
        for item in batch {
            guard let digest = item.bodyDigest else {
                kept.append(item)
                continue
            }
            // The first report of a body decides for the whole body: new (it claimed its digest, and no body before
            // it in this batch did), or a replay.
            if item.bodyPart == 0 { current = claimed.remove(digest) != nil }
            if current {
                kept.append(item)
            } else {
                replayed += 1
            }
        }
        replays += replayed
        return kept
    }

    private func writeBatch(_ batch: [StoredReport]) async throws(StoreError) {
        // Identical reports within the batch are one row write with their number, and one per hour.
        var order: [String] = []
        var merged: [String: (item: StoredReport, count: Int, first: Date, last: Date)] = [:]
        var hours: [HourKey: Int64] = [:]
        for item in batch {
            if let kept = merged[item.key] {
                merged[item.key] = (
                    kept.item, kept.count + 1, min(kept.first, item.receivedAt), max(kept.last, item.receivedAt)
                )
            } else {
                order.append(item.key)
                merged[item.key] = (item, 1, item.receivedAt, item.receivedAt)
            }
            hours[HourKey(key: item.key, hour: Self.seconds(item.receivedAt) / 3_600), default: 0] += 1
        }
        // Chains, then rows, each in one order in every collector, so two batches never wait on each other's rows.
        var chains: [String: String] = [:]
        for key in order {
            let chain = merged[key]!.item.report.chainToJudge
            chains[ReportKey.chainDigest(chain)] = Self.text(chain)
        }
        for digest in chains.keys.sorted() {
            let pem = chains[digest]!
            _ = try await rows(
                "INSERT INTO chains (digest, pem, bytes) VALUES (?, ?, ?) ON CONFLICT (digest) DO NOTHING",
                [.text(digest), .text(pem), .integer(Int64(pem.utf8.count))])
        }
        if isPostgres { order.sort() }
        for key in order {
            let entry = merged[key]!
            try await write(entry.item, count: entry.count, first: entry.first, last: entry.last)
        }
        for hour in hours.keys.sorted() {
            _ = try await rows(
                "INSERT INTO report_hours (report_key, hour, count) VALUES (?, ?, ?) ON CONFLICT (report_key, hour) "
                    + "DO UPDATE SET count = report_hours.count + excluded.count",
                [.text(hour.key), .integer(hour.hour), .integer(hours[hour]!)])
        }
    }

    private func write(_ item: StoredReport, count: Int, first: Date, last: Date) async throws(StoreError) {
        let report = item.report
        let judgement = item.judgement
        let digest = ReportKey.chainDigest(report.chainToJudge)
        // Both dialects: SQLite's two-argument min/max are PostgreSQL's LEAST/GREATEST.
        let least = isPostgres ? "LEAST" : "min"
        let greatest = isPostgres ? "GREATEST" : "max"
        _ = try await rows(
            """
            INSERT INTO reports (key, host, port, format, app_bundle_id, app_version, app_platform, release,
                judgement, reason, issuer, rejection, detail, chain, known_pins, reported_at, first_seen, last_seen,
                count, bytes)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (key) DO UPDATE SET count = reports.count + excluded.count,
                first_seen = \(least)(reports.first_seen, excluded.first_seen),
                last_seen = \(greatest)(reports.last_seen, excluded.last_seen)
            """,
            [
                .text(item.key), .text(report.host), StoreValue(report.port), .text(report.format.rawValue),
                StoreValue(report.appBundleID), StoreValue(report.appVersion), StoreValue(report.appPlatform),
                StoreValue(judgement.release), .text(judgement.kind.rawValue), .text(judgement.reason.rawValue),
                StoreValue(judgement.issuer), StoreValue(judgement.rejection?.rawValue), .text(judgement.detail),
                .text(digest), .text(report.knownPins.joined(separator: ",")),
                StoreValue(report.dateTime.map { Int($0.timeIntervalSince1970) }), .integer(Self.seconds(first)),
                .integer(Self.seconds(last)), .integer(Int64(count)), .integer(Int64(item.rowBytes)),
            ])
    }

    /// Drops what retention and the size cap no longer keep, counting it, and chains no report uses any more.
    /// On PostgreSQL, collectors sharing the database prune one at a time (an advisory lock for the transaction).
    public func prune(now: Date) async throws(StoreError) {
        lastPrune = now
        try await transaction { () async throws(StoreError) in
            if self.isPostgres {
                _ = try await self.rows("SELECT pg_advisory_xact_lock(?)", [.integer(ReportSchema.pruneLock)])
            }
            if let retention = self.settings.retention {
                let cutoff = Self.seconds(now.addingTimeInterval(-retention))
                try await self.drop(cause: "retention", where: "last_seen < ?", binds: [.integer(cutoff)])
            }
            if let cap = self.settings.maxReports {
                let rows = try await self.integer("SELECT CAST(count(*) AS BIGINT) FROM reports")
                if rows > cap {
                    try await self.drop(
                        cause: "size-cap",
                        // What cannot be judged or is the client's own fault goes first, the alarms last: a
                        // flood of junk must not push the lockouts and interceptions out.
                        where: "id IN (SELECT id FROM reports ORDER BY CASE judgement WHEN 'lockout' THEN 1 "
                            + "WHEN 'interception' THEN 1 WHEN 'suspicious' THEN 1 ELSE 0 END, last_seen, id "
                            + "LIMIT ?)",
                        binds: [.integer(Int64(rows - cap))])
                }
            }
            _ = try await self.rows("DELETE FROM chains WHERE digest NOT IN (SELECT chain FROM reports)")
            if let cap = self.settings.maxBytes { try await self.capBytes(cap) }
            if let retention = self.settings.retention {
                let hour = Self.seconds(now.addingTimeInterval(-retention)) / 3_600
                _ = try await self.rows("DELETE FROM report_hours WHERE hour < ?", [.integer(hour)])
            }
            _ = try await self.rows(
                "DELETE FROM report_hours WHERE NOT EXISTS (SELECT 1 FROM reports WHERE reports.key = report_key)")
            try await self.pruneBodies(now: now)
        }
    }

    /// The size cap in bytes: rows and chains as stored. The rows to drop are taken in the cap's order (junk first,
    /// then the least recently seen), each with its share of its chain, until what they free covers the excess;
    /// a chain is freed with its last row. A few rounds, since shares are estimates.
    private func capBytes(_ cap: Int) async throws(StoreError) {
        for _ in 0..<4 {
            let total = try await integer(
                "SELECT CAST((SELECT coalesce(sum(bytes), 0) FROM reports) + (SELECT coalesce(sum(bytes), 0) "
                    + "FROM chains) AS BIGINT)")
            guard total > cap else { return }
            try await drop(
                cause: "size-cap",
                where: """
                    id IN (SELECT id FROM (
                        SELECT id, bytes + share AS own,
                            sum(bytes + share) OVER (ORDER BY priority, last_seen, id ROWS UNBOUNDED PRECEDING) AS upto
                        FROM (
                            SELECT id, last_seen, bytes,
                                CASE judgement WHEN 'lockout' THEN 1 WHEN 'interception' THEN 1
                                    WHEN 'suspicious' THEN 1 ELSE 0 END AS priority,
                                (SELECT chains.bytes FROM chains WHERE chains.digest = reports.chain)
                                    / (SELECT count(*) FROM reports AS sharing WHERE sharing.chain = reports.chain)
                                    AS share
                            FROM reports) AS sized) AS running
                        WHERE upto - own < ?)
                    """, binds: [.integer(Int64(total - cap))])
            _ = try await rows("DELETE FROM chains WHERE digest NOT IN (SELECT chain FROM reports)")
        }
    }

    /// The replay table bounded: digests older than the window, and beyond the most recent ``StoreSettings/maxRecentBodies``.
    private func pruneBodies(now: Date) async throws(StoreError) {
        let cutoff = Self.seconds(now.addingTimeInterval(-settings.replayWindow))
        _ = try await rows("DELETE FROM recent_bodies WHERE seen < ?", [.integer(cutoff)])
        let count = try await integer("SELECT CAST(count(*) AS BIGINT) FROM recent_bodies")
        if count > settings.maxRecentBodies {
            _ = try await rows(
                "DELETE FROM recent_bodies WHERE digest IN (SELECT digest FROM recent_bodies ORDER BY seen, digest "
                    + "LIMIT ?)", [.integer(Int64(count - settings.maxRecentBodies))])
        }
    }

    private func drop(cause: String, where condition: String, binds: [StoreValue]) async throws(StoreError) {
        let counted: [StoreRow]
        if isPostgres {
            // What was deleted, counted as it was deleted: a collector raising a count meanwhile is not lost.
            counted = try await rows(
                """
                WITH gone AS (DELETE FROM reports WHERE \(condition) RETURNING count)
                SELECT CAST(count(*) AS BIGINT) AS reports, CAST(coalesce(sum(count), 0) AS BIGINT) AS occurrences
                FROM gone
                """, binds)
        } else {
            // One writer (BEGIN IMMEDIATE): what is counted is what is deleted.
            counted = try await rows(
                "SELECT count(*) AS reports, coalesce(sum(count), 0) AS occurrences FROM reports WHERE \(condition)",
                binds)
        }
        let reports = counted.first?.column("reports")?.integer ?? 0
        let occurrences = counted.first?.column("occurrences")?.integer ?? 0
        guard reports > 0 else { return }
        if !isPostgres { _ = try await rows("DELETE FROM reports WHERE \(condition)", binds) }
        _ = try await rows(
            """
            INSERT INTO dropped (cause, reports, occurrences) VALUES (?, ?, ?)
            ON CONFLICT (cause) DO UPDATE SET reports = dropped.reports + excluded.reports,
                occurrences = dropped.occurrences + excluded.occurrences
            """, [.text(cause), .integer(reports), .integer(occurrences)])
    }
}

/// A report's key and an hour (Unix seconds / 3600): one row of `report_hours`.
struct HourKey: Hashable, Comparable {
    let key: String
    let hour: Int64

    static func < (lhs: Self, rhs: Self) -> Bool { (lhs.key, lhs.hour) < (rhs.key, rhs.hour) }
}
