import Foundation

/// A TCP listener on 127.0.0.1 that misbehaves on purpose, one way per instance.
final class HostileListener: @unchecked Sendable {
    // @unchecked Sendable is safe: `held` is only touched under `lock`; the rest is immutable after init.
    enum Behaviour: Sendable {
        /// Accepts and never says a word.
        case silent
        /// Reads the ClientHello, then resets the connection (SO_LINGER 0 close).
        case reset
        /// Reads the ClientHello and answers with these bytes, like a plain HTTP server would.
        case plainText([UInt8])
    }

    let port: UInt16
    private let listener: Int32
    private let behaviour: Behaviour
    private let lock = NSLock()
    private var held: [Int32] = []
    private let done = DispatchSemaphore(value: 0)

    init(_ behaviour: Behaviour) {
        self.behaviour = behaviour
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        listen(fd, 16)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in
            acceptLoop()
            done.signal()
        }
        thread.start()
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 { return }
            switch behaviour {
            case .silent:
                lock.lock()
                held.append(fd)
                lock.unlock()
            case .reset:
                readClientHello(fd)
                var linger = Foundation.linger(l_onoff: 1, l_linger: 0)
                setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Foundation.linger>.size))
                close(fd)
            case .plainText(let bytes):
                readClientHello(fd)
                _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                shutdown(fd, Int32(SHUT_WR))
                usleep(200_000)
                close(fd)
            }
        }
    }

    private func readClientHello(_ fd: Int32) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 4096)
        _ = recv(fd, &buffer, buffer.count, 0)
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
        done.wait()
        lock.lock()
        for fd in held { close(fd) }
        held.removeAll()
        lock.unlock()
    }
}
