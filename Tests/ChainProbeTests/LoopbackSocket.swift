import CSystemCalls
import Foundation

/// TCP sockets on 127.0.0.1 with a port chosen by the system, for the test servers.
enum LoopbackSocket {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A listening socket on 127.0.0.1, port 0; returns it with the port the system picked.
    static func listen() throws -> (descriptor: Int32, port: UInt16) {
        let (fd, port) = try bound()
        guard Foundation.listen(fd, 64) == 0 else {
            close(fd)
            throw Failure("listen: \(String(cString: strerror(errno)))")
        }
        return (fd, port)
    }

    /// A socket bound to 127.0.0.1, port 0, not listening.
    static func bound() throws -> (descriptor: Int32, port: UInt16) {
        let fd = pb_tcp_socket_cloexec(AF_INET)
        guard fd >= 0 else { throw Failure("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            close(fd)
            throw Failure("bind: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }
}

/// A loopback port that refuses every connection: bound (so no other program can take it meanwhile) but not
/// listening, so the kernel answers each connect with a reset.
final class RefusingPort: @unchecked Sendable {
    // @unchecked Sendable is safe: both fields are immutable; the descriptor is closed once, in deinit.
    let port: UInt16
    private let descriptor: Int32

    init() throws { (descriptor, port) = try LoopbackSocket.bound() }

    deinit { close(descriptor) }
}
