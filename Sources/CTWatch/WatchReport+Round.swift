import TransparencyLog

/// One line of a round's report and where it belongs, so the command only prints: a JSON line (already escaped),
/// a line of the text report, or a note or error for standard error.
public struct WatchReportLine: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case json, text, note, error
    }

    public let kind: Kind
    public let text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }
}

extension WatchReport {
    /// What `pinbench watch` tells of a log's round, in order: the entries that did not decode, each finding (text or
    /// JSON), then the log's end of round (its progress as text only, and only at its last word) or its trouble.
    public static func lines(_ round: LogRound, json: Bool) -> [WatchReportLine] {
        let log = round.log
        var lines = round.undecodable.map { WatchReportLine(.note, "\(log.name): \($0)") }
        for finding in round.findings {
            lines +=
                json ? [WatchReportLine(.json, jsonLine(finding))] : text(finding).map { WatchReportLine(.text, $0) }
        }
        switch round.result {
        case .advanced(let position):
            guard !json, !round.more else { break }
            lines.append(WatchReportLine(.note, "\(log.name): \(progress(position, cutOff: round.cutOff))"))
        case .notKept(let why):
            lines.append(WatchReportLine(.error, "\(log.name): \(why)"))
        case .failed(let failure):
            lines.append(trouble(log, failure, json: json))
        }
        return lines
    }

    /// The note for each log read over plain http (a lab's on a loopback address), said once before the rounds.
    public static func plainHTTPNotes(_ logs: [WatchedLog]) -> [String] {
        logs.filter(\.plainHTTP).map {
            "note: \($0.name) is read over plain http on a loopback address; its data is verified all the same"
        }
    }

    /// A log that could not be read or did not verify: a JSON line, or words saying whether its position moved.
    private static func trouble(_ log: WatchedLog, _ failure: LogFailure, json: Bool) -> WatchReportLine {
        if json {
            switch failure {
            case .misbehaving(let detail):
                return WatchReportLine(.json, jsonLine(log: log.name, problem: "misbehaving", detail: detail))
            case .unreachable(let detail):
                return WatchReportLine(.json, jsonLine(log: log.name, problem: "unreachable", detail: detail))
            }
        } else if failure.isMisbehaviour {
            return WatchReportLine(.error, "\(log.name) is MISBEHAVING: \(failure); its position is not moved")
        }
        return WatchReportLine(.note, "\(log.name): \(failure); it is tried again next round")
    }
}
