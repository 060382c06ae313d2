import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The workbench's background threads carry their names in the kernel, where ps, top, a debugger and the tests that
/// check which thread ran a service read them. Foundation's thread-name setter, called from the new thread, named the
/// kernel thread only when `start()` had already recorded it: in about half of the processes one of the four threads
/// kept the name of the thread that made it, and a test saw its work "on a dispatch root-queue thread" (stop 47).
@Suite("the workbench's threads as the kernel names them")
struct WorkbenchThreadNamesTests {
    @Test("every one of the workbench's own threads is named pb-workbench-N, in each of four runs")
    func threadsNamed() async throws {
        let expected = max(4, ProcessInfo.processInfo.activeProcessorCount)
        for run in 1...4 {
            let workspace = try OfflineWorkspace.standard()
            let tmux = try TmuxSession.pinbench(workspace.workbenchArguments)
            defer { try? tmux.killServer() }
            // The chain judged: background work has run, so the executor's threads exist.
            try await tmux.waitFor("✓ accepted")
            let pid = try #require(tmux.programPID())
            let names = threadNames(of: pid)
            let numbered = Set((0..<expected).map { "pb-workbench-\($0)" })
            #expect(
                numbered.isSubset(of: Set(names)),
                "run \(run): missing \(numbered.subtracting(names).sorted()) among \(names.sorted())")
        }
    }

    /// The kernel's name (`comm`) of each thread of `pid`.
    func threadNames(of pid: Int32) -> [String] {
        let tasks = URL(fileURLWithPath: "/proc/\(pid)/task")
        let ids = (try? FileManager.default.contentsOfDirectory(atPath: tasks.path)) ?? []
        return ids.compactMap { id in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(id)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
