import Foundation
import PinForecast
import PinningCore
import TransparencyLog

/// A finding as people read it (a few lines) and as alerting reads it (one JSON line, every string through the
/// project's JSON string encoder, so a certificate's text is data in either form).
public enum WatchReport {
    public static func text(_ finding: CTFinding) -> [String] {
        let dates =
            "\(CalendarDay(containing: finding.notBefore).description) to \(CalendarDay(containing: finding.notAfter).description)"
        var lines = [
            "\(finding.log) entry \(finding.index) (\(finding.kind.rawValue)): \(finding.names.joined(separator: ", "))",
            "  issued by \(finding.issuer), valid \(dates), key sha256/\(finding.spkiPin)",
        ]
        if let cut = finding.pathCut { lines.append("  path not proven beyond the issuers judged: \(cut)") }
        for verdict in finding.verdicts {
            let cells = verdict.rows.map { row in
                "\(row.release) \(word(row.cell))" + (row.codePatternMark.map { " (\($0))" } ?? "")
            }.joined(separator: ", ")
            lines.append("  \(verdict.host): \(cells)")
        }
        let locked = finding.lockingOut
        if !locked.isEmpty {
            lines.append(
                "  LOCKS OUT \(locked.joined(separator: ", ")): its users could not connect if this certificate were served"
            )
        } else if finding.locksOutNext {
            lines.append(
                "  no shipped release would reject it, but the working manifest (next) would: shipping it as it is "
                    + "locks out this certificate")
        } else {
            lines.append("  no release that enforces pins would reject it")
        }
        return lines
    }

    public static func word(_ cell: ForecastCell) -> String {
        cell == .lockedOut ? "LOCKED OUT" : cell.outcome
    }

    /// One JSON object on one line.
    public static func jsonLine(_ finding: CTFinding) -> String {
        func string(_ text: String) -> String { JSONEncoding.string(text) }
        func strings(_ texts: [String]) -> String { "[" + texts.map(string).joined(separator: ",") + "]" }
        let hosts = finding.verdicts.map { verdict in
            let rows = verdict.rows.map { row in
                "{\"name\":\(string(row.release)),\"outcome\":\(string(row.cell.outcome)),"
                    + "\"share\":\(row.share.map { String($0) } ?? "null"),\"shipped\":\(row.shipped),"
                    + "\"codePatternPins\":\(row.codePatternPins)}"
            }
            return "{\"host\":\(string(verdict.host)),\"releases\":[\(rows.joined(separator: ","))]}"
        }
        let fields = [
            "\"type\":\"finding\"", "\"log\":\(string(finding.log))", "\"index\":\(finding.index)",
            "\"kind\":\(string(finding.kind.rawValue))", "\"serial\":\(string(finding.serial))",
            "\"issuer\":\(string(finding.issuer))",
            "\"notBefore\":\(string(ISO8601DateFormatter().string(from: finding.notBefore)))",
            "\"notAfter\":\(string(ISO8601DateFormatter().string(from: finding.notAfter)))",
            "\"names\":\(strings(finding.names))",
            "\"spkiSHA256\":\(string(finding.spkiPin))",
            "\"issuerSPKISHA256\":\(finding.issuerSPKIPin.map(string) ?? "null")",
            "\"hosts\":[\(hosts.joined(separator: ","))]", "\"lockedOut\":\(strings(finding.lockingOut))",
            "\"pathCut\":\(finding.pathCut.map(string) ?? "null")",
        ]
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A log's trouble as a JSON line: `unreachable` (it waits) or `misbehaving` (it did not verify).
    public static func jsonLine(log: String, problem: String, detail: String) -> String {
        "{\"type\":\(JSONEncoding.string(problem)),\"log\":\(JSONEncoding.string(log)),"
            + "\"detail\":\(JSONEncoding.string(detail))}"
    }

    /// How far the log is read: entries are numbered from 0, so all 16 of 16 read ends at entry 15.
    public static func progress(_ position: LogPosition, cutOff: Bool) -> String {
        let read = position.next
        let size = position.treeHead.size
        var text: String
        if size == 0 {
            text = "the log has no entries yet"
        } else if read == 0 {
            text = "read none of \(size) entries"
        } else {
            text = "read \(read) of \(size) entries (0 to \(read - 1))"
        }
        if cutOff { text += "; stopped at its deadline, the rest is read next round" }
        return text
    }
}
