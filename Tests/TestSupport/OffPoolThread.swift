import Foundation

/// Runs blocking work (waiting on a subprocess, polling a terminal) on a thread of its own and awaits the result.
///
/// Swift Testing runs tests on the cooperative pool, which has one thread per core: two on the CI machine. A test
/// that blocks a pool thread while a subprocess runs starves every other test's tasks, and timing-sensitive
/// probe tests then fail for reasons that have nothing to do with the probe. Blocking helpers offer async
/// overloads built on this, so tests await instead of block.
public enum OffPoolThread {
    public static func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread { continuation.resume(with: Result { try work() }) }
            thread.name = "pinbench.test.blocking"
            thread.start()
        }
    }
}

extension PinBenchBinary {
    /// ``run(_:in:environment:input:timeout:)`` without holding a cooperative thread.
    public static func run(
        _ arguments: [String],
        in folder: URL? = nil,
        environment extra: [String: String] = [:],
        input: Data? = nil,
        timeout: TimeInterval = 60
    ) async throws -> ProcessRunner.Result {
        try await OffPoolThread.run {
            try run(arguments, in: folder, environment: extra, input: input, timeout: timeout)
        }
    }
}

extension LabProcess {
    /// Starts the lab and waits for it to be ready without holding a cooperative thread.
    public static func start(
        writing manifest: String, in folder: URL, extraArguments: [String] = []
    ) async throws -> LabProcess {
        try await OffPoolThread.run {
            try LabProcess(writing: manifest, in: folder, extraArguments: extraArguments)
        }
    }

    /// ``interrupt(timeout:)`` without holding a cooperative thread.
    public func stop() async -> (status: Int32, stderr: String) {
        (try? await OffPoolThread.run { self.interrupt() }) ?? (-1, "could not wait for the lab")
    }
}
