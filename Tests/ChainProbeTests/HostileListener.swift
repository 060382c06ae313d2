import CSystemCalls
import ChainProbe
import Foundation

/// A TCP listener on 127.0.0.1 (port chosen by the system) that misbehaves on purpose, one way per instance, and
/// counts what it sees so tests can observe the prober from the server's side.
final class HostileListener: @unchecked Sendable {
    // @unchecked Sendable is safe: the counters, `held` and `hungUp` are only touched under `lock`; the descriptors
    // are closed only by the loop thread (or by stop() after joining it).
    enum Behaviour: Sendable {
        /// Accepts, reads whatever comes, never says a word; holds the connection until the client leaves or
        /// ``hangUpAll()``.
        case silent
        /// Reads the ClientHello, then resets the connection (SO_LINGER 0 close sends RST).
        case reset
        /// Reads the ClientHello, then closes normally (FIN) without an alert.
        case hangUp
        /// Reads the ClientHello and answers with these bytes, like a plain HTTP server would.
        case plainText([UInt8])
    }

    /// What the listener has seen so far.
    struct Counts: Sendable {
        var accepted = 0
        /// Connections accepted and not yet closed by either side (silent behaviour only).
        var open = 0
        /// The most connections open at the same moment.
        var peakOpen = 0
    }

    let port: UInt16
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let behaviour: Behaviour
    private let lock = NSLock()
    private var state = Counts()
    private var held: Set<Int32> = []
    private var hungUp: [Int32] = []
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)

    init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        (listener, port) = try LoopbackSocket.listen()
        var fds: [Int32] = [-1, -1]
        guard pb_pipe_cloexec(&fds) == 0 else {
            throw LoopbackSocket.Failure("pipe: \(String(cString: strerror(errno)))")
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        let thread = Thread { [self] in
            loop()
            done.signal()
        }
        thread.name = "test.hostile-listener"
        thread.start()
    }

    /// Where to dial this listener.
    var endpoint: ProbeEndpoint { ProbeEndpoint(host: "127.0.0.1", port: port) }
    var address: String { endpoint.description }

    var counts: Counts {
        lock.lock()
        defer { lock.unlock() }
        return state
    }

    /// Polls the counts until `condition` holds; false when `timeout` passes first. The timeout only bounds a
    /// failing test: on a loaded two-core machine a probe's start can wait seconds for the cooperative pool.
    func waitUntil(timeout: Duration = .seconds(120), _ condition: (Counts) -> Bool) async -> Bool {
        let end = ContinuousClock.now.advanced(by: timeout)
        while ContinuousClock.now < end {
            if condition(counts) { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition(counts)
    }

    /// Closes every held connection from the server side and returns how many there were. They stop counting as
    /// open at once, before any client can notice, so a client that connects afterwards never overlaps with them
    /// in ``Counts/peakOpen``.
    @discardableResult
    func hangUpAll() -> Int {
        lock.lock()
        let count = held.count
        for fd in held { shutdown(fd, Int32(SHUT_RDWR)) }
        hungUp += held
        state.open -= count
        held.removeAll()
        lock.unlock()
        wake()
        return count
    }

    func stop() {
        lock.lock()
        let first = !stopping
        stopping = true
        lock.unlock()
        guard first else { return }
        wake()
        done.wait()
        for fd in held.union(hungUp) { close(fd) }
        close(listener)
        close(wakeRead)
        close(wakeWrite)
    }

    deinit { stop() }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    private func loop() {
        while true {
            lock.lock()
            if stopping {
                lock.unlock()
                return
            }
            for fd in hungUp { close(fd) }
            hungUp.removeAll()
            let watched = Array(held)
            lock.unlock()
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
            fds.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
            fds += watched.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 { continue }
            if fds[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                _ = read(wakeRead, &drain, drain.count)
            }
            // Departures first, so a client that left before the next one arrived is never counted twice.
            for entry in fds.dropFirst(2) where entry.revents != 0 { readOrForget(entry.fd) }
            if fds[0].revents != 0 { acceptOne() }
        }
    }

    /// Discards what a held client sent; forgets (and closes) it once it has gone.
    private func readOrForget(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count > 0 || (count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) { return }
        lock.lock()
        let wasHeld = held.remove(fd) != nil
        if wasHeld { state.open -= 1 }
        lock.unlock()
        if wasHeld { close(fd) }
    }

    private func acceptOne() {
        let fd = pb_accept_cloexec(listener)
        guard fd >= 0 else { return }
        lock.lock()
        state.accepted += 1
        lock.unlock()
        switch behaviour {
        case .silent:
            lock.lock()
            held.insert(fd)
            state.open += 1
            state.peakOpen = max(state.peakOpen, state.open)
            lock.unlock()
        case .reset:
            readClientHello(fd)
            var linger = Foundation.linger(l_onoff: 1, l_linger: 0)
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Foundation.linger>.size))
            close(fd)
        case .hangUp:
            readClientHello(fd)
            close(fd)
        case .plainText(let bytes):
            readClientHello(fd)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            shutdown(fd, Int32(SHUT_WR))
            // Let the client read the answer before the close (an unread ClientHello tail would turn it into RST).
            var rest = [UInt8](repeating: 0, count: 4096)
            _ = recv(fd, &rest, rest.count, 0)
            close(fd)
        }
    }

    /// Waits for the ClientHello and reads it: 30 seconds at most, so a probe thread stalled on a loaded machine still
    /// sees the behaviour under test rather than a close before its ClientHello went out.
    private func readClientHello(_ fd: Int32) {
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        _ = recv(fd, &buffer, buffer.count, 0)
    }
}
