import Foundation

/// Fetches certificate chains from live servers over OpenSSL.
///
/// Probes do their blocking socket and OpenSSL work on threads of their own (a lone probe on one thread, a batch on a
/// fixed set of worker threads), so async callers (and the terminal UI) never block and the cooperative pool is never
/// tied up by the network.
public struct ChainProber: Sendable {
    public init() {}

    /// Probes one server. Never throws: every failure is a ``ProbeFailure`` value. Cancelling the calling task
    /// stops the probe at once (it returns a `cancelled` failure).
    public func probe(
        _ target: ProbeTarget, options: ProbeOptions = ProbeOptions()
    ) async -> Result<ProbeResult, ProbeFailure> {
        await probe(target, options: options) { ProbeThread.start(name: "pinbench.probe", $0) }
    }

    /// ``probe(_:options:)`` with the function that starts its thread (false: none started).
    func probe(
        _ target: ProbeTarget, options: ProbeOptions,
        startingThreadWith startThread: (@escaping @Sendable () -> Void) -> Bool
    ) async -> Result<ProbeResult, ProbeFailure> {
        let signal = CancellationSignal()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: .failure(.cancelled(.setup)))
                    return
                }
                let started = startThread {
                    continuation.resume(
                        returning: ProbeSession.run(target, options: options, shared: nil, signal: signal))
                }
                if !started { continuation.resume(returning: .failure(.noThread)) }
            }
        } onCancel: {
            signal.cancel()
        }
    }

    /// Probes many servers with at most `concurrency` in flight, delivering each outcome as soon as it is known.
    ///
    /// The probes run on `concurrency` worker threads that each take the next target when done with one. The
    /// returned batch buffers without bound, so a slow consumer never stalls the probes; ending the iteration,
    /// cancelling the consuming task or calling ``ProbeBatch/cancel()`` stops all probes still running. Every target
    /// gets one outcome unless the batch is stopped first, even when no thread can be started (then each is a
    /// `setup` failure saying so).
    public func probeAll(
        _ targets: [ProbeTarget], options: ProbeOptions = ProbeOptions(), concurrency: Int = 32
    ) -> ProbeBatch {
        probeAll(targets, options: options, concurrency: concurrency) {
            ProbeThread.start(name: "pinbench.probe", $0)
        }
    }

    /// ``probeAll(_:options:concurrency:)`` with the function that starts a worker thread (false: none started).
    func probeAll(
        _ targets: [ProbeTarget], options: ProbeOptions, concurrency: Int,
        startingThreadsWith startThread: (@escaping @Sendable () -> Void) -> Bool
    ) -> ProbeBatch {
        let (stream, continuation) = AsyncStream.makeStream(of: ProbeOutcome.self, bufferingPolicy: .unbounded)
        let workers = min(max(1, concurrency), targets.count)
        let queue = ProbeWorkQueue(count: targets.count, workers: workers)
        continuation.onTermination = { _ in queue.cancel() }
        guard workers > 0 else {
            continuation.finish()
            return ProbeBatch(stream: stream, queue: queue)
        }
        let shared = Result { () throws(ProbeFailure) in try ProbeResources(options: options) }
        let work: @Sendable () -> Void = {
            while let index = queue.take() {
                let result = ProbeSession.run(targets[index], options: options, shared: shared, signal: queue.signal)
                continuation.yield(ProbeOutcome(index: index, target: targets[index], result: result))
            }
            if queue.workerEnded() { continuation.finish() }
        }
        var started = 0
        for _ in 0..<workers {
            if startThread(work) { started += 1 }
        }
        if started == 0 {
            while let index = queue.take() {
                continuation.yield(ProbeOutcome(index: index, target: targets[index], result: .failure(.noThread)))
            }
        }
        // The workers that did not start end here; their share of the targets went to those that did.
        for _ in started..<workers {
            if queue.workerEnded() { continuation.finish() }
        }
        return ProbeBatch(stream: stream, queue: queue)
    }
}
