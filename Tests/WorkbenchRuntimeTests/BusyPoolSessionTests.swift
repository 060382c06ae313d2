import CSystemCalls
import Foundation
import Testing
import Workbench
import WorkbenchRuntime

/// The session's background work runs on threads of its own: a process whose cooperative pool is held (in CI, by
/// hundreds of tests at once) still fetches, judges and pins. Before, sessions under a busy test runner waited
/// minutes for a validation and their scripts ran out of patience.
@Suite("the workbench session with the cooperative pool held by other work")
struct BusyPoolSessionTests {
    final class Flag: @unchecked Sendable {
        var value = false
    }

    /// The names of the threads the services ran on.
    final class ThreadNames: @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String] = []

        /// The kernel's name of the calling thread (Foundation's `Thread.current.name` may say otherwise: see
        /// `RuntimeExecutor`).
        func record() {
            var buffer = [CChar](repeating: 0, count: 32)
            _ = pb_current_thread_name(&buffer, buffer.count)
            let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            lock.lock()
            names.append(name)
            lock.unlock()
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return names
        }
    }

    @Test("every pool thread blocked for the whole session: the chain is still fetched, judged and pinned")
    func sessionRunsWithoutThePool() async throws {
        let workspace = try RuntimeWorkspace()
        let hold = CooperativePoolHold()
        let held = Flag()
        let poolWasFree = Flag()
        let screen = ScriptedScreen(
            patience: 30,
            script: [
                .waitFor("✓ accepted"), .keys("2", "G", "p"), .waitFor("pinned spki-sha256"), .keys("q"),
                .pressFor { $0.contains("Unsaved changes") ? [.character("y")] : [] },
            ])
        let around = SessionSurroundings(
            before: { held.value = hold.holdAll() },
            after: {
                poolWasFree.value = hold.poolWasFree
                hold.release()
            })
        // The workspace's services, noting the thread each fetch and validation runs on.
        let threads = ThreadNames()
        let plain = try workspace.services()
        let services = WorkbenchServices(
            fetch: { request in
                threads.record()
                return try await plain.fetch(request)
            },
            validate: { host, chain, manifest, revocation in
                threads.record()
                return try await plain.validate(host, chain, manifest, revocation)
            },
            forecast: plain.forecast)
        let final = try await workspace.runSession(on: screen, services: services, around: around)
        // The proof needs the pool really held: a probe queued behind the holders never ran during the session.
        #expect(held.value, "no thread of the pool could be held: the test proves nothing")
        #expect(!poolWasFree.value, "the pool ran other work during the session: the test proves nothing")
        #expect(screen.failure == nil, "\(screen.failure ?? "")")
        // And directly: every fetch and validation ran on the workbench's own threads, as the kernel names them.
        // (Stop 47 saw a call "on com.apple.root.default-qos" under the full suite's load: the executor's thread had
        // kept its maker's name, Foundation's name setter having lost a race; fixed in `RuntimeExecutor`.)
        #expect(!threads.all.isEmpty)
        #expect(threads.all.allSatisfy { $0.hasPrefix("pb-workbench-") }, "\(threads.all)")
        let pins = final.editing.document.manifest.policy(for: workspace.pki.host)?.pins ?? []
        #expect(pins.count == 3, "the leaf and intermediate pins of the workspace, and the root pinned: \(pins.count)")
    }
}
