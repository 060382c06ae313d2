import CTWatch

/// How `pinbench watch` prints a log's round (``WatchReport/lines(_:json:)``): JSON lines as they are, text through
/// ``Output``.
struct WatchPrinter {
    let json: Bool

    func report(_ round: LogRound) {
        for line in WatchReport.lines(round, json: json) {
            switch line.kind {
            case .json: print(line.text)
            case .text: Output.line(line.text)
            case .note: Output.note(line.text)
            case .error: Output.error(line.text)
            }
        }
    }
}
