import Foundation

/// One stored report as a list shows it: what the judge decided, for which release and app, how many times it came
/// and when last, and the judge's sentence. The database reads it (`ReportStore`), the workbench lists it.
public struct ReportSummary: Hashable, Sendable {
    public let id: Int64
    public let judgement: ReportJudgement.Kind
    public let reason: ReportJudgement.Reason
    public let release: String?
    public let appVersion: String?
    public let platform: String?
    /// Identical reports received (the row's count).
    public let count: Int
    public let lastSeen: Date
    public let detail: String

    public init(
        id: Int64, judgement: ReportJudgement.Kind, reason: ReportJudgement.Reason, release: String?,
        appVersion: String?, platform: String?, count: Int, lastSeen: Date, detail: String
    ) {
        self.id = id
        self.judgement = judgement
        self.reason = reason
        self.release = release
        self.appVersion = appVersion
        self.platform = platform
        self.count = count
        self.lastSeen = lastSeen
        self.detail = detail
    }
}
