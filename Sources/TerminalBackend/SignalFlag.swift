import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Set by SIGINT, SIGTERM and SIGHUP; the event loop polls it and shuts down cleanly (restoring the terminal)
/// instead of dying with the terminal in raw mode. An atomic store is safe inside a signal handler.
let terminationSignal = Atomic<Int32>(0)

enum SignalFlag {
    /// Installs the handlers, and unblocks on this (the main) thread the signals the workbench lives by: a parent
    /// may have started it with them blocked (a child inherits the mask, and a Swift concurrency or dispatch thread
    /// blocks SIGINT, SIGTERM, SIGHUP and SIGWINCH), and then neither quitting by signal nor resizing would work.
    static func install() {
        var needed = sigset_t()
        sigemptyset(&needed)
        for sig in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { sigaddset(&needed, sig) }
        pthread_sigmask(SIG_UNBLOCK, &needed, nil)
        for sig in [SIGINT, SIGTERM, SIGHUP] {
            signal(sig) { number in terminationSignal.store(number, ordering: .relaxed) }
        }
    }

    /// The signal that asked us to stop, or nil.
    static var received: Int32? {
        let value = terminationSignal.load(ordering: .relaxed)
        return value == 0 ? nil : value
    }
}
