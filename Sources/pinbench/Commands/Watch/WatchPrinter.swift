import CTWatch
import Foundation
import TransparencyLog

/// How `pinbench watch` tells a log's round: its findings as text or JSON lines, and the log's trouble.
struct WatchPrinter {
    let json: Bool

    func report(_ round: LogRound) {
        let log = round.log
        for note in round.undecodable { Output.note("\(log.name): \(note)") }
        for finding in round.findings {
            if json {
                print(WatchReport.jsonLine(finding))
            } else {
                Output.lines(WatchReport.text(finding))
            }
        }
        switch round.result {
        case .advanced(let position):
            guard !json, !round.more else { break }
            Output.note("\(log.name): \(WatchReport.progress(position, cutOff: round.cutOff))")
        case .notKept(let why):
            Output.error("\(log.name): \(why)")
        case .failed(let failure):
            report(log, failure)
        }
    }

    private func report(_ log: WatchedLog, _ failure: LogFailure) {
        if json {
            switch failure {
            case .misbehaving(let detail):
                print(WatchReport.jsonLine(log: log.name, problem: "misbehaving", detail: detail))
            case .unreachable(let detail):
                print(WatchReport.jsonLine(log: log.name, problem: "unreachable", detail: detail))
            }
        } else if failure.isMisbehaviour {
            Output.error("\(log.name) is MISBEHAVING: \(failure); its position is not moved")
        } else {
            Output.note("\(log.name): \(failure); it is tried again next round")
        }
    }
}
