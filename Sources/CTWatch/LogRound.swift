import Foundation
import TransparencyLog

/// What one round did in one log, told after each verified stretch it kept (`more`) and once at its end: the
/// findings judged, the entries that named a pinned host but did not decode, and whether the new position was kept.
public struct LogRound: Sendable {
    public enum Result: Sendable {
        /// Read and verified; the position now stands at `position`.
        case advanced(LogPosition)
        /// The log could not be read, or what it served did not verify: its position did not move.
        case failed(LogFailure)
        /// Read and verified, but the state file could not take the new position (another watch moved it
        /// meanwhile, or the file could not be written): the same entries are read again next round.
        case notKept(String)
    }

    public let log: WatchedLog
    public var findings: [CTFinding] = []
    /// Entries for a pinned host that no client could use, each with why and the names it carries.
    public var undecodable: [String] = []
    public var result: Result
    /// True for a stretch kept while the log is still being read; false for the log's last word this round.
    public var more = false
    /// The log's time this round ran out before it caught up (or its budget was read): the rest is read next round.
    public var cutOff = false

    /// True when a finding would lock a release out and the round kept its position (a round not kept is read
    /// again, and reported then).
    public var locksOut: Bool {
        guard case .advanced = result else { return false }
        return findings.contains { !$0.lockingOut.isEmpty }
    }
}
