import FieldReports
import Foundation

/// A judged report as the store keeps it: the report, its judgement, its dedupe key and when it arrived.
public struct StoredReport: Sendable {
    public let report: FieldReport
    public let judgement: ReportJudgement
    /// ``ReportKey/key(_:judgement:)``: reports with the same key are one row with a count.
    public let key: String
    public let receivedAt: Date

    public init(report: FieldReport, judgement: ReportJudgement, receivedAt: Date) {
        self.report = report
        self.judgement = judgement
        self.key = ReportKey.key(report, judgement: judgement)
        self.receivedAt = receivedAt
    }
}
