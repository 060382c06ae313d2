import Foundation
import PinningCore
import TransparencyLog

/// One log the watch reads: its entry in the log list and the endpoint for its API (over whatever transport the
/// caller has: the command line and the workbench hand in PinBench's HTTPS client).
public struct WatchedLog: Sendable {
    public let log: CTLogList.Log
    public let endpoint: any LogEndpoint
    /// Read over plain `http://` (a log served on a loopback address): said once, verified all the same.
    public let plainHTTP: Bool

    public init(log: CTLogList.Log, endpoint: any LogEndpoint, plainHTTP: Bool) {
        self.log = log
        self.endpoint = endpoint
        self.plainHTTP = plainHTTP
    }

    /// The key the state file files the log under: base64 of its log ID.
    public var id: String { Data(log.logID).base64EncodedString() }
    public var name: String { log.description }
}
