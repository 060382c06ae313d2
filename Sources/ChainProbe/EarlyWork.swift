/// Work a command will need, started on a thread of its own before the command gets to it, so that it runs while a
/// core would otherwise wait: `check` parses the public suffix list while it reads the manifest and its first
/// handshakes wait on the servers.
public enum EarlyWork {
    /// Runs `body` on a new detached thread; nothing waits for it. False when no thread could be started: the work is
    /// then done where it is first needed, as it would be without this.
    @discardableResult
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        ProbeThread.start(name: name, body)
    }
}
