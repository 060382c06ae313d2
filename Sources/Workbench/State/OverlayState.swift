import PinningCore

/// The dialog or panel drawn over the panes; at most one at a time, and it takes the keys while open.
public enum OverlayState: Hashable, Sendable {
    /// The key help, scrolled by `scroll` lines.
    case help(scroll: Int)
    /// The unified diff of the saved manifest against the edited one.
    case diff(lines: [DiffLine], scroll: Int)
    /// Before writing: the lint findings and the diff; errors need `!` to write anyway.
    case writeGate(WriteGate)
    /// Delete a domain and its pins?
    case confirmDelete(host: String)
    /// Quit with unsaved changes?
    case quitGuard
    /// The selected domain's settings form (`e`).
    case settings(SettingsForm)
}

/// What the write gate shows and decides on.
public struct WriteGate: Hashable, Sendable {
    public var findings: [LintFinding]
    public var diff: [DiffLine]
    public var scroll: Int
    /// Quit after a successful write (the quit guard's `w`).
    public var quitAfterWrite: Bool

    public init(findings: [LintFinding], diff: [DiffLine], scroll: Int = 0, quitAfterWrite: Bool = false) {
        self.findings = findings
        self.diff = diff
        self.scroll = scroll
        self.quitAfterWrite = quitAfterWrite
    }

    /// The findings counted as the CLI counts them.
    public var tally: LintTally { LintTally(findings) }
}
