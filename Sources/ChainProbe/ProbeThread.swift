import CSystemCalls

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts the detached threads that probes (and their name lookups and OCSP requests) run on, and says when none
/// could be started.
///
/// Foundation's `Thread.start()` gives no sign when `pthread_create` fails (a process or system out of threads):
/// no thread runs, and whoever waits for its work waits forever. Here the caller learns of it and can give the
/// targets that thread would have probed a failure instead.
enum ProbeThread {
    /// Why there is no answer when ``start(name:_:)`` returned false.
    static let unavailable = "no thread could be started (the process or the system is out of threads)"

    /// Runs `body` on a new detached thread named `name` (at most 15 bytes show); false when no thread started.
    static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Work(name: name, body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, &attributes, runWork, context)
        guard status == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            return false
        }
        return true
    }

    /// What a started thread runs, handed over through `pthread_create`'s context pointer.
    private final class Work {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }
    }

    private static let runWork: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { context in
        guard let context else { return nil }
        let work = Unmanaged<Work>.fromOpaque(context).takeRetainedValue()
        _ = pb_set_current_thread_name(String(decoding: work.name.utf8.prefix(15), as: UTF8.self))
        work.body()
        return nil
    }
}

extension ProbeFailure {
    /// No thread could be started to run a probe.
    static let noThread = ProbeFailure.other(.setup, ProbeThread.unavailable)
}
