import Foundation
import LabPKI
import TransparencyLog

/// A lab log reached in memory: its HTTP answers without the socket (the lab's HTTP server and the network client
/// are tested against the same log over loopback elsewhere).
public struct LabLogTransport: LogTransport {
    public let log: LabLog

    public init(log: LabLog) {
        self.log = log
    }

    public func get(_ path: String, maximumBytes: Int) async throws(LogFailure) -> Data {
        let answer = log.respond(to: path)
        guard answer.status == 200 else { throw .unreachable("HTTP \(answer.status) for \(path)") }
        guard answer.body.count <= maximumBytes else {
            throw .misbehaving("\(path) answered \(answer.body.count) bytes, more than \(maximumBytes)")
        }
        return Data(answer.body)
    }
}
