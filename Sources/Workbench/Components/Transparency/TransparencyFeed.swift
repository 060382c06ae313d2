import CTWatch
import Foundation
import PinningCore
import TransparencyLog

/// What the workbench knows of the CT watch: the logs it watches itself (none without a log list) and the state
/// file as last read. Pure questions on it give the Transparency view its findings and the status bar its word.
public struct TransparencyFeed: Hashable, Sendable {
    /// The names of the logs the workbench's own rounds read; empty when no log list is configured.
    public var watchedLogs: [String]
    public var onDisk: WatchOnDisk
    /// Why the workbench's last round could not run at all, or nil when it ran (or none has been tried).
    public var skippedRound: String?

    public init(watchedLogs: [String] = [], onDisk: WatchOnDisk = .notRead, skippedRound: String? = nil) {
        self.watchedLogs = watchedLogs
        self.onDisk = onDisk
        self.skippedRound = skippedRound
    }

    /// The findings for `host` (normalized), newest first.
    public func findings(for host: String) -> [CTFinding] {
        onDisk.state.findings.filter { finding in finding.verdicts.contains { $0.host == host } }
    }

    /// Each log's last round, by name: troubled logs first, then the most recently advanced.
    public var logs: [LogStatus] {
        onDisk.state.status.values.sorted { a, b in
            let (troubleA, troubleB) = (Self.rank(a.trouble), Self.rank(b.trouble))
            if troubleA != troubleB { return troubleA > troubleB }
            if a.advanced != b.advanced { return (a.advanced ?? .distantPast) > (b.advanced ?? .distantPast) }
            return a.name < b.name
        }
    }

    /// The status bar's word on the watch, e.g. `CT: Lab log advanced 3 min ago`, at the level of the worst log's
    /// trouble; nil when there is no watch to speak of (no log list here and no state file).
    public func status(now: Date) -> StatusMessage? {
        if skippedRound != nil { return StatusMessage("CT: round skipped (T says why)", level: .warning) }
        guard let log = logs.first else {
            return watchedLogs.isEmpty ? nil : StatusMessage("CT: first round…")
        }
        let name = log.name.terminalSafe
        switch log.trouble {
        case .misbehaving?: return StatusMessage("CT: \(name) misbehaving", level: .error)
        case .unreachable?: return StatusMessage("CT: \(name) unreachable", level: .warning)
        case nil:
            guard let advanced = log.advanced else { return StatusMessage("CT: \(name) not advanced yet") }
            return StatusMessage("CT: \(name) advanced \(Self.ago(advanced, now: now))")
        }
    }

    /// `just now`, `N min ago`, `N h ago`, `N d ago`.
    static func ago(_ date: Date, now: Date) -> String {
        let minutes = Int(max(0, now.timeIntervalSince(date)) / 60)
        if minutes < 1 { return "just now" }
        if minutes < 120 { return "\(minutes) min ago" }
        if minutes < 48 * 60 { return "\(minutes / 60) h ago" }
        return "\(minutes / (24 * 60)) d ago"
    }

    private static func rank(_ trouble: LogFailure?) -> Int {
        switch trouble {
        case .misbehaving?: return 2
        case .unreachable?: return 1
        case nil: return 0
        }
    }
}
