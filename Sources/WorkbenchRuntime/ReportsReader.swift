import FieldReports
import Foundation
import PinningCore
import ReportStore
import Workbench

/// Reads the collector's report database for the Reports view: the selected host's counts and latest reports, and
/// the database's total for the status bar. A missing database is a hint, not an error; the database is only read
/// (it is opened as `pinbench reports` opens it, never created).
public enum ReportsReader {
    /// The database `pinbench collect --db reports.db` writes beside the manifest: where the workbench looks.
    public static let fileName = "reports.db"

    public static func url(besideManifest manifest: URL) -> URL {
        manifest.deletingLastPathComponent().appendingPathComponent(fileName)
    }

    /// The database at `url` as it stands now, for `host` (normalized).
    public static func read(_ url: URL, host: String) async -> ReportsOnDisk {
        let path = url.path
        // An empty file is not a database yet: opening it would make one.
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        guard let size, size > 0 else { return .missing(path: path) }
        let database: ReportDatabase
        do {
            database = try await ReportDatabase.open(path: path, mustExist: true)
        } catch {
            return .unreadable(path: path, error.description)
        }
        do {
            let groups = try await database.groups(ReportFilter(host: host))
            let recent = try await database.recentReports(host: host, limit: ReportsFeed.latestLimit)
            let total = try await database.totalOccurrences()
            await database.close()
            return .loaded(
                path: path, total: total,
                host: HostReports(
                    host: host,
                    groups: groups.map {
                        HostReports.Group(
                            release: $0.release, judgement: $0.judgement, occurrences: $0.occurrences,
                            distinct: $0.distinct, firstSeen: $0.firstSeen, lastSeen: $0.lastSeen)
                    }, latest: recent.map(entry)))
        } catch {
            await database.close()
            return .unreadable(path: path, error.description)
        }
    }

    /// A stored report with its chain decoded (a chain the collector could not read stays unshown, and says why).
    static func entry(_ report: RecentReport) -> HostReports.Entry {
        var chain: [ChainCertificate] = []
        var problem: String?
        if report.chain.isEmpty {
            problem = "the report carried no chain"
        } else if report.chain.hasPrefix("unreadable: ") {
            problem = String(report.chain.dropFirst("unreadable: ".count))
        } else {
            do {
                chain = try CertificateChainDecoder.decode(
                    Data(report.chain.utf8), source: "report #\(report.summary.id)")
            } catch {
                problem = error.description
            }
        }
        return HostReports.Entry(summary: report.summary, chain: chain, chainProblem: problem)
    }
}

/// Reads the report database every `interval` seconds, and at once when the selected host changes, at most one
/// read at a time: a slow disk costs one read in flight, never a pile of them.
final class ReportsPoller {
    private let url: URL
    private let interval: TimeInterval
    private var last = Date.distantPast
    private var lastHost: String?
    private let reading = ReadInFlight()

    init(url: URL, interval: TimeInterval) {
        self.url = url
        self.interval = interval
    }

    /// Starts a read for `host` into `inbox` when one is due and none runs.
    func poll(host: String?, now: Date, into inbox: MessageInbox) {
        guard let host else { return }
        guard host != lastHost || now.timeIntervalSince(last) >= interval, reading.begin() else { return }
        last = now
        lastHost = host
        let url = self.url
        let reading = self.reading
        Task.detached(executorPreference: RuntimeExecutor.shared) {
            inbox.post(.reportsOnDisk(await ReportsReader.read(url, host: host)))
            reading.end()
        }
    }
}
