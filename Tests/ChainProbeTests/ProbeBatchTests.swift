import ChainProbe
import Foundation
import Testing

/// `probeAll` observed from the servers' side: what is in flight, when outcomes arrive, and what stopping does.
///
/// Slow targets are silent listeners that the test itself releases (`hangUpAll`), so no assertion here depends on
/// how fast the machine is; the long deadlines are only a safety net.
@Suite("Probing many servers at once")
struct ProbeBatchTests {
    let patient = ProbeOptions(deadline: .seconds(600), useSystemTrustStore: false)

    /// Consumes a batch in a task of its own, keeping every outcome in arrival order.
    func collect(_ batch: ProbeBatch) -> Task<[ProbeOutcome], Never> {
        Task {
            var outcomes: [ProbeOutcome] = []
            for await outcome in batch { outcomes.append(outcome) }
            return outcomes
        }
    }

    @Test("a bad trust anchor file fails every probe of a batch (its store is built once), and a lone probe alike")
    func badAnchorFile() async throws {
        let listener = try HostileListener(.silent)
        defer { listener.stop() }
        let notPEM = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-not-pem-\(getpid())")
        try Data("not a certificate\n".utf8).write(to: notPEM)
        defer { try? FileManager.default.removeItem(at: notPEM) }
        let cases = [
            (
                "/nonexistent/pinbench/anchors.pem",
                "cannot read the trust anchor file /nonexistent/pinbench/anchors.pem"
            ),
            (notPEM.path, "no PEM certificates in the trust anchor file \(notPEM.path)"),
        ]
        for (path, expected) in cases {
            var options = patient
            options.trustAnchorPaths = [path]
            let targets = (0..<3).map { ProbeTarget.loopback("t\($0).pinbench.test", port: listener.port) }
            let outcomes = await collect(ChainProber().probeAll(targets, options: options, concurrency: 2)).value
            #expect(outcomes.count == 3)
            for outcome in outcomes {
                #expect(outcome.result.failure?.code == .invalidTarget)
                #expect(outcome.result.failure?.reason.hasPrefix(expected) == true, "\(outcome.result)")
            }
            let lone = await ChainProber().probe(targets[0], options: options)
            #expect(lone.failure?.reason.hasPrefix(expected) == true, "\(lone)")
        }
        #expect(listener.counts.accepted == 0, "no probe connects with a bad anchor file")
    }

    @Test("outcomes arrive as probes finish: a fast target's before a slow one's listed first")
    func completionOrder() async throws {
        let slow = try HostileListener(.silent)
        defer { slow.stop() }
        let refusing = try RefusingPort()
        let targets = [
            ProbeTarget.loopback("slow.pinbench.test", port: slow.port),
            ProbeTarget.loopback("fast.pinbench.test", port: refusing.port),
        ]
        var iterator = ChainProber().probeAll(targets, options: patient, concurrency: 2).makeAsyncIterator()
        let first = try #require(await iterator.next())
        #expect(first.index == 1)
        #expect(first.result.failure?.code == .connectionRefused)
        // The slow probe is still waiting on the silent server; release it.
        #expect(await slow.waitUntil { $0.open == 1 })
        slow.hangUpAll()
        let second = try #require(await iterator.next())
        #expect(second.index == 0)
        #expect(second.result.failure?.code == .connectionClosed)
        #expect(await iterator.next() == nil)
    }

    @Test("never more than `concurrency` probes in flight, as the server counts connections")
    func concurrencyLimit() async throws {
        let listener = try HostileListener(.silent)
        defer { listener.stop() }
        let targets = (0..<7).map { ProbeTarget.loopback("t\($0).pinbench.test", port: listener.port) }
        let outcomes = collect(ChainProber().probeAll(targets, options: patient, concurrency: 3))
        var released = 0
        while released < targets.count {
            let expected = min(3, targets.count - released)
            try #require(await listener.waitUntil { $0.open >= expected }, "released \(released) so far")
            released += listener.hangUpAll()
        }
        let results = await outcomes.value
        #expect(results.count == targets.count)
        #expect(results.allSatisfy { $0.result.failure?.code == .connectionClosed })
        #expect(listener.counts.accepted == targets.count)
        #expect(listener.counts.peakOpen == 3)
    }

    @Test("every target gets exactly one outcome, carrying its index, its target and its own result")
    func oneOutcomePerTarget() async throws {
        let plain = try HostileListener(.plainText(Array("HTTP/1.1 400 Bad Request\r\n\r\n".utf8)))
        defer { plain.stop() }
        let hangUp = try HostileListener(.hangUp)
        defer { hangUp.stop() }
        let refusing = try RefusingPort()
        var targets: [ProbeTarget] = []
        var expected: [ProbeFailure.Code] = []
        for index in 0..<12 {
            switch index % 4 {
            case 0:
                targets.append(.loopback("refused\(index).pinbench.test", port: refusing.port))
                expected.append(.connectionRefused)
            case 1:
                targets.append(.loopback("http\(index).pinbench.test", port: plain.port))
                expected.append(.notTLS)
            case 2:
                targets.append(.loopback("hangup\(index).pinbench.test", port: hangUp.port))
                expected.append(.connectionClosed)
            default:
                targets.append(ProbeTarget(host: "missing\(index).pinbench.invalid", port: 443))
                expected.append(.nameNotResolved)
            }
        }
        // Long enough for a slow resolver to answer the .invalid names (glibc: 5 s a try, two tries).
        let options = ProbeOptions(deadline: .seconds(30), useSystemTrustStore: false)
        let outcomes = await collect(ChainProber().probeAll(targets, options: options, concurrency: 3)).value
        #expect(outcomes.count == targets.count)
        #expect(outcomes.map(\.index).sorted() == Array(targets.indices))
        for outcome in outcomes {
            #expect(outcome.target == targets[outcome.index])
            #expect(outcome.result.failure?.code == expected[outcome.index], "target \(outcome.index)")
        }
    }

    @Test("cancel() ends the running probes long before their deadline, and starts no more")
    func cancelStopsProbes() async throws {
        let listener = try HostileListener(.silent)
        defer { listener.stop() }
        let targets = (0..<6).map { ProbeTarget.loopback("t\($0).pinbench.test", port: listener.port) }
        let batch = ChainProber().probeAll(targets, options: patient, concurrency: 4)
        let outcomes = collect(batch)
        try #require(await listener.waitUntil { $0.open == 4 })
        let cancelled = ContinuousClock.now
        batch.cancel()
        let results = await outcomes.value
        #expect(cancelled.duration(to: .now) < .seconds(120), "the deadline is 600 s")
        #expect(results.count == 4, "the two waiting targets never start")
        #expect(results.allSatisfy { $0.result.failure?.code == .cancelled })
        #expect(await listener.waitUntil { $0.open == 0 }, "the server sees every connection go")
        #expect(listener.counts.accepted == 4)
    }

    @Test("leaving the loop early ends the probes still running, even while the batch is kept")
    func breakStopsProbes() async throws {
        let listener = try HostileListener(.silent)
        defer { listener.stop() }
        let refusing = try RefusingPort()
        let targets =
            (0..<3).map { ProbeTarget.loopback("t\($0).pinbench.test", port: listener.port) }
            + [.loopback("fast.pinbench.test", port: refusing.port)]
        let batch = ChainProber().probeAll(targets, options: patient, concurrency: 4)
        for await outcome in batch {
            #expect(outcome.index == 3)
            try #require(await listener.waitUntil { $0.open == 3 })
            break
        }
        #expect(await listener.waitUntil { $0.open == 0 }, "the server sees every connection go")
        withExtendedLifetime(batch) {}
    }

    @Test("cancelling the consuming task ends the probes")
    func consumerCancellationStopsProbes() async throws {
        let listener = try HostileListener(.silent)
        defer { listener.stop() }
        let targets = (0..<3).map { ProbeTarget.loopback("t\($0).pinbench.test", port: listener.port) }
        let consumer = collect(ChainProber().probeAll(targets, options: patient, concurrency: 3))
        try #require(await listener.waitUntil { $0.open == 3 })
        consumer.cancel()
        #expect(await listener.waitUntil { $0.open == 0 }, "the server sees every connection go")
        _ = await consumer.value
    }
}
