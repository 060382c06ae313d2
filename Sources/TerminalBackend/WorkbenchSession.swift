import Foundation
import PinningCore
import Workbench

/// Runs the workbench in the terminal: reads keys and resizes on the main thread, feeds them and background
/// results to `update`, runs the effects, and draws `view` after every change.
///
/// Fetches and validations run as tasks that post into a ``MessageInbox``; the loop polls it every
/// `pollMilliseconds` while waiting for keys, so the screen never blocks on the network. Saving is synchronous
/// (an atomic local write under the manifest's lock, which waits at most `ManifestStore.defaultLockTimeout` for
/// another writer).
public final class WorkbenchSession {
    private let terminal: Terminal
    private let catalog: ThemeCatalog
    private let services: WorkbenchServices
    private let inbox = MessageInbox()
    /// Concurrent fetches at most; the rest wait their turn.
    private let fetchLimiter: FetchLimiter
    /// The files the workbench reads (the manifest, its trust anchors, the CA bundle): no output replaces them.
    private let inputs: [InputFile]
    public private(set) var state: WorkbenchState
    public var pollMilliseconds: Int32 = 50

    public init(
        terminal: Terminal, catalog: ThemeCatalog, state: WorkbenchState, services: WorkbenchServices,
        maxConcurrentFetches: Int = 16, inputs: [InputFile] = []
    ) {
        self.terminal = terminal
        self.inputs = inputs
        self.catalog = catalog
        self.services = services
        self.fetchLimiter = FetchLimiter(limit: maxConcurrentFetches)
        var state = state
        _ = state.apply(.resize(terminal.size))
        self.state = state
    }

    /// Runs until the user quits or a termination signal arrives, then restores the terminal. `initialEffects`
    /// (e.g. fetch everything) run first.
    public func run(initialEffects: [Effect] = []) {
        defer { terminal.close() }
        var quit = perform(initialEffects)
        draw()
        var lastTick = Date()
        let watcher = ManifestWatcher(url: state.document.url)
        var lastDiskCheck = Date()
        while !quit {
            if terminal.terminationSignal != nil { break }
            var effects: [Effect] = []
            var changed = false
            if terminal.suspendRequested { suspend() }
            if terminal.repaintIfContinued() {
                effects += state.apply(.resize(terminal.size))
                changed = true
            }
            let event = terminal.nextEvent(timeout: pollMilliseconds)
            // Messages carry the time they happen (the message log's times, a pin's `added`).
            state.now = Date()
            if let event {
                switch event {
                case .key(let key):
                    // The clock as the key is pressed, so an edit (a pin's `added`) carries its own time.
                    effects += state.apply(.tick(Date()))
                    effects += state.apply(.key(key))
                case .resize(let size): effects += state.apply(.resize(size))
                case .mouse(let event): effects += state.apply(.mouse(event))
                }
                changed = true
            }
            for message in inbox.drain() {
                effects += state.apply(message)
                changed = true
            }
            let now = Date()
            if now.timeIntervalSince(lastTick) >= 60 {
                effects += state.apply(.tick(now))
                lastTick = now
                changed = true
            }
            if now.timeIntervalSince(lastDiskCheck) >= 1 {
                watcher.poll(into: inbox)  // a changed manifest arrives through the inbox as manifestOnDisk
                lastDiskCheck = now
            }
            quit = perform(effects)
            if changed && !quit { draw() }
        }
    }

    /// Ctrl-Z: the terminal goes back to the shell until `fg`, then the whole screen is drawn again at the
    /// terminal's size (which may have changed meanwhile).
    private func suspend() {
        guard terminal.suspend() else {
            state.message = StatusMessage("no job control here (the shell ignores Ctrl-Z); q quits")
            draw()
            return
        }
        _ = state.apply(.resize(terminal.size))
        draw()
    }

    private func draw() {
        let theme = catalog.theme(named: state.themeName) ?? catalog.defaultTheme
        terminal.draw(WorkbenchProgram.view(state), theme: theme)
    }

    /// Runs effects; true when one of them is `quit`.
    private func perform(_ effects: [Effect]) -> Bool {
        var pending = effects
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            switch effect {
            case .quit:
                return true
            case .output(let request):
                if let answer = OutputPerformer.perform(request, inputs: inputs) { pending += state.apply(answer) }
            case .suspend:
                suspend()
            case .save(let document):
                do {
                    let saved = try ManifestStore.save(document)
                    pending += state.apply(.saved(saved))
                } catch {
                    pending += state.apply(.saveFailed(error))
                }
            case .fetch(let requests):
                for request in requests {
                    let inbox = self.inbox
                    let services = self.services
                    let limiter = fetchLimiter
                    Task.detached {
                        await limiter.acquire()
                        inbox.post(.fetchStarted(host: request.host))
                        let result = await services.fetch(request)
                        await limiter.release()
                        inbox.post(.fetchCompleted(host: request.host, result: result))
                    }
                }
            case .generateBackupKey(let request):
                let inbox = self.inbox
                // Key generation (seconds for RSA) and the file writes run off the update loop.
                Task.detached { inbox.post(.backupKeyFinished(BackupKeyJob.run(request))) }
            case .validate(let host, let chain, let manifest, let revocation, let generation):
                let inbox = self.inbox
                let services = self.services
                Task.detached {
                    let verdict = await services.validate(host, chain, manifest, revocation)
                    inbox.post(.validated(host: host, verdict: verdict, generation: generation))
                }
            }
        }
        return false
    }
}

/// A counting semaphore for tasks: at most `limit` fetches hold it at once.
actor FetchLimiter {
    private let limit: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    func acquire() async {
        if running < limit {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
