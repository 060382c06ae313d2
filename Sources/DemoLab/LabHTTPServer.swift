import CSystemCalls
import Foundation
import LabPKI

/// A plain HTTP/1.0 server on a loopback address for the lab's CT logs: one GET per connection, answered from
/// `LabLog`s mounted under path prefixes, a thread per connection (at most ``maximumConnections``). It can be told
/// to stall or to send an endless body, the ways a log server fails that a watcher must survive.
public final class LabHTTPServer: @unchecked Sendable {
    // @unchecked Sendable: `mounts` and `fault` are touched only with `lock` held; the rest is set in init.
    public enum Fault: Sendable {
        /// Accept, read the request, never answer.
        case stall
        /// Answer 200 with a body of this many bytes of zeros.
        case hugeBody(Int)
        /// Answer as usual, each answer this long after the request (a log that is slow but inside a deadline).
        case slow(Duration)
    }

    public let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var mounts: [String: LabLog] = [:]
    private var fault: Fault?
    private var stopped = false
    private var active = 0
    static let maximumConnections = 32

    /// Listens on 127.0.0.1 (only loopback: the lab is never reachable from elsewhere).
    public init() throws {
        let fd = pb_tcp_socket_cloexec(AF_INET)
        guard fd >= 0 else { throw DemoLabError("cannot create a socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw DemoLabError("cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "pinbench.lab.http"
        thread.start()
    }

    deinit { stop() }

    /// Serves `log` under `/prefix/`; returns the log's URL.
    @discardableResult
    public func mount(_ log: LabLog, at prefix: String) -> String {
        lock.lock()
        mounts[prefix] = log
        lock.unlock()
        return "http://127.0.0.1:\(port)/\(prefix)/"
    }

    /// From now on the server fails this way (nil: it answers).
    public func misbehave(_ fault: Fault?) {
        lock.lock()
        self.fault = fault
        lock.unlock()
    }

    /// Stops accepting; connections in progress end on their own timeouts.
    public func stop() {
        lock.lock()
        let already = stopped
        stopped = true
        lock.unlock()
        if !already { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    private func acceptLoop() {
        defer { close(listener) }
        while true {
            let fd = pb_accept_cloexec(listener)
            lock.lock()
            let done = stopped
            let admitted = !done && fd >= 0 && active < Self.maximumConnections
            if admitted { active += 1 }
            lock.unlock()
            if done {
                if fd >= 0 { close(fd) }
                return
            }
            guard admitted else {
                if fd >= 0 { close(fd) } else if errno != EINTR && errno != ECONNABORTED { return }
                continue
            }
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let thread = Thread { [self] in
                serve(fd)
                close(fd)
                lock.lock()
                active -= 1
                lock.unlock()
            }
            thread.name = "pinbench.lab.http.connection"
            thread.start()
        }
    }

    private func serve(_ fd: Int32) {
        guard let path = Self.readRequestPath(fd) else { return }
        lock.lock()
        let fault = self.fault
        let log = mounts.first { path.hasPrefix("/\($0.key)/") }
        lock.unlock()
        switch fault {
        case .stall?:
            // Hold the connection until the client gives up (its deadline) or the socket's timeout ends it.
            var byte: UInt8 = 0
            _ = recv(fd, &byte, 1, 0)
            return
        case .hugeBody(let size)?:
            write(fd, "HTTP/1.0 200 OK\r\nContent-Length: \(size)\r\n\r\n", body: [UInt8](repeating: 0, count: size))
            return
        case .slow(let delay)?:
            Thread.sleep(
                forTimeInterval: Double(delay.components.seconds) + Double(delay.components.attoseconds) / 1e18)
        case nil:
            break
        }
        guard let (prefix, mounted) = log else {
            write(fd, "HTTP/1.0 404 Not Found\r\nContent-Length: 0\r\n\r\n", body: [])
            return
        }
        let answer = mounted.respond(to: String(path.dropFirst(prefix.count + 2)))
        let reason = answer.status == 200 ? "OK" : answer.status == 404 ? "Not Found" : "Bad Request"
        write(
            fd,
            "HTTP/1.0 \(answer.status) \(reason)\r\nContent-Type: \(answer.contentType)\r\n"
                + "Content-Length: \(answer.body.count)\r\nConnection: close\r\n\r\n", body: answer.body)
    }

    /// The path of a `GET PATH HTTP/1.x` request, read up to the blank line (at most 8 KiB).
    static func readRequestPath(_ fd: Int32) -> String? {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        while received.count < 8192 {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return nil }
            received += buffer[..<count]
            if received.count >= 4 && received.suffix(4).elementsEqual([13, 10, 13, 10]) { break }
        }
        let line = String(decoding: received.prefix { $0 != 13 }, as: UTF8.self).split(separator: " ")
        guard line.count == 3, line[0] == "GET", line[1].hasPrefix("/") else { return nil }
        return String(line[1])
    }

    private func write(_ fd: Int32, _ head: String, body: [UInt8]) {
        let bytes = Array(head.utf8) + body
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return }
            sent += count
        }
    }
}
