import Foundation
import TestSupport

/// The workbench as a user starts it: the built `pinbench` in a 100x30 tmux pane, without fetching.
enum LaunchBenchmarks {
    struct Launch {
        /// From starting the tmux session to the first frame on screen.
        let firstFrame: Double
        let memory: ProcessMemory
    }

    /// Launches the workbench on `manifest` and waits (polling without pause) until `marker` is on screen, then
    /// reads the process's memory.
    static func workbench(manifest: String, marker: String) throws -> Launch {
        let start = Clock.now()
        let tmux = try TmuxSession.pinbench(
            ["--manifest", manifest, "--no-fetch"], width: 100, height: 30, environment: ["NO_COLOR": ""])
        try tmux.waitFor(timeout: 30, every: 0, marker) { $0.contains(marker) }
        let elapsed = Clock.milliseconds(since: start)
        guard let pid = tmux.programPID(), let memory = ProcessMemory(pid: pid) else {
            throw BenchmarkFailure("no process to read memory from")
        }
        try tmux.send("q")
        try tmux.waitForExit()
        return Launch(firstFrame: elapsed, memory: memory)
    }

    /// The harness alone: a shell in the same kind of pane printing a word, timed the same way.
    static func tmuxHarness() throws -> Double {
        let start = Clock.now()
        let tmux = try TmuxSession(
            executable: "/bin/sh", arguments: ["-c", "echo ready-for-bench; exec sleep 60"], width: 100, height: 30)
        try tmux.waitFor(timeout: 30, every: 0, "ready") { $0.contains("ready-for-bench") }
        return Clock.milliseconds(since: start)
    }

    /// `pinbench --version`: starting the process and its runtime, with no manifest, terminal or UI.
    static func versionLaunch() throws -> Double {
        try Clock.measure {
            _ = try ProcessRunner.runCleanly(PinBenchBinary.url.path, ["--version"]).checked()
        }
    }
}
