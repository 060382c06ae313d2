import ChainProbe
import Foundation
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
                    "\(url): a log is read over https://, or over plain http:// on a loopback address only")
            }
        default:
            throw CLIFailure("\(url) is not an https:// log URL")
        }
        base = url.hasSuffix("/") ? url : url + "/"
        self.deadline = deadline
        self.attempts = max(1, attempts)
        self.backoff = backoff
    }

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.")
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
