import FieldReports
import Foundation
import PinningCore
import ReportStore

/// One POSTed body from read to answer: read strictly, each report judged, all of them stored, and only then a 2xx.
/// Every failure is an answer with a status and words, never a crash: 413 for a body past its bound, 400 for one
/// that is not a report, 503 when the store cannot keep it now (nothing of it kept; the sender may retry).
public final class ReportIntake: Sendable {
    public let reader: FieldReportReader
    public let judge: ReportJudge
    public let writer: ReportWriter

    public init(reader: FieldReportReader, judge: ReportJudge, writer: ReportWriter) {
        self.reader = reader
        self.judge = judge
        self.writer = writer
    }

    /// An HTTP answer: status code and a one-line text body.
    public struct Answer: Hashable, Sendable {
        public let status: Int
        public let text: String
    }

    public func take(_ body: [UInt8], at time: Date) async -> Answer {
        let reports: [FieldReport]
        do {
            reports = try reader.read(body)
        } catch {
            return Answer(status: error.code == .tooLarge ? 413 : 400, text: error.message)
        }
        var items: [StoredReport] = []
        // The same body posted again (byte for byte: the same reports, the same `date-time`) is counted once.
        let digest = Fingerprint.sha256Base64(body)
        for (index, report) in reports.enumerated() {
            let judgement = await judge.judge(report, at: time)
            items.append(
                StoredReport(
                    report: report, judgement: judgement, receivedAt: time, bodyDigest: digest, bodyPart: index))
        }
        do {
            try await writer.submit(items)
        } catch {
            return Answer(status: 503, text: "not stored: \(error.message)")
        }
        let kinds = items.map(\.judgement.kind.rawValue).joined(separator: ", ")
        return Answer(status: 200, text: "stored \(items.count) report\(items.count == 1 ? "" : "s"): \(kinds)")
    }
}
