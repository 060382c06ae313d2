import Foundation
import TestSupport

/// The workbench as a user starts it: the built `pinbench` in a 100x30 tmux pane, without fetching.
enum LaunchBenchmarks {
    struct Launch {
        /// From starting the tmux session to the first frame on screen.
        let firstFrame: Double
        let memory: ProcessMemory
    }

    /// Launches the workbench on `manifest` and waits until `marker` is on screen, then reads the process's memory.
    static func workbench(manifest: String, marker: String) throws -> Launch {
        let tmux = try TmuxSession.pinbench(
            ["--manifest", manifest, "--no-fetch"], width: 100, height: 30, environment: ["NO_COLOR": ""],
            launcher: waitForEnter)
        let elapsed = try timeFromEnter(in: tmux) { $0.contains(marker) }
        guard let pid = tmux.programPID(), let memory = ProcessMemory(pid: pid) else {
            throw BenchmarkFailure("no process to read memory from")
        }
        try tmux.send("q")
        try tmux.waitForExit()
        return Launch(firstFrame: elapsed, memory: memory)
    }

    /// The harness alone: a shell in the same kind of pane printing a word, timed the same way.
    static func tmuxHarness() throws -> Double {
        let command = waitForEnter + ["/bin/sh", "-c", "echo ready-for-bench; exec sleep 60"]
        let tmux = try TmuxSession(
            executable: command[0], arguments: Array(command.dropFirst()), width: 100, height: 30)
        return try timeFromEnter(in: tmux) { $0.contains("ready-for-bench") }
    }

    /// A shell that waits for Enter, then becomes the command after it: the pane and the watching client are ready
    /// before the clock starts, so the figure is the program's own start-up and first frame.
    private static let waitForEnter = ["/bin/sh", "-c", #"read go; exec "$0" "$@""#]

    /// Presses Enter in the pane and times until `predicate` holds for the screen (looked at every millisecond).
    private static func timeFromEnter(in tmux: TmuxSession, until predicate: (String) -> Bool) throws -> Double {
        let screen = try ControlModeScreen(tmux)
        let start = Clock.now()
        try screen.send("Enter")
        try screen.waitFor(predicate)
        return Clock.milliseconds(since: start)
    }

    /// `pinbench lint --manifest FILE`: starting the process, reading and decoding the manifest, and linting it, as a
    /// CI job or a pre-commit hook does. Findings are fine (status 1); bad input or a crash is a failure.
    static func lintLaunch(manifest: String) throws -> Double {
        try Clock.measure {
            let result = try ProcessRunner.run(PinBenchBinary.url.path, ["lint", "--manifest", manifest])
            guard result.status == 0 || result.status == 1 else {
                throw BenchmarkFailure("pinbench lint exited with status \(result.status)")
            }
        }
    }

    /// `pinbench --version`: starting the process and its runtime, with no manifest, terminal or UI.
    static func versionLaunch() throws -> Double {
        try Clock.measure {
            _ = try ProcessRunner.run(PinBenchBinary.url.path, ["--version"]).checked()
        }
    }
}
