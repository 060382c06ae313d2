/// The ATS verdict of one connection: which rules it breaks, if any.
public struct ATSEvaluation: Hashable, Sendable, CustomStringConvertible {
    /// Broken rules, in ``ATSRule`` order; empty when the connection meets ATS.
    public let violations: [ATSViolation]

    public init(violations: [ATSViolation]) {
        self.violations = violations.sorted {
            ATSRule.allCases.firstIndex(of: $0.rule)! < ATSRule.allCases.firstIndex(of: $1.rule)!
        }
    }

    public var passes: Bool { violations.isEmpty }

    /// The rules broken, without repeats.
    public var failedRules: [ATSRule] {
        ATSRule.allCases.filter { rule in violations.contains { $0.rule == rule } }
    }

    public var description: String {
        passes ? "meets ATS" : "fails ATS: " + violations.map(\.description).joined(separator: "; ")
    }
}
