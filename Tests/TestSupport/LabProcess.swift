import Foundation

/// `pinbench lab --write-manifest` running in the background, as a user would start it in another terminal.
///
/// The lab's keys live in that process only, so every test that needs lab chains runs while it lives.
public final class LabProcess: @unchecked Sendable {
    // @unchecked Sendable: immutable after init; `output` guards its own bytes.
    public let manifestPath: String
    /// The loopback `address:port` the lab printed.
    public let endpoint: String
    /// Everything the lab printed up to and including its `ready` line.
    public let banner: String
    private let process: Process
    private let stderrPipe: Pipe
    private let output: LockedData

    /// Starts the lab writing `manifest` (relative to `folder`) and waits for its `ready` line.
    public init(
        writing manifest: String, in folder: URL, extraArguments: [String] = [], timeout: TimeInterval = 60
    )
        throws
    {
        manifestPath = folder.appendingPathComponent(manifest).path
        let output = LockedData()
        let (process, stderrPipe) = try FoundationLaunch.serialized { () throws -> (Process, Pipe) in
            let process = Process()
            let stderrPipe = Pipe()
            process.executableURL = PinBenchBinary.url
            process.arguments = ["lab", "--write-manifest", manifest] + extraArguments
            process.currentDirectoryURL = folder
            let stdoutPipe = Pipe()
            process.standardOutput = stdoutPipe
            process.standardError = stderrPipe
            process.standardInput = FileHandle.nullDevice
            stdoutPipe.fileHandleForReading.readabilityHandler = { [output] handle in
                output.append(handle.availableData)
            }
            try process.run()
            return (process, stderrPipe)
        }
        self.process = process
        self.stderrPipe = stderrPipe
        self.output = output
        let deadline = Date().addingTimeInterval(timeout)
        var text = ""
        while Date() < deadline {
            text = output.text
            if text.contains("\nready\n") || !process.isRunning { break }
            usleep(20_000)
        }
        banner = text
        guard text.contains("\nready\n"),
            let line = text.split(separator: "\n").first(where: { $0.contains("listening on ") }),
            let endpoint = line.split(separator: " ").first(where: {
                $0.hasPrefix("127.0.0.1:") || $0.hasPrefix("[::1]:")
            })
        else {
            process.terminate()
            let stderr = String(decoding: stderrPipe.fileHandleForReading.availableData, as: UTF8.self)
            throw ProcessRunner.ProcessFailure(status: -1, stderr: "the lab did not get ready: \(text) \(stderr)")
        }
        self.endpoint = String(endpoint)
    }

    deinit { Self.forceStop(process) }

    /// SIGKILL and a bounded wait, never `waitUntilExit`: on a loaded machine Foundation once failed to notice two
    /// labs' exits, and the two test threads waiting on them held the whole cooperative pool, so the suite stalled.
    private static func forceStop(_ process: Process) {
        guard process.isRunning else { return }
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
    }

    /// Everything the lab printed on stdout so far.
    public var printed: String { output.text }

    /// Sends SIGUSR1 (the rotating host's next chain) and waits until the lab prints `line` once more than before;
    /// throws when it does not within `timeout` (a bound on a hang, not a timing).
    public func rotate(expecting line: String, timeout: TimeInterval = 30) throws {
        let before = output.text.components(separatedBy: line).count
        kill(process.processIdentifier, SIGUSR1)
        let deadline = Date().addingTimeInterval(timeout)
        while output.text.components(separatedBy: line).count == before {
            guard Date() < deadline, process.isRunning else {
                throw ProcessRunner.ProcessFailure(
                    status: -1, stderr: "the lab did not print \(line) after SIGUSR1: \(output.text)")
            }
            usleep(20_000)
        }
    }

    /// Waits until the lab has printed `text` (after a signal sent from elsewhere, as a user sends it from another
    /// terminal); throws when it does not within `timeout` (a bound on a hang, not a timing).
    public func waitForPrinted(_ text: String, timeout: TimeInterval = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !output.text.contains(text) {
            guard Date() < deadline, process.isRunning else {
                throw ProcessRunner.ProcessFailure(status: -1, stderr: "the lab did not print \(text): \(output.text)")
            }
            usleep(20_000)
        }
    }

    /// Sends SIGINT (Ctrl-C) and waits for the lab to exit; returns its status and what it said on stderr.
    public func interrupt(timeout: TimeInterval = 20) -> (status: Int32, stderr: String) {
        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            Self.forceStop(process)
            return (-1, "did not stop within \(timeout) s")
        }
        let stderr = String(decoding: stderrPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, stderr)
    }
}

/// Bytes appended from a pipe's reader thread and read from the test's.
private final class LockedData: @unchecked Sendable {
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
