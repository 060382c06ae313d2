import FieldReports
import Foundation

/// A judged report as the store keeps it: the report, its judgement, its dedupe key and when it arrived.
public struct StoredReport: Sendable {
    public let report: FieldReport
    public let judgement: ReportJudgement
    /// ``ReportKey/key(_:judgement:)``: reports with the same key are one row with a count.
    public let key: String
    public let receivedAt: Date
    /// The digest of the body the report came in (SHA-256, base64), so that the same body posted again is counted
    /// once; nil when replays are not to be told apart (a report made here).
    public let bodyDigest: String?
    /// The report's place in its body (0 for the first): a body's reports are stored together, in order.
    public let bodyPart: Int

    public init(
        report: FieldReport, judgement: ReportJudgement, receivedAt: Date, bodyDigest: String? = nil,
        bodyPart: Int = 0
    ) {
        self.bodyPart = bodyPart
        self.report = report
        self.judgement = judgement
        self.key = ReportKey.key(report, judgement: judgement)
        self.receivedAt = receivedAt
        self.bodyDigest = bodyDigest
    }

    /// What a row costs beyond its text, about: its integers and the row's own overhead.
    static let fixedRowBytes = 64

    /// The bytes a row of this report stores: the size cap's measure (its chain is counted in `chains`).
    var rowBytes: Int {
        let judgement = self.judgement
        let report = self.report
        let texts: [String?] = [
            key, report.host, report.format.rawValue, report.appBundleID, report.appVersion, report.appPlatform,
            judgement.release, judgement.kind.rawValue, judgement.reason.rawValue, judgement.issuer,
            judgement.rejection?.rawValue, judgement.detail, ReportKey.chainDigest(report.chainToJudge),
            report.knownPins.joined(separator: ","),
        ]
        return Self.fixedRowBytes + texts.reduce(0) { $0 + ($1?.utf8.count ?? 0) }
    }
}
