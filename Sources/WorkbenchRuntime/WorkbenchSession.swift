import CTWatch
import Foundation
import ManifestEditing
import ManifestFiles
import PinForecast
import PinningCore
import Workbench

/// Runs the workbench on a ``WorkbenchScreen``: reads keys and resizes, feeds them and background results to
/// `update`, runs the effects, and draws `view` after every change.
///
/// Fetches, validations and backup keys run as tasks that post into a ``MessageInbox``; the loop looks at it every
/// `pollMilliseconds` while waiting for keys, so the screen never blocks on the network. Saving and file output are
/// synchronous (atomic local writes; a save waits at most `ManifestStore.defaultLockTimeout` for another writer).
///
/// Unsaved edits are kept in a recovery file beside the manifest as they happen (``RecoveryKeeper``); the recovery
/// files a session that ended without saving left are offered at the start.
public final class WorkbenchSession {
    private let screen: any WorkbenchScreen
    private let catalog: ThemeCatalog
    private let background: BackgroundWork
    /// The files the workbench reads (the manifest, its trust anchors, the CA bundle): no output replaces them.
    private let inputs: [InputFile]
    /// The CT watch's rounds, when a log list is configured.
    private let watch: WatchSchedule?
    /// This session's recovery file, and the choices about those found at the start.
    private let recovery: RecoveryKeeper
    public private(set) var state: WorkbenchState
    /// How long one read of the screen waits before the loop looks at the inbox, the clock and the manifest file.
    public var pollMilliseconds: Int32 = 50
    /// How often the clock moves on without a key (days left and expiry warnings are computed from it).
    public var tickInterval: TimeInterval = 60
    /// How often the manifest file is examined (one `stat`) for a change made outside the workbench.
    public var diskCheckInterval: TimeInterval = 1
    /// The collector's report database the Reports view reads (nil: `reports.db` beside the manifest), and how often
    /// it is read again.
    public var reportsDatabase: URL?
    public var reportsInterval: TimeInterval = 2

    public init(
        screen: any WorkbenchScreen, catalog: ThemeCatalog, state: WorkbenchState, services: WorkbenchServices,
        maxConcurrentFetches: Int = 16, inputs: [InputFile] = [], watch: WatchSchedule? = nil
    ) {
        self.screen = screen
        self.inputs = inputs
        self.watch = watch
        self.catalog = catalog
        self.recovery = RecoveryKeeper(manifest: state.editing.document.url, inputs: inputs)
        self.background = BackgroundWork(
            inbox: MessageInbox(), services: services, limiter: FetchLimiter(limit: maxConcurrentFetches))
        var state = state
        _ = state.apply(.resize(screen.size))
        self.state = state
    }

    /// Runs until the user quits or a termination signal arrives, then closes the screen. `initialEffects` (e.g.
    /// fetch everything) run first.
    public func run(initialEffects: [Effect] = []) {
        defer { screen.close() }
        let found = recovery.findAtStart()
        var quit = found.isEmpty ? false : perform(state.apply(.recoveryFound(found)))
        quit = perform(initialEffects) || quit
        keepRecovery()
        draw()
        let manifestURL = state.editing.document.url
        let watcher = FileWatcher(url: manifestURL) { ManifestLoader.reloadMessage(manifestURL) }
        // The releases file is read now, off the loop, and again whenever it changes (`pinbench release add`).
        let background = self.background
        let releasesWatcher = FileWatcher(url: ReleaseList.url(besideManifest: manifestURL), readAtStart: true) {
            background.readReleases(besideManifest: manifestURL)
        }
        releasesWatcher.poll(into: background.inbox)
        // The CT watch's state file: findings of the rounds below, or of `pinbench watch` in another terminal.
        let watchStateWatcher = FileWatcher(url: WatchState.url(besideManifest: manifestURL), readAtStart: true) {
            WatchStateReader.read(besideManifest: manifestURL)
        }
        watchStateWatcher.poll(into: background.inbox)
        // The field reports `pinbench collect` stores: the selected domain's, read every few seconds.
        let reports = ReportsPoller(
            url: reportsDatabase ?? ReportsReader.url(besideManifest: manifestURL), interval: reportsInterval)
        reports.poll(host: state.selectedDomainPolicy?.normalizedHost, now: Date(), into: background.inbox)
        let rounds = watch?.start { skipped in background.inbox.post(.watchRoundSkipped(reason: skipped)) }
        defer { rounds?.cancel() }
        var tick = Interval(every: tickInterval)
        var diskCheck = Interval(every: diskCheckInterval)
        while !quit && screen.terminationSignal == nil {
            var turn = Turn()
            followJobControl(&turn)
            readScreen(&turn)
            for message in background.inbox.drain() { turn.add(state.apply(message)) }
            let now = Date()
            if tick.isDue(at: now) { turn.add(state.apply(.tick(now))) }
            reports.poll(host: state.selectedDomainPolicy?.normalizedHost, now: now, into: background.inbox)
            // A changed manifest arrives through the inbox as `manifestOnDisk`.
            if diskCheck.isDue(at: now) {
                watcher.poll(into: background.inbox)
                releasesWatcher.poll(into: background.inbox)
                watchStateWatcher.poll(into: background.inbox)
            }
            quit = perform(turn.effects)
            if !quit && keepRecovery() { turn.add([]) }
            if turn.changed && !quit { draw() }
        }
    }

    /// Writes or removes this session's recovery file after a turn; true when that had something to say.
    @discardableResult
    private func keepRecovery() -> Bool {
        guard let notice = recovery.follow(state.editing) else { return false }
        _ = perform(state.apply(notice))
        return true
    }

    /// A Ctrl-Z from the terminal, or a stop and continue from outside (then every cell is drawn again).
    private func followJobControl(_ turn: inout Turn) {
        if screen.suspendRequested { suspend() }
        if screen.repaintIfContinued() { turn.add(state.apply(.resize(screen.size))) }
    }

    /// One read of the screen, and the clock as it returns.
    private func readScreen(_ turn: inout Turn) {
        let input = screen.nextInput(timeout: pollMilliseconds)
        // Messages carry the time they happen (the message log's times, a pin's `added`): the clock arrives as a
        // message, drawn only when it brings work or comes with a key.
        let clock = state.apply(.tick(Date()))
        guard let input else {
            if !clock.isEmpty { turn.add(clock) }
            return
        }
        // The clock as the key is pressed, so an edit (a pin's `added`) carries its own time.
        turn.add(clock)
        turn.add(state.apply(input))
    }

    /// Ctrl-Z: the terminal goes back to the shell until `fg`, then the whole screen is drawn again at the
    /// terminal's size (which may have changed meanwhile).
    private func suspend() {
        guard screen.suspend() else {
            _ = state.apply(.notice(.noJobControl))
            draw()
            return
        }
        _ = state.apply(.resize(screen.size))
        draw()
    }

    private func draw() {
        let theme = catalog.theme(named: state.chrome.themeName) ?? catalog.defaultTheme
        screen.draw(WorkbenchProgram.view(state), theme: theme)
    }

    /// Runs effects, and the effects their answers bring; true when one of them is `quit`.
    private func perform(_ effects: [Effect]) -> Bool {
        var pending = effects
        while !pending.isEmpty {
            switch pending.removeFirst() {
            case .quit:
                if let notice = recovery.quit() { _ = state.apply(notice) }
                return true
            case .recovery(let request):
                if let notice = recovery.handle(request) { pending += state.apply(notice) }
            case .suspend:
                suspend()
            case .save(let document):
                pending += state.apply(save(document))
            case .output(.clipboard(let text)):
                screen.copyToClipboard(text)
            case .output(.writeFile(let path, let contents, let replacing, let companions)):
                let answer = OutputPerformer.writeFile(
                    path, contents: contents, replacing: replacing, companions: companions, inputs: inputs)
                pending += state.apply(answer)
            case .fetch(let requests):
                background.fetch(requests)
            case .validate(let host, let chain, let manifest, let revocation, let generation):
                background.validate(host, chain, manifest, revocation, generation: generation)
            case .generateBackupKey(let request):
                background.generateBackupKey(request)
            case .forecast(let request):
                background.forecast(request)
            }
        }
        return false
    }

    /// Writes `document` under the manifest's lock, only if the file is still the one loaded, atomically.
    private func save(_ document: ManifestDocument) -> WorkbenchMessage {
        do {
            return .saved(try ManifestStore.save(document))
        } catch {
            return .saveFailed(error)
        }
    }
}

/// What one turn of the loop gathered: the effects to run, and whether the screen needs drawing again.
private struct Turn {
    private(set) var effects: [Effect] = []
    private(set) var changed = false

    /// The effects of one applied message (a message changes the state, so the screen is drawn again).
    mutating func add(_ more: [Effect]) {
        effects += more
        changed = true
    }
}

/// Something the loop does every `every` seconds, measured from the start of the loop.
private struct Interval {
    let every: TimeInterval
    private var last = Date()

    init(every: TimeInterval) {
        self.every = every
    }

    /// True when `every` has passed since the last time it was due; then the interval starts again at `now`.
    mutating func isDue(at now: Date) -> Bool {
        guard now.timeIntervalSince(last) >= every else { return false }
        last = now
        return true
    }
}
