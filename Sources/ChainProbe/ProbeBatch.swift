/// The outcomes of a batch of probes, in completion order, with a way to stop the rest.
public struct ProbeBatch: AsyncSequence, Sendable {
    public typealias Element = ProbeOutcome

    private let stream: AsyncStream<ProbeOutcome>
    private let task: Task<Void, Never>

    init(stream: AsyncStream<ProbeOutcome>, task: Task<Void, Never>) {
        self.stream = stream
        self.task = task
    }

    /// Stops the probes still running or waiting; the sequence then ends.
    public func cancel() { task.cancel() }

    public func makeAsyncIterator() -> AsyncStream<ProbeOutcome>.Iterator { stream.makeAsyncIterator() }
}
