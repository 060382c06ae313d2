import Foundation

/// One lock around every launch of a long-lived helper with Foundation's `Process` (the lab, `s_server`, the OCSP
/// responder), taken while its pipes and files are opened and it is spawned.
///
/// Foundation closes a child's other descriptors from a list it makes before spawning, and its pipes and the
/// socket through which it sees a child exit are inheritable. Two launches at once on two test threads can hand
/// one child the other's pipe or exit socket; the other's exit or end of output is then hidden until the first
/// ends. Short-lived processes never go through Foundation on Linux (``ProcessRunner`` spawns them with every
/// other descriptor closed), so serialising these few launches closes that window.
public enum FoundationLaunch {
    private static let lock = NSLock()

    /// Runs `launch` (open the pipes, spawn) while no other Foundation launch of the tests runs.
    public static func serialized<Value>(_ launch: () throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try launch()
    }
}
