import Foundation
import TestSupport

/// `pinbench collect` running in the background as a user starts it: its first line names the URL it serves.
final class CollectorProcess: @unchecked Sendable {
    // @unchecked: immutable after init; `output` guards its own bytes.
    let url: String
    private let process: Process
    private let output = Output()

    init(arguments: [String], in folder: URL, timeout: TimeInterval = 60) throws {
        let output = self.output
        process = try FoundationLaunch.serialized { () throws -> Process in
            let process = Process()
            process.executableURL = PinBenchBinary.url
            process.arguments = ["collect"] + arguments
            process.currentDirectoryURL = folder
            let stdout = Pipe()
            let stderr = Pipe()
            process.standardOutput = stdout
            process.standardError = stderr
            process.standardInput = FileHandle.nullDevice
            stdout.fileHandleForReading.readabilityHandler = { output.append($0.availableData) }
            stderr.fileHandleForReading.readabilityHandler = { output.append($0.availableData) }
            try process.run()
            return process
        }
        let deadline = Date().addingTimeInterval(timeout)
        var found: String?
        while Date() < deadline, process.isRunning {
            if let line = output.text.split(separator: "\n").first(where: { $0.hasPrefix("collecting on ") }) {
                found = line.split(separator: " ")[2].description
                break
            }
            usleep(20_000)
        }
        guard let found else {
            Self.kill(process)
            throw CollectorStartFailure(message: "the collector did not start: \(output.text)")
        }
        url = found
    }

    deinit { Self.kill(process) }

    var printed: String { output.text }

    /// SIGKILL, as a crash or `kill -9` ends it, and a bounded wait for the exit.
    func killNow() {
        Self.kill(process)
    }

    /// SIGINT and a bounded wait: the exit status, or nil when it did not end.
    func interrupt(timeout: TimeInterval = 20) -> Int32? {
        process.interrupt()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    private static func kill(_ process: Process) {
        guard process.isRunning else { return }
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(20_000) }
    }

    private final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        func append(_ chunk: Data) {
            lock.lock()
            data.append(chunk)
            lock.unlock()
        }

        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: data, as: UTF8.self)
        }
    }
}

struct CollectorStartFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
