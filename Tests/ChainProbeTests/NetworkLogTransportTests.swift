import ChainProbe
import DemoLab
import Foundation
import LabPKI
import Testing
import TransparencyLog

/// A CT log over the network, against the lab's log server on 127.0.0.1: a 200 is the body, a 404 is the log's
/// answer (never retried), a body over the bound is misbehaviour, and a log that does not answer is unreachable
/// after its attempts.
@Suite("Network log transport")
struct NetworkLogTransportTests {
    @Test("the tree head is read; a path the log does not serve is unreachable at once; an endless body misbehaves")
    func answers() async throws {
        let server = try LabHTTPServer()
        defer { server.stop() }
        let log = LabLog(origin: "ct.pinbench.test/t")
        _ = log.publish()
        let url = try LogURL(server.mount(log, at: "t"))
        let transport = NetworkLogTransport(url: url, deadline: .seconds(5), attempts: 3, backoff: .seconds(60))
        let head = try await transport.get("ct/v1/get-sth", maximumBytes: 4096)
        let object = try #require(try JSONSerialization.jsonObject(with: head) as? [String: Any])
        #expect(object["tree_size"] as? Int == 0)
        // Three attempts with a 60 s backoff would take two minutes: a 404 is answered at once.
        let started = ContinuousClock.now
        await #expect(throws: LogFailure.unreachable("ct/v1/nothing: HTTP 404")) {
            try await transport.get("ct/v1/nothing", maximumBytes: 4096)
        }
        // Answered at once, not retried: well under the first 60 s backoff even on a starved machine.
        #expect(ContinuousClock.now - started < .seconds(55))
        server.misbehave(.hugeBody(1 << 20))
        let error = await #expect(throws: LogFailure.self) {
            try await transport.get("ct/v1/get-sth", maximumBytes: 4096)
        }
        #expect(error?.isMisbehaviour == true, "\(String(describing: error))")
    }

    @Test("a log that never answers is unreachable after each attempt's deadline, the waits between them doubling")
    func stalls() async throws {
        let server = try LabHTTPServer()
        defer { server.stop() }
        let url = try LogURL(server.mount(LabLog(origin: "ct.pinbench.test/s"), at: "s"))
        server.misbehave(.stall)
        let transport = NetworkLogTransport(
            url: url, deadline: .milliseconds(200), attempts: 2, backoff: .milliseconds(300))
        let started = ContinuousClock.now
        let error = await #expect(throws: LogFailure.self) {
            try await transport.get("ct/v1/get-sth", maximumBytes: 4096)
        }
        let took = ContinuousClock.now - started
        #expect(error?.isMisbehaviour == false, "\(String(describing: error))")
        // Two deadlines and the wait between them at least; no upper bound on the wall clock, which a starved
        // machine stretches (the deadline tests of the watch count what was read instead).
        #expect(took >= .milliseconds(700), "\(took)")
    }
}
