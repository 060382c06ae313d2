import CSystemCalls
import Foundation

/// An open, non-blocking TCP connection and the address it reached.
struct TCPConnection {
    let descriptor: Int32
    let peer: SocketAddress
}

/// Opens a TCP connection to the first address that answers, within the deadline.
enum TCPDialer {
    static func dial(
        _ addresses: [SocketAddress], deadline: Deadline, signal: CancellationSignal
    ) -> Result<TCPConnection, ProbeFailure> {
        var refused: SocketAddress?
        var timedOut: SocketAddress?
        var otherError: (SocketAddress, Int32)?
        for (index, address) in addresses.enumerated() {
            // Share what is left between the remaining addresses so one black hole cannot eat the whole budget;
            // the last address gets everything that remains.
            let left = addresses.count - index
            let attempt = left == 1 ? deadline : Deadline(after: deadline.remaining / left)
            switch connect(address, attempt: attempt, signal: signal) {
            case .success(let descriptor):
                return .success(TCPConnection(descriptor: descriptor, peer: address))
            case .failure(let error):
                switch error.code {
                case ECONNREFUSED: refused = address
                case ETIMEDOUT: timedOut = address
                case ECANCELED: return .failure(.cancelled(.dial))
                default: otherError = (address, error.code)
                }
            }
            if deadline.hasPassed { break }
        }
        if signal.isCancelled { return .failure(.cancelled(.dial)) }
        if let timedOut, deadline.hasPassed {
            return .failure(.timedOut(.dial, after: deadline.budget, address: timedOut.description))
        }
        if let refused { return .failure(.connectionRefused(refused.description)) }
        if let (address, code) = otherError {
            return .failure(.other(.dial, "cannot connect to \(address): \(SocketIO.describe(code))"))
        }
        return .failure(.timedOut(.dial, after: deadline.budget, address: timedOut?.description))
    }

    /// One connect attempt; the errno on failure (ETIMEDOUT for the deadline, ECANCELED for cancellation).
    private static func connect(
        _ address: SocketAddress, attempt: Deadline, signal: CancellationSignal
    ) -> Result<Int32, Int32Error> {
        let fd = pb_tcp_socket_cloexec(address.family)
        guard fd >= 0 else { return .failure(Int32Error(errno)) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let status = address.withSockaddr { Foundation.connect(fd, $0, $1) }
        if status == 0 { return .success(fd) }
        guard errno == EINPROGRESS || errno == EINTR else {
            let code = errno
            close(fd)
            return .failure(Int32Error(code))
        }
        switch SocketIO.wait(fd, for: Int16(POLLOUT), deadline: attempt, signal: signal) {
        case .ready:
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            if getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) != 0 { error = errno }
            if error == 0 { return .success(fd) }
            close(fd)
            return .failure(Int32Error(error))
        case .timedOut:
            close(fd)
            return .failure(Int32Error(ETIMEDOUT))
        case .cancelled:
            close(fd)
            return .failure(Int32Error(ECANCELED))
        case .failed(let code):
            close(fd)
            return .failure(Int32Error(code))
        }
    }
}

/// An errno value as an Error, for Result.
struct Int32Error: Error, Equatable {
    let code: Int32
    init(_ code: Int32) { self.code = code }
}
