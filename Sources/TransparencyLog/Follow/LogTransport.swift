import Foundation

/// How a log's API is reached: an HTTP GET of a path under the log's URL, bounded in size. The network client
/// behind it owns deadlines and retries; the endpoints above decide only what the bytes prove.
public protocol LogTransport: Sendable {
    /// The body of a 200 answer to GET `path` (relative to the log's prefix), at most `maximumBytes`; throws
    /// ``LogFailure/unreachable(_:)`` for anything else.
    func get(_ path: String, maximumBytes: Int) async throws(LogFailure) -> Data
}
