import CSystemCalls
import Foundation

/// POSTs a report body to a collector on 127.0.0.1 over plain HTTP/1.1, as a device's reporter does: one request per
/// connection, every send and receive within `deadline` seconds, the answer read up to 64 KiB. Runs on a thread of
/// its own (a blocking socket must not hold a task's thread).
enum FleetPoster {
    static let answerBytes = 64 * 1024

    /// The answer's status code, or nil with the reason when no answer came.
    static func post(
        _ body: Data, port: UInt16, path: String = "/report-uri", deadline: Int = 10
    ) async -> Result<
        Int, DemoLabError
    > {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                continuation.resume(returning: postNow(body, port: port, path: path, deadline: deadline))
            }
            thread.start()
        }
    }

    private static func postNow(_ body: Data, port: UInt16, path: String, deadline: Int) -> Result<Int, DemoLabError> {
        let fd = pb_tcp_socket_cloexec(AF_INET)
        guard fd >= 0 else {
            return .failure(DemoLabError("cannot create a socket: \(String(cString: strerror(errno)))"))
        }
        defer { close(fd) }
        var timeout = timeval(tv_sec: deadline, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            return .failure(DemoLabError("cannot reach the collector: \(String(cString: strerror(errno)))"))
        }
        let head =
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        var request = Array(head.utf8) + Array(body)
        while !request.isEmpty {
            let sent = request.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return .failure(DemoLabError("the collector stopped reading the report")) }
            request.removeFirst(sent)
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while answer.count < answerBytes {
            let read = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard read > 0 else { break }
            answer += buffer[0..<read]
        }
        // "HTTP/1.1 200 OK": the second word.
        let line = String(decoding: answer.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        let words = line.split(separator: " ")
        guard words.count >= 2, words[0].hasPrefix("HTTP/1."), let status = Int(words[1]) else {
            return .failure(DemoLabError("no HTTP answer from the collector within \(deadline) s"))
        }
        return .success(status)
    }
}
