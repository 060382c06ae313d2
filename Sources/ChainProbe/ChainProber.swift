import Foundation

/// Fetches certificate chains from live servers over OpenSSL.
///
/// Each probe runs its blocking socket and OpenSSL work on a thread of its own, so async callers (and the
/// terminal UI) never block and the cooperative pool is never tied up by the network.
public struct ChainProber: Sendable {
    public init() {}

    /// Probes one server. Never throws: every failure is a ``ProbeFailure`` value. Cancelling the calling task
    /// stops the probe at once (it returns a `cancelled` failure).
    public func probe(
        _ target: ProbeTarget, options: ProbeOptions = ProbeOptions()
    ) async -> Result<
        ProbeResult, ProbeFailure
    > {
        await probe(target, options: options, shared: nil)
    }

    /// ``probe(_:options:)`` with what a batch made once for all its probes (nil: make them for this one).
    private func probe(
        _ target: ProbeTarget, options: ProbeOptions, shared: Result<ProbeResources, ProbeFailure>?
    ) async -> Result<ProbeResult, ProbeFailure> {
        let signal = CancellationSignal()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: .failure(.cancelled(.setup)))
                    return
                }
                let thread = Thread {
                    continuation.resume(
                        returning: ProbeSession.run(target, options: options, shared: shared, signal: signal))
                }
                thread.name = "pinbench.probe"
                thread.start()
            }
        } onCancel: {
            signal.cancel()
        }
    }

    /// Probes many servers with at most `concurrency` in flight, delivering each outcome as soon as it is known.
    ///
    /// The returned batch buffers without bound, so a slow consumer never stalls the probes; ending the iteration,
    /// cancelling the consuming task or calling ``ProbeBatch/cancel()`` stops all probes still running.
    public func probeAll(
        _ targets: [ProbeTarget], options: ProbeOptions = ProbeOptions(), concurrency: Int = 32
    ) -> ProbeBatch {
        let (stream, continuation) = AsyncStream.makeStream(of: ProbeOutcome.self, bufferingPolicy: .unbounded)
        let limit = max(1, concurrency)
        let shared = Result { () throws(ProbeFailure) in try ProbeResources(options: options) }
        let task = Task.detached {
            await withTaskGroup(of: ProbeOutcome.self) { group in
                var next = 0
                func startNext() {
                    let index = next
                    let target = targets[index]
                    next += 1
                    group.addTask {
                        ProbeOutcome(
                            index: index, target: target,
                            result: await self.probe(target, options: options, shared: shared))
                    }
                }
                while next < targets.count && next < limit { startNext() }
                for await outcome in group {
                    continuation.yield(outcome)
                    if next < targets.count && !Task.isCancelled { startNext() }
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return ProbeBatch(stream: stream, task: task)
    }
}
