import PinningCore

/// The dialog or panel drawn over the panes; at most one at a time, and it takes the keys while open.
public enum OverlayState: Hashable, Sendable {
    /// The key help, scrolled by `scroll` lines.
    case help(scroll: Int)
    /// The semantic diff of the manifest as loaded against the edited one, with its lockout risk.
    case diff(lines: [ManifestDiffLine], scroll: Int)
    /// Before writing: the lint findings and the diff; errors need `!` to write anyway.
    case writeGate(WriteGate)
    /// Delete a domain and its pins?
    case confirmDelete(host: String)
    /// Quit with unsaved changes?
    case quitGuard
    /// The manifest changed on disk under unsaved edits: reload, re-apply, or keep editing.
    case reload(ReloadPrompt)
}

/// What the write gate shows and decides on.
public struct WriteGate: Hashable, Sendable {
    public var findings: [LintFinding]
    /// The semantic diff (loaded → edited) with its lockout risk against the live chains.
    public var diff: [ManifestDiffLine]
    public var scroll: Int
    /// Quit after a successful write (the quit guard's `w`).
    public var quitAfterWrite: Bool

    public init(findings: [LintFinding], diff: [ManifestDiffLine], scroll: Int = 0, quitAfterWrite: Bool = false) {
        self.findings = findings
        self.diff = diff
        self.scroll = scroll
        self.quitAfterWrite = quitAfterWrite
    }

    /// The findings counted as the CLI counts them.
    public var tally: LintTally { LintTally(findings) }
}
