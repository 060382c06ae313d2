import Foundation

/// A resolved IPv4 or IPv6 socket address, copied out of getaddrinfo's list so it outlives it.
struct SocketAddress: Sendable, CustomStringConvertible {
    let family: Int32
    let storage: [UInt8]

    init(family: Int32, address: UnsafePointer<sockaddr>, length: socklen_t) {
        self.family = family
        self.storage = Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(address), count: Int(length)))
    }

    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        storage.withUnsafeBytes { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
    }

    /// "127.0.0.1:443" or "[::1]:443".
    var description: String {
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let status = withSockaddr { address, length in
            getnameinfo(
                address, length, &host, socklen_t(host.count), &service, socklen_t(service.count),
                NI_NUMERICHOST | NI_NUMERICSERV)
        }
        guard status == 0 else { return "(unknown address)" }
        let hostText = Self.text(host)
        let serviceText = Self.text(service)
        return family == AF_INET6 ? "[\(hostText)]:\(serviceText)" : "\(hostText):\(serviceText)"
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
