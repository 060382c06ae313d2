/// One finished probe of a batch: which target (and its position in the request), and what came of it.
public struct ProbeOutcome: Sendable {
    /// The target's index in the array given to ``ChainProber/probeAll(_:options:concurrency:)``.
    public let index: Int
    public let target: ProbeTarget
    public let result: Result<ProbeResult, ProbeFailure>

    public init(index: Int, target: ProbeTarget, result: Result<ProbeResult, ProbeFailure>) {
        self.index = index
        self.target = target
        self.result = result
    }
}
