import Foundation
import LabPKI
import PinningCore
import TransparencyLog

/// The lab's two CT logs as real log servers on 127.0.0.1: the first answers RFC 6962, the second is a
/// static-ct-api (tiled) log. They hold every certificate the lab issues, the rotation story's included, so
/// `pinbench watch --ct-log-list lab-ct-logs.json` runs offline against servers that verify like public ones.
struct LabLogService {
    let server: LabHTTPServer
    let logs: [LabLog]
    /// The log list with each log's URL (and, for the tiled one, its monitoring URL).
    let list: CTLogList

    /// Starts the server and logs `chains` (leaf first, then its issuers) in both logs with `root` at the end of each
    /// chain (RFC 6962's `extra_data` ends with the root the log accepted), then publishes a tree head.
    init(ctLogs: LabCTLogs, chains: [[[UInt8]]], root: [UInt8]) throws {
        server = try LabHTTPServer()
        var logs: [LabLog] = []
        var entries: [CTLogList.Log] = []
        for (index, (key, listed)) in zip(ctLogs.keys, ctLogs.list.logs).enumerated() {
            let submission = "https://ct.pinbench.test/log\(index)/"
            let log = LabLog(origin: Checkpoint.origin(submissionURL: submission), key: key)
            let served = server.mount(log, at: "log\(index)")
            let tiled = index % 2 == 1
            entries.append(
                CTLogList.Log(
                    description: listed.description,
                    operatorName: listed.operatorName, logID: listed.logID, key: listed.key,
                    url: tiled ? submission : served, state: listed.state, monitoringURL: tiled ? served : nil))
            logs.append(log)
        }
        let time = Date().addingTimeInterval(-60)
        for chain in chains where !chain.isEmpty {
            let issuers = Array(chain.dropFirst())
            let toRoot = issuers.last == root || chain[0] == root ? issuers : issuers + [root]
            for log in logs { log.log(chain[0], chain: toRoot, at: time) }
        }
        for log in logs { log.publish() }
        self.logs = logs
        list = CTLogList(logs: entries)
    }
}
