#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signals that end a lab run in the foreground (`pinbench lab`): SIGINT, SIGTERM and SIGHUP stop it, SIGUSR1
/// rotates the `rotating` scenario to its next state.
///
/// They are blocked before the lab's threads start, so the threads inherit the mask and only ``wait(rotating:)``
/// sees them: Ctrl-C then stops the lab cleanly instead of killing the process mid-write.
public struct LabStopSignals {
    private var set = sigset_t()

    /// Blocks the signals for this thread and the threads it starts from now on.
    public static func block() -> LabStopSignals {
        var signals = LabStopSignals()
        sigemptyset(&signals.set)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGUSR1] { sigaddset(&signals.set, signal) }
        pthread_sigmask(SIG_BLOCK, &signals.set, nil)
        return signals
    }

    /// Waits for the signals: each SIGUSR1 rotates `lab` and hands the new state to `rotated`; any other returns,
    /// with the signal that stopped the lab.
    public mutating func wait(rotating lab: RunningLab, rotated: (LabRotation) -> Void) -> Int32 {
        var received: Int32 = 0
        while sigwait(&set, &received) == 0 && received == SIGUSR1 {
            rotated(lab.rotateToNext())
        }
        return received
    }

    /// How the lab's end is said: "interrupt" for Ctrl-C, else the signal's number.
    public static func describe(_ signal: Int32) -> String {
        signal == SIGINT ? "interrupt" : "signal \(signal)"
    }
}
