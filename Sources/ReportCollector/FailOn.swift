import FieldReports
import PinningCore

/// `--fail-on lockout,interception,suspicious`: the judgements whose presence makes `pinbench reports` exit 1.
public struct FailOn: Hashable, Sendable {
    public let kinds: Set<ReportJudgement.Kind>

    public init(_ text: String) throws(CollectorInputError) {
        var kinds: Set<ReportJudgement.Kind> = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = word.trimmingCharacters(in: .whitespaces)
            guard let kind = ReportJudgement.Kind(rawValue: name) else {
                let known = ReportJudgement.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw CollectorInputError(
                    "--fail-on \(TerminalSafeText.quoted(name)) is not a judgement; give a comma-separated list of \(known)"
                )
            }
            kinds.insert(kind)
        }
        self.kinds = kinds
    }

    /// True when one of the groups has a judgement named here.
    public func fails(_ judgements: [ReportJudgement.Kind]) -> Bool {
        judgements.contains { kinds.contains($0) }
    }

    /// True when a judgement named here has `minCount` occurrences or more in `totals` (reports received, identical
    /// ones counted, per judgement: ``ReportDatabase/totals(_:)``). `minCount` 1 is ``fails(_:)``: one report fires.
    public func fails(totals: [ReportJudgement.Kind: Int], minCount: Int) -> Bool {
        kinds.contains { (totals[$0] ?? 0) >= max(1, minCount) }
    }
}
