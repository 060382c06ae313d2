import Foundation

/// This process's listening TCP sockets on a port, found from outside the server code: every open descriptor is
/// asked by the kernel whether it is a listening socket (SO_ACCEPTCONN) and where it is bound (getsockname).
///
/// Asking each descriptor is exact for this process. /proc/net/tcp was used before, but a read of it can miss
/// entries while other tests open and close sockets, because the kernel generates it in chunks.
enum ListeningSockets {
    /// "127.0.0.1", "0.0.0.0", "::1", "::", ... for every listening socket of this process on `port`.
    static func local(port: UInt16) throws -> [String] {
        try listening(port: port).map(\.address)
    }

    /// The descriptors of this process that hold a listening socket on `port`.
    static func descriptors(port: UInt16) throws -> [Int32] {
        try listening(port: port).map(\.descriptor)
    }

    private static func listening(port: UInt16) throws -> [(address: String, descriptor: Int32)] {
        var found: [(address: String, descriptor: Int32)] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
            guard let descriptor = Int32(name), isListening(descriptor),
                let bound = boundAddress(descriptor), bound.port == port
            else { continue }
            found.append((bound.address, descriptor))
        }
        return found
    }

    /// False for anything but a socket in the LISTEN state (files, pipes, connected sockets).
    private static func isListening(_ descriptor: Int32) -> Bool {
        var accepting: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        return getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &accepting, &length) == 0 && accepting != 0
    }

    /// The IPv4 or IPv6 address and port a socket is bound to; nil for other families.
    private static func boundAddress(_ descriptor: Int32) -> (address: String, port: UInt16)? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        return withUnsafePointer(to: &storage) { pointer -> (String, UInt16)? in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var raw = address.pointee.sin_addr
                    inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                    return (string(text), UInt16(bigEndian: address.pointee.sin_port))
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var raw = address.pointee.sin6_addr
                    inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                    return (string(text), UInt16(bigEndian: address.pointee.sin6_port))
                }
            default:
                return nil
            }
        }
    }

    private static func string(_ text: [CChar]) -> String {
        String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
