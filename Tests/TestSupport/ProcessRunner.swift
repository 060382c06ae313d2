import Foundation

/// Runs a process to completion with a deadline, collecting its output. For tests only.
public enum ProcessRunner {
    public struct Result: Sendable {
        public let status: Int32
        public let stdout: Data
        public let stderr: Data

        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
        public var stderrText: String { String(decoding: stderr, as: UTF8.self) }

        /// Throws unless the process exited 0.
        public func checked() throws -> Result {
            guard status == 0 else { throw ProcessFailure(status: status, stderr: stderrText) }
            return self
        }
    }

    public struct ProcessFailure: Error, CustomStringConvertible {
        public let status: Int32
        public let stderr: String
        public var description: String { "exit \(status): \(stderr)" }
    }

    /// Runs `executable` to its end (or `timeout`), feeding it `input` and collecting what it prints. On Linux it
    /// is spawned without Foundation's `Process` (see ``CleanSpawn``), so no other test's process can hide its exit.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        input: Data? = nil,
        environment: [String: String]? = nil,
        currentDirectory: URL? = nil,
        timeout: TimeInterval = 60
    ) throws -> Result {
        #if os(Linux)
            return try CleanSpawn.run(
                CleanSpawn.Request(
                    executable: executable, arguments: arguments, environment: environment,
                    directory: currentDirectory, input: input, timeout: timeout))
        #else
            return try runWithFoundation(
                executable, arguments, input: input, environment: environment, currentDirectory: currentDirectory,
                timeout: timeout)
        #endif
    }

    #if !os(Linux)
        /// Foundation's `Process`, which on Darwin has none of the faults ``CleanSpawn`` avoids on Linux.
        private static func runWithFoundation(
            _ executable: String,
            _ arguments: [String],
            input: Data?,
            environment: [String: String]?,
            currentDirectory: URL?,
            timeout: TimeInterval
        ) throws -> Result {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if let environment { process.environment = environment }
            if let currentDirectory { process.currentDirectoryURL = currentDirectory }
            let stdin = Pipe()
            let stdout = Pipe()
            let stderr = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            let writer = Thread {
                if let input { stdin.fileHandleForWriting.write(input) }
                try? stdin.fileHandleForWriting.close()
            }
            writer.start()
            let collected = OutputCollector(stdout: stdout, stderr: stderr)
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(2_000) }
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
                throw ProcessFailure(status: -1, stderr: "timed out after \(timeout) s: \(executable) \(arguments)")
            }
            process.waitUntilExit()
            let (out, err) = collected.finish()
            return Result(status: process.terminationStatus, stdout: out, stderr: err)
        }
    #endif
}

#if !os(Linux)
    /// Drains both pipes on their own threads so a chatty process never blocks on a full pipe.
    private final class OutputCollector: @unchecked Sendable {
        private let group = DispatchGroup()
        private var out = Data()
        private var err = Data()

        init(stdout: Pipe, stderr: Pipe) {
            group.enter()
            DispatchQueue.global().async {
                self.out = stdout.fileHandleForReading.readDataToEndOfFile()
                self.group.leave()
            }
            group.enter()
            DispatchQueue.global().async {
                self.err = stderr.fileHandleForReading.readDataToEndOfFile()
                self.group.leave()
            }
        }

        func finish() -> (Data, Data) {
            group.wait()
            return (out, err)
        }
    }
#endif
