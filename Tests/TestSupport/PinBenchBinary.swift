import Foundation

/// The built `pinbench` executable, run as a user would run it.
public enum PinBenchBinary {
    /// The executable beside the test bundle (`swift test` builds every product into the same folder), or the one
    /// `PINBENCH_BINARY` names: the benchmarks measure the binary to install that way (BENCHMARKS.md).
    public static var url: URL {
        if let path = ProcessInfo.processInfo.environment["PINBENCH_BINARY"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On Linux the test runner is <build>/<config>/PinBenchPackageTests.xctest; on macOS it sits deeper.
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("pinbench")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: ".build/debug/pinbench")
    }

    /// Runs `pinbench` with `arguments` in `folder`, with no system trust unless the test asks for it.
    public static func run(
        _ arguments: [String],
        in folder: URL? = nil,
        environment extra: [String: String] = [:],
        input: Data? = nil,
        timeout: TimeInterval = 60
    ) throws -> ProcessRunner.Result {
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in extra { environment[key] = value }
        return try ProcessRunner.run(
            url.path,
            arguments,
            input: input,
            environment: environment,
            currentDirectory: folder,
            timeout: timeout
        )
    }
}
