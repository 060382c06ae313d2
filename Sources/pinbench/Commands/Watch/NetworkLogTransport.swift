import ChainProbe
import Foundation
import PinningCore
import TransparencyLog

/// A CT log over the network: GETs under the log's URL with a deadline each, retried with backoff when the log is
/// slow or down (that log waits; the others go on). A plain `http://` URL is taken only on a loopback address,
/// where a log served locally (the lab's) is watched.
struct NetworkLogTransport: LogTransport {
    let base: String
    let deadline: Duration
    /// Attempts per request; the waits between them double from `backoff`.
    let attempts: Int
    let backoff: Duration

    init(url: String, deadline: Duration, attempts: Int = 3, backoff: Duration = .milliseconds(500)) throws {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(),
            let host = parsed.host, !host.isEmpty
        else { throw CLIFailure("\(url) is not a log URL (https://HOST/PREFIX/)") }
        switch scheme {
        case "https": break
        case "http":
            guard Self.isLoopback(host) else {
                throw CLIFailure(
                    "\(url): a log is read over https://, or over plain http:// on a loopback address only "
                        + "(written as an address, such as http://127.0.0.1:PORT/ or http://[::1]:PORT/)")
            }
        default:
            throw CLIFailure("\(url) is not an https:// log URL")
        }
        base = url.hasSuffix("/") ? url : url + "/"
        self.deadline = deadline
        self.attempts = max(1, attempts)
        self.backoff = backoff
    }

    /// True when `host` is a loopback address literal: 127.0.0.0/8, ::1, or an IPv4-mapped 127.x address, decided on
    /// the parsed address bytes. A name is never taken (`127.attacker.example` is a name, resolved elsewhere; even
    /// `localhost` is whatever the resolver says at connect time): the log is then read at the address itself.
    static func isLoopback(_ host: String) -> Bool {
        var bare = Substring(host)
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
        guard !bare.contains("%"), let bytes = IPAddressText.bytes(String(bare)) else { return false }
        switch bytes.count {
        case 4: return bytes[0] == 127
        case 16:
            if bytes == [UInt8](repeating: 0, count: 15) + [1] { return true }
            let mapped = [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF]
            return Array(bytes.prefix(12)) == mapped && bytes[12] == 127
        default: return false
        }
    }

    var isPlainHTTP: Bool { base.lowercased().hasPrefix("http://") }

    func get(_ path: String, maximumBytes: Int) async throws(LogFailure) -> Data {
        var wait = backoff
        var last = LogFailure.unreachable("no attempt")
        for attempt in 1...attempts {
            switch await HTTPGetClient().get(base + path, deadline: deadline, maximumBytes: maximumBytes) {
            case .success(let body):
                return Data(body)
            case .failure(.tooLarge(let why)), .failure(.malformed(let why)):
                throw .misbehaving("\(path): \(why)")
            case .failure(.status(let code, _)) where code == 404 || code == 400:
                throw .unreachable("\(path): HTTP \(code)")
            case .failure(let failure):
                last = .unreachable("\(path): \(failure.description)")
            }
            if attempt < attempts {
                try? await Task.sleep(for: wait)
                wait *= 2
            }
        }
        throw last
    }
}
