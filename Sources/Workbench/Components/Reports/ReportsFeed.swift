import FieldReports
import Foundation
import PinningCore

/// The field reports of one host as the runtime read them from the collector's database: counts per release and
/// judgement, and the latest reports with their chains. Every text in it is the sender's (hosts, issuers, chains) or
/// the judge's words about it: views draw it through the terminal-safe text.
public struct HostReports: Hashable, Sendable {
    /// One release and judgement of the host, counted (``ReportStore``'s group).
    public struct Group: Hashable, Sendable {
        public let release: String?
        public let judgement: ReportJudgement.Kind
        public let occurrences: Int
        public let distinct: Int
        public let firstSeen: Date
        public let lastSeen: Date

        public init(
            release: String?, judgement: ReportJudgement.Kind, occurrences: Int, distinct: Int, firstSeen: Date,
            lastSeen: Date
        ) {
            self.release = release
            self.judgement = judgement
            self.occurrences = occurrences
            self.distinct = distinct
            self.firstSeen = firstSeen
            self.lastSeen = lastSeen
        }
    }

    /// One stored report (identical ones counted in it), with its chain decoded.
    public struct Entry: Hashable, Sendable {
        public let summary: ReportSummary
        /// Empty when it had none or it could not be read (``chainProblem`` says why).
        public let chain: [ChainCertificate]
        public let chainProblem: String?

        public init(summary: ReportSummary, chain: [ChainCertificate], chainProblem: String?) {
            self.summary = summary
            self.chain = chain
            self.chainProblem = chainProblem
        }
    }

    public let host: String
    public let groups: [Group]
    /// Newest first, at most as many as the runtime reads (``ReportsFeed/latestLimit``).
    public let latest: [Entry]

    public init(host: String, groups: [Group], latest: [Entry]) {
        self.host = host
        self.groups = groups
        self.latest = latest
    }
}

/// The collector's database as the runtime last read it.
public enum ReportsOnDisk: Hashable, Sendable {
    case notRead
    /// No database at `path` yet: nobody ran `pinbench collect` here.
    case missing(path: String)
    /// The file is there but could not be read as a report database: why.
    case unreadable(path: String, String)
    /// `total` reports received (identical ones counted) in the whole database, and the selected host's.
    case loaded(path: String, total: Int, host: HostReports)
}

/// A report whose chain the Chain and Certificate panes show instead of the live one, for its host.
public struct OpenedReport: Hashable, Sendable {
    public let host: String
    public let id: Int64
    public let chain: FetchedChain
}

/// What the workbench knows of the field reports: the database as last read, how many reports it held when the
/// user last looked (the status bar counts the new ones), and the report whose chain the panes show.
public struct ReportsFeed: Hashable, Sendable {
    /// The latest reports read for the selected host.
    public static let latestLimit = 20

    public var onDisk: ReportsOnDisk = .notRead
    /// The database's total when the workbench first read it, or when the Reports view was last opened.
    public var seenTotal: Int?
    public var opened: OpenedReport?

    public init() {}

    /// The selected host's reports, when the last read was for `host`.
    public func reports(for host: String) -> HostReports? {
        guard case .loaded(_, _, let reports) = onDisk, reports.host == host else { return nil }
        return reports
    }

    /// Reports received since the user last looked; 0 before the first read.
    public var newCount: Int {
        guard case .loaded(_, let total, _) = onDisk, let seenTotal else { return 0 }
        return max(0, total - seenTotal)
    }

    /// Takes in a read of the database: the first loaded total is the baseline of the new count.
    mutating func receive(_ disk: ReportsOnDisk) {
        onDisk = disk
        if case .loaded(_, let total, _) = disk, seenTotal == nil { seenTotal = total }
    }

    /// The Reports view was opened: what is there now is seen.
    mutating func markSeen() {
        if case .loaded(_, let total, _) = onDisk { seenTotal = total }
    }

    /// The status bar's word: `3 new reports (V)` as a warning, nil when none are new.
    public var status: StatusMessage? {
        let count = newCount
        guard count > 0 else { return nil }
        return StatusMessage("\(count) new report\(count == 1 ? "" : "s") (V)", level: .warning)
    }

    /// The CT watch's word and the reports' joined for the one place the status bar has for them, at the level of
    /// the worse.
    public static func joined(_ watch: StatusMessage?, _ reports: StatusMessage?) -> StatusMessage? {
        guard let watch else { return reports }
        guard let reports else { return watch }
        return StatusMessage(reports.text + " · " + watch.text, level: max(watch.level, reports.level))
    }
}
