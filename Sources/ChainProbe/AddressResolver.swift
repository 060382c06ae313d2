import Foundation

/// Resolves a host to IPv4 and IPv6 addresses within the probe's deadline.
///
/// getaddrinfo(3) has no timeout of its own, so it runs on a helper thread that the probe stops waiting for when
/// the deadline passes (the thread finishes on its own later). IP literals skip the thread.
enum AddressResolver {
    static func resolve(
        _ endpoint: ProbeEndpoint, deadline: Deadline, signal: CancellationSignal
    ) -> Result<[SocketAddress], ProbeFailure> {
        if ProbeEndpoint.isIPLiteral(endpoint.host) {
            return lookUp(endpoint, flags: AI_NUMERICHOST | AI_NUMERICSERV)
        }
        let box = ResolutionBox()
        let started = ProbeThread.start(name: "pinbench.resolve") {
            box.finish(lookUp(endpoint, flags: AI_NUMERICSERV | AI_ADDRCONFIG))
        }
        guard started else { return .failure(.other(.resolve, ProbeThread.unavailable)) }
        while true {
            if signal.isCancelled { return .failure(.cancelled(.resolve)) }
            let slice = min(deadline.remaining, .milliseconds(50))
            if let result = box.wait(for: slice) { return result }
            if deadline.hasPassed {
                return .failure(.timedOut(.resolve, after: deadline.budget, address: endpoint.host))
            }
        }
    }

    private static func lookUp(_ endpoint: ProbeEndpoint, flags: Int32) -> Result<[SocketAddress], ProbeFailure> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        hints.ai_flags = flags
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(endpoint.host, String(endpoint.port), &hints, &list)
        guard status == 0, let list else {
            let detail = status == EAI_SYSTEM ? SocketIO.describe(errno) : String(cString: gai_strerror(status))
            return .failure(.nameNotResolved(endpoint.host, detail: detail))
        }
        defer { freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = list
        while let entry = cursor {
            if let address = entry.pointee.ai_addr,
                entry.pointee.ai_family == AF_INET || entry.pointee.ai_family == AF_INET6
            {
                addresses.append(
                    SocketAddress(family: entry.pointee.ai_family, address: address, length: entry.pointee.ai_addrlen))
            }
            cursor = entry.pointee.ai_next
        }
        if addresses.isEmpty {
            return .failure(.nameNotResolved(endpoint.host, detail: "no IPv4 or IPv6 address"))
        }
        return .success(addresses)
    }
}

/// Hands a resolution result from the resolver thread to the waiting probe.
private final class ResolutionBox: @unchecked Sendable {
    // @unchecked Sendable is safe: `result` is written once and read only under `condition`'s lock.
    private let condition = NSCondition()
    private var result: Result<[SocketAddress], ProbeFailure>?

    func finish(_ value: Result<[SocketAddress], ProbeFailure>) {
        condition.lock()
        result = value
        condition.broadcast()
        condition.unlock()
    }

    func wait(for duration: Duration) -> Result<[SocketAddress], ProbeFailure>? {
        let (seconds, attoseconds) = duration.components
        let limit = Date().addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        condition.lock()
        defer { condition.unlock() }
        while result == nil {
            if !condition.wait(until: limit) { break }
        }
        return result
    }
}
