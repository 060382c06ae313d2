import Foundation
import Testing

@testable import ChainProbe

/// A batch whose worker threads cannot all be started (a process or system out of threads) still gives every
/// target an outcome and ends: a consumer never waits forever, and no domain silently drops out of a report.
@Suite("Probing many servers when threads cannot be started")
struct ProbeBatchThreadTests {
    let options = ProbeOptions(deadline: .seconds(600), useSystemTrustStore: false)

    func collect(_ batch: ProbeBatch) async -> [ProbeOutcome] {
        var outcomes: [ProbeOutcome] = []
        for await outcome in batch { outcomes.append(outcome) }
        return outcomes
    }

    @Test("no thread starts: every target fails in setup, saying why, and the batch ends")
    func noThread() async throws {
        let refusing = try RefusingPort()
        let targets = (0..<5).map { ProbeTarget.loopback("t\($0).pinbench.test", port: refusing.port) }
        let batch = ChainProber().probeAll(targets, options: options, concurrency: 3) { _ in false }
        let outcomes = await collect(batch)
        #expect(outcomes.map(\.index).sorted() == Array(0..<5))
        for outcome in outcomes {
            let failure = try #require(outcome.result.failure)
            #expect(failure.code == .other && failure.phase == .setup, "\(failure)")
            #expect(failure.reason.contains("no thread could be started"), "\(failure.reason)")
            #expect(outcome.target == targets[outcome.index])
        }
    }

    @Test("a lone probe whose thread cannot start fails in setup at once, and one whose thread starts runs")
    func loneProbe() async throws {
        let refusing = try RefusingPort()
        let target = ProbeTarget.loopback("lone.pinbench.test", port: refusing.port)
        let failed = await ChainProber().probe(target, options: options) { _ in false }
        #expect(failed.failure == .noThread)
        #expect(failed.failure?.reason.contains("no thread could be started") == true)
        let ran = await ChainProber().probe(target, options: options) { ProbeThread.start(name: "pinbench.test", $0) }
        #expect(ran.failure?.code == .connectionRefused, "\(ran)")
    }

    @Test("some threads start: those probe every target, once each")
    func someThreads() async throws {
        let refusing = try RefusingPort()
        let targets = (0..<7).map { ProbeTarget.loopback("t\($0).pinbench.test", port: refusing.port) }
        let attempts = Counter()
        let batch = ChainProber().probeAll(targets, options: options, concurrency: 4) { work in
            // Every other start fails; the others start real threads.
            attempts.next() % 2 == 0 ? false : ProbeThread.start(name: "pinbench.test", work)
        }
        let outcomes = await collect(batch)
        #expect(attempts.value == 4)
        #expect(outcomes.map(\.index).sorted() == Array(0..<7))
        for outcome in outcomes {
            #expect(outcome.result.failure?.code == .connectionRefused, "\(outcome.result)")
        }
    }

    final class Counter: @unchecked Sendable {
        // @unchecked Sendable is safe: `count` is only touched while holding `lock`.
        private let lock = NSLock()
        private var count = 0

        /// The count before this call.
        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            defer { count += 1 }
            return count
        }

        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
    }
}
