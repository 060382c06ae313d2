import ManifestLint
import PinningCore

/// What the write gate shows and decides on: the change, the lint findings it introduces, and the findings that were
/// in the manifest before it (folded until `f` shows them). Writing is judged on all of them, as the CLI's lint is.
public struct WriteGate: Hashable, Sendable {
    /// Findings of the edited manifest that the loaded one did not have.
    public var introduced: [LintFinding]
    /// Findings the loaded manifest had already (each as often as it had it), as the edited manifest words them.
    public var preexisting: [LintFinding]
    /// The semantic diff (loaded → edited) with its lockout risk against the live chains.
    public var diff: [ManifestDiffLine]
    public var scroll: Int
    /// Quit after a successful write (the quit guard's `w`).
    public var quitAfterWrite: Bool
    /// Whether the pre-existing findings are listed (`f`) or only counted.
    public var showsPreexisting = false

    /// What makes two findings the same problem: its severity, rule and domain, never its wording (a count in
    /// the message, "enforces 0 pins" then "1 pin", is the same problem still there).
    struct Identity: Hashable {
        let severity: LintFinding.Severity
        let rule: LintFinding.Rule
        let host: String?

        init(_ finding: LintFinding) {
            severity = finding.severity
            rule = finding.rule
            host = finding.host.map { DomainPolicy(host: $0).normalizedHost }
        }
    }

    /// Splits `edited` (the lint of the manifest to write) into what the change introduces and what `loaded` (the
    /// lint of the manifest as loaded) had already. Findings are compared by ``Identity``, one for one: a third
    /// malformed pin where there were two is one new finding.
    public init(
        edited: [LintFinding], loaded: [LintFinding], diff: [ManifestDiffLine], scroll: Int = 0,
        quitAfterWrite: Bool = false
    ) {
        var before: [Identity: Int] = [:]
        for finding in loaded { before[Identity(finding), default: 0] += 1 }
        var introduced: [LintFinding] = []
        var preexisting: [LintFinding] = []
        for finding in edited {
            if let left = before[Identity(finding)], left > 0 {
                before[Identity(finding)] = left - 1
                preexisting.append(finding)
            } else {
                introduced.append(finding)
            }
        }
        self.introduced = introduced
        self.preexisting = preexisting
        self.diff = diff
        self.scroll = scroll
        self.quitAfterWrite = quitAfterWrite
    }

    /// Every finding of the manifest to write, the change's first.
    public var findings: [LintFinding] { introduced + preexisting }

    /// The findings counted as the CLI counts them.
    public var tally: LintTally { LintTally(findings) }

    /// What the gate asks of the workbench.
    public enum Action: Hashable, Sendable {
        case stay
        /// Close without writing.
        case cancel
        /// Write the manifest (and quit after, when the quit guard asked).
        case write(quitAfter: Bool)
        /// Enter with lint errors: say how many, and that `!` writes anyway.
        case refuse(errors: Int)
    }

    /// A command in the gate's contexts. `lineCount` is the body's length as drawn, which scrolling stops at.
    public mutating func update(_ command: Command, lineCount: Int, page: Int) -> Action {
        switch command {
        case .cancel: return .cancel
        case .confirm: return tally.errors > 0 ? .refuse(errors: tally.errors) : .write(quitAfter: quitAfterWrite)
        case .force: return .write(quitAfter: quitAfterWrite)
        case .toggleFold: showsPreexisting.toggle()
        default: scroll = min(OverlayScroll.scrolled(scroll, by: command, page: page), lineCount)
        }
        return .stay
    }
}
