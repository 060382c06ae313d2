/// The outcomes of a batch of probes, in completion order, with a way to stop the rest.
///
/// Iterate it once. Leaving the loop early (`break`, `return`, a thrown error) stops the probes still running, even
/// while the batch value itself is still around.
public struct ProbeBatch: AsyncSequence, Sendable {
    public typealias Element = ProbeOutcome

    private let stream: AsyncStream<ProbeOutcome>
    private let queue: ProbeWorkQueue

    init(stream: AsyncStream<ProbeOutcome>, queue: ProbeWorkQueue) {
        self.stream = stream
        self.queue = queue
    }

    /// Stops the probes still running or waiting; the sequence then ends.
    public func cancel() { queue.cancel() }

    public func makeAsyncIterator() -> Iterator {
        Iterator(base: stream.makeAsyncIterator(), stopper: BatchStopper(queue))
    }

    /// Hands out the outcomes; when the last copy of it is dropped, the batch stops.
    ///
    /// AsyncStream alone only stops its producer once the stream *and* its iterator are gone, so a consumer that
    /// leaves the loop but keeps the batch would leave the probes running until their deadlines.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: AsyncStream<ProbeOutcome>.Iterator
        private let stopper: BatchStopper

        init(base: AsyncStream<ProbeOutcome>.Iterator, stopper: BatchStopper) {
            self.base = base
            self.stopper = stopper
        }

        public mutating func next() async -> ProbeOutcome? { await base.next() }
    }
}

/// Stops the batch when the iterator that owns it goes away.
final class BatchStopper: Sendable {
    private let queue: ProbeWorkQueue

    init(_ queue: ProbeWorkQueue) { self.queue = queue }

    deinit { queue.cancel() }
}
