import CNcursesw
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Set by SIGINT, SIGTERM and SIGHUP; the event loop polls it and shuts down cleanly (restoring the terminal)
/// instead of dying with the terminal in raw mode. An atomic store is safe inside a signal handler.
let terminationSignal = Atomic<Int32>(0)

/// Set by SIGTSTP (Ctrl-Z): the loop leaves curses mode, then stops the process for the shell's job control.
let suspendRequest = Atomic<Int32>(0)

/// Set by SIGCONT: the process ran on after a stop (also one it could not catch, SIGSTOP), and the shell may have
/// drawn over the screen meanwhile, so the loop repaints all of it.
let continued = Atomic<Int32>(0)

enum SignalFlag {
    /// False when the program was started with SIGTSTP ignored (a shell without job control): there is nothing to
    /// suspend to, and Ctrl-Z keeps doing nothing.
    nonisolated(unsafe) private(set) static var jobControl = true

    /// Installs the handlers, and unblocks on this (the main) thread the signals the workbench lives by: a parent
    /// may have started it with them blocked (a child inherits the mask, and a Swift concurrency or dispatch thread
    /// blocks SIGINT, SIGTERM, SIGHUP and SIGWINCH), and then neither quitting by signal nor resizing would work.
    ///
    /// Installed before ncurses starts, so ncurses keeps its hands off them: its own SIGTSTP handler would run
    /// curses calls inside the signal handler, on whichever thread the signal lands.
    static func install() {
        var needed = sigset_t()
        sigemptyset(&needed)
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&needed, sig) }
        pthread_sigmask(SIG_UNBLOCK, &needed, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { number in terminationSignal.store(number, ordering: .relaxed) }
        }
        jobControl = pb_signal_is_ignored(SIGTSTP) == 0
        if jobControl { catchSuspend() }
        signal(SIGCONT) { _ in continued.store(1, ordering: .relaxed) }
    }

    private static func catchSuspend() {
        signal(SIGTSTP) { _ in suspendRequest.store(1, ordering: .relaxed) }
    }

    /// The signal that asked us to stop, or nil.
    static var received: Int32? {
        let value = terminationSignal.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }

    /// True once per Ctrl-Z (SIGTSTP) received.
    static func takeSuspendRequest() -> Bool {
        suspendRequest.exchange(0, ordering: .relaxed) != 0
    }

    /// True once per SIGCONT received.
    static func takeContinued() -> Bool {
        continued.exchange(0, ordering: .relaxed) != 0
    }

    /// Stops the process as SIGTSTP's default action does; returns when the shell continues it (`fg`, SIGCONT).
    /// The caller has handed the terminal back first.
    static func stopForJobControl() {
        guard jobControl else { return }
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        // Continued; this very resume is handled by the caller.
        _ = takeSuspendRequest()
        _ = takeContinued()
        catchSuspend()
    }
}
