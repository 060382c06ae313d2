import Foundation
import TransparencyLog

/// How a watched log fared, as the state file keeps it for the workbench's status bar: when a round last read it,
/// when its position last moved, and what went wrong the last time it could not be read or did not verify.
public struct LogStatus: Hashable, Sendable {
    /// The log's description from the log list.
    public var name: String
    /// The last round that reached the log, whatever it found.
    public var checked: Date
    /// The last round that moved the watch's position in the log (a new tree head verified); nil until one did.
    public var advanced: Date?
    /// Why the last round could not use the log; nil when it read and verified.
    public var trouble: LogFailure?

    public init(name: String, checked: Date, advanced: Date? = nil, trouble: LogFailure? = nil) {
        self.name = name
        self.checked = checked
        self.advanced = advanced
        self.trouble = trouble
    }
}
