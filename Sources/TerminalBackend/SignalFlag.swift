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
    static func install() {
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
