import COpenSSL
import CSystemCalls
import Foundation
import OpenSSLSupport

/// The lab's one TLS listener: accepts on loopback, serves each connection on its own thread, and picks the
/// scenario's identity from the SNI name in a ClientHello callback.
///
/// A thread per connection (at most `maxConnections`) keeps the `slow` scenario from holding up any other.
final class LabServer: @unchecked Sendable {
    // @unchecked Sendable is safe: everything but the fields marked "guarded" is immutable after init; the guarded
    // fields are only touched with `condition` locked. The SSL_CTX and identities are freed only after every
    // thread that uses them has been joined.
    private let context: OpaquePointer
    private let identities: [String: ServerIdentity]
    private let defaultIdentity: ServerIdentity
    private let listener: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let slowHold: Duration
    private let threads = DispatchGroup()
    private let condition = NSCondition()
    private var stopping = false  // guarded
    private var connections: Set<Int32> = []  // guarded
    private var joined = false  // guarded
    /// Identities that replace those of `identities` for their host while the lab runs (the `rotating` scenario).
    private var replacements: [String: ServerIdentity] = [:]  // guarded

    let address: String
    let port: UInt16

    static let maxConnections = 64
    /// How long a connection may sit idle in a read or write before the lab drops it, in seconds.
    private let ioTimeout: Int

    init(
        address: String, identities: [ServerIdentity], defaultHost: String, slowHold: Duration, ioTimeout: Int = 5
    ) throws {
        self.ioTimeout = ioTimeout
        var byHost: [String: ServerIdentity] = [:]
        for identity in identities { byHost[identity.host.lowercased()] = identity }
        guard let defaultIdentity = byHost[defaultHost.lowercased()] else {
            throw DemoLabError("no identity for the default host \(defaultHost)")
        }
        self.identities = byHost
        self.defaultIdentity = defaultIdentity
        self.slowHold = slowHold
        self.address = address

        guard let context = SSL_CTX_new(TLS_server_method()) else {
            throw DemoLabError("OpenSSL could not create a server context: \(OpenSSLErrors.drain().text)")
        }
        _ = pb_SSL_CTX_set_min_proto_version(context, TLS1_2_VERSION)
        pb_SSL_CTX_enable_stapling(context)
        self.context = context

        var fds: [Int32] = [-1, -1]
        guard pb_pipe_cloexec(&fds) == 0 else {
            SSL_CTX_free(context)
            throw DemoLabError("cannot create a pipe: \(String(cString: strerror(errno)))")
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
        do {
            (listener, port) = try Self.listen(on: address)
        } catch {
            SSL_CTX_free(context)
            close(fds[0])
            close(fds[1])
            throw error
        }
        SSL_CTX_set_client_hello_cb(context, labClientHelloCallback, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        stop()
        condition.lock()
        let safeToFree = joined
        condition.unlock()
        // If a thread refused to end, leaking the context is better than freeing it under that thread.
        if safeToFree { SSL_CTX_free(context) }
    }

    /// Serves `identity` for its host from the next ClientHello on. The swap happens under the lock the ClientHello
    /// callback reads it under, so each connection gets the old identity or the new one, whole. The caller keeps
    /// every identity it swaps in alive for the server's life, so none is freed under a handshake.
    func replace(with identity: ServerIdentity) {
        condition.lock()
        replacements[identity.host.lowercased()] = identity
        condition.unlock()
    }

    /// The identity served for `name` now.
    private func servedIdentity(for name: String) -> ServerIdentity? {
        condition.lock()
        defer { condition.unlock() }
        return replacements[name] ?? identities[name]
    }

    /// Starts accepting connections.
    func start() {
        threads.enter()
        let thread = Thread { [self] in
            acceptLoop()
            threads.leave()
        }
        thread.name = "pinbench.lab.accept"
        thread.start()
    }

    /// Stops accepting, cuts open connections, wakes held handshakes and joins every thread. Idempotent.
    func stop() {
        condition.lock()
        if stopping {
            condition.unlock()
            return
        }
        stopping = true
        for fd in connections { shutdown(fd, Int32(SHUT_RDWR)) }
        condition.broadcast()
        condition.unlock()
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
        // close() alone ends listening only when no other descriptor for the socket is left, and a child process
        // between fork and exec holds a copy of them all. On Linux, shutdown() ends it for every holder, so the
        // port refuses connections once stop() returns.
        shutdown(listener, Int32(SHUT_RDWR))
        let finished = threads.wait(timeout: .now() + .seconds(ioTimeout * 2)) == .success
        close(listener)
        close(wakeRead)
        close(wakeWrite)
        condition.lock()
        joined = finished
        condition.unlock()
    }

    private static func listen(on address: String) throws -> (Int32, UInt16) {
        let isV6 = address.contains(":")
        let fd = pb_tcp_socket_cloexec(isV6 ? AF_INET6 : AF_INET)
        guard fd >= 0 else { throw DemoLabError("cannot create a socket: \(String(cString: strerror(errno)))") }
        var status: Int32
        if isV6 {
            var sin6 = sockaddr_in6()
            sin6.sin6_family = sa_family_t(AF_INET6)
            sin6.sin6_port = 0
            guard inet_pton(AF_INET6, address, &sin6.sin6_addr) == 1 else {
                close(fd)
                throw DemoLabError("not an IPv6 address: \(address)")
            }
            status = withUnsafePointer(to: &sin6) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var sin = sockaddr_in()
            sin.sin_family = sa_family_t(AF_INET)
            sin.sin_port = 0
            guard inet_pton(AF_INET, address, &sin.sin_addr) == 1 else {
                close(fd)
                throw DemoLabError("not an IPv4 address: \(address)")
            }
            status = withUnsafePointer(to: &sin) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
        guard status == 0, Foundation.listen(fd, 128) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw DemoLabError("cannot listen on \(address): \(reason)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let port = withUnsafePointer(to: &storage) { pointer -> UInt16 in
            if isV6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    UInt16(bigEndian: $0.pointee.sin6_port)
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                UInt16(bigEndian: $0.pointee.sin_port)
            }
        }
        return (fd, port)
    }

    private func acceptLoop() {
        while true {
            var fds = [
                pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            let count = poll(&fds, 2, -1)
            if count < 0 && errno != EINTR { return }
            if fds[1].revents != 0 { return }
            guard fds[0].revents != 0 else { continue }
            let fd = pb_accept_cloexec(listener)
            if fd < 0 { continue }
            // accept(2) on Linux does not inherit O_NONBLOCK; make sure the connection blocks, with timeouts.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            var timeout = timeval(tv_sec: ioTimeout, tv_usec: 0)
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            condition.lock()
            guard !stopping, connections.count < Self.maxConnections else {
                condition.unlock()
                close(fd)
                continue
            }
            connections.insert(fd)
            threads.enter()
            condition.unlock()
            let thread = Thread { [self] in
                serve(fd)
                condition.lock()
                connections.remove(fd)
                condition.unlock()
                close(fd)
                threads.leave()
            }
            thread.name = "pinbench.lab.connection"
            thread.start()
        }
    }

    /// One connection: the handshake, then one HTTP answer naming the scenario (handy with curl), then close.
    private func serve(_ fd: Int32) {
        guard let ssl = SSL_new(context) else { return }
        defer {
            SSL_free(ssl)
            ERR_clear_error()
        }
        _ = SSL_set_fd(ssl, fd)
        guard SSL_accept(ssl) == 1 else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) }
        if count > 0 {
            let name = SSL_get_servername(ssl, TLSEXT_NAMETYPE_host_name).map { String(cString: $0) } ?? "(no SNI)"
            let scenario = identities[name.lowercased()]?.scenario ?? defaultIdentity.scenario
            let body = "PinBench demo lab: scenario \(scenario) (\(scenario.expectation))\n"
            let response =
                "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n\(body)"
            let bytes = Array(response.utf8)
            _ = bytes.withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) }
        }
        _ = SSL_shutdown(ssl)
    }

    /// Chooses the identity for a ClientHello (called by OpenSSL on the connection's thread).
    fileprivate func selectIdentity(_ ssl: OpaquePointer, alert: UnsafeMutablePointer<Int32>?) -> Int32 {
        let identity: ServerIdentity
        if let name = Self.serverName(ssl) {
            guard let found = servedIdentity(for: name) else {
                alert?.pointee = SSL_AD_UNRECOGNIZED_NAME
                return SSL_CLIENT_HELLO_ERROR
            }
            identity = found
        } else {
            identity = defaultIdentity
        }
        if identity.scenario == .slow { hold() }
        guard identity.install(on: ssl) else {
            alert?.pointee = SSL_AD_INTERNAL_ERROR
            return SSL_CLIENT_HELLO_ERROR
        }
        return SSL_CLIENT_HELLO_SUCCESS
    }

    /// Sleeps for `slowHold`, or until the lab stops.
    private func hold() {
        let (seconds, attoseconds) = slowHold.components
        let until = Date().addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        condition.lock()
        while !stopping && condition.wait(until: until) {}
        condition.unlock()
    }

    /// The host name in the ClientHello's server_name extension, lowercased without a trailing dot.
    private static func serverName(_ ssl: OpaquePointer) -> String? {
        var data: UnsafePointer<UInt8>?
        var length = 0
        guard SSL_client_hello_get0_ext(ssl, UInt32(TLSEXT_TYPE_server_name), &data, &length) == 1, let data,
            length >= 5
        else { return nil }
        let bytes = Array(UnsafeBufferPointer(start: data, count: length))
        // ServerNameList: u16 list length, then entries of u8 type, u16 length, name.
        var offset = 2
        while offset + 3 <= bytes.count {
            let type = bytes[offset]
            let nameLength = Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2])
            offset += 3
            guard offset + nameLength <= bytes.count else { return nil }
            if type == 0 {
                var name = String(decoding: bytes[offset..<offset + nameLength], as: UTF8.self).lowercased()
                if name.hasSuffix(".") { name.removeLast() }
                return name
            }
            offset += nameLength
        }
        return nil
    }
}

/// The C callback OpenSSL calls for each ClientHello; `argument` is the unretained LabServer, which outlives its
/// SSL_CTX and therefore every connection.
private func labClientHelloCallback(
    _ ssl: OpaquePointer?, _ alert: UnsafeMutablePointer<Int32>?, _ argument: UnsafeMutableRawPointer?
) -> Int32 {
    guard let ssl, let argument else { return SSL_CLIENT_HELLO_ERROR }
    return Unmanaged<LabServer>.fromOpaque(argument).takeUnretainedValue().selectIdentity(ssl, alert: alert)
}
