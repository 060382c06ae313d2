import Foundation
import PinningCore
import TransparencyLog

/// A CT log over the network: GETs under the log's URL with a deadline each, retried with backoff when the log is
/// slow or down (that log waits; the others go on). Which URLs may be read, and over which scheme, is ``LogURL``'s
/// rule.
public struct NetworkLogTransport: LogTransport {
    public let url: LogURL
    public let deadline: Duration
    /// Attempts per request; the waits between them double from `backoff`.
    public let attempts: Int
    public let backoff: Duration

    public init(url: LogURL, deadline: Duration, attempts: Int = 3, backoff: Duration = .milliseconds(500)) {
        self.url = url
        self.deadline = deadline
        self.attempts = max(1, attempts)
        self.backoff = backoff
    }

    public func get(_ path: String, maximumBytes: Int) async throws(LogFailure) -> Data {
        var wait = backoff
        var last = LogFailure.unreachable("no attempt")
        for attempt in 1...attempts {
            switch await HTTPGetClient().get(url.base + path, deadline: deadline, maximumBytes: maximumBytes) {
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
