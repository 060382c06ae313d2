import PinningCore

/// The Certificate pane's verdict line: the marker, then the outcome and its reason, each said once.
///
/// The core's summary is a sentence for the command line, `host: outcome: reason.`; the pane's heading already
/// names the host, so it is dropped here, and the outcome label is added only when the sentence does not say it.
enum VerdictLine {
    static func text(_ verdict: VerdictSummary, domain: DomainPolicy) -> String {
        var sentence = verdict.summary
        for host in [domain.host, domain.normalizedHost] {
            let prefix = host + ": "
            if sentence.lowercased().hasPrefix(prefix.lowercased()) {
                sentence.removeFirst(prefix.count)
                break
            }
        }
        let saysOutcome = sentence.lowercased().contains(verdict.label.lowercased())
        return verdict.marker.symbol + " " + (saysOutcome ? sentence : verdict.label + ": " + sentence)
    }
}
