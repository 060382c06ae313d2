/// The Certificate pane's verdict line: the marker, then the outcome and its reason, each said once.
///
/// The core's statement leaves out the host (the pane's heading names it); the outcome label is added only when
/// the statement does not already say it.
enum VerdictLine {
    static func text(_ verdict: VerdictSummary) -> String {
        let saysOutcome = verdict.statement.lowercased().contains(verdict.label.lowercased())
        return verdict.marker.symbol + " "
            + (saysOutcome ? verdict.statement : verdict.label + ": " + verdict.statement)
    }
}
