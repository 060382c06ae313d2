/// GETs a URL (http:// or https://) within a deadline and a size bound, on its own thread. What it fetches is
/// authenticated by the caller (a CT log's signatures and proofs), not by the connection: the TLS handshake here
/// gives privacy, not trust, and verifies no certificate.
public struct HTTPGetClient: Sendable {
    public init() {}

    /// The body of a 200 answer, at most `maximumBytes` once decoded.
    public func get(
        _ url: String, deadline: Duration, maximumBytes: Int, accept: String = "*/*"
    ) async -> Result<[UInt8], HTTPFetchFailure> {
        await withCheckedContinuation { continuation in
            let started = ProbeThread.start(name: "pinbench.http") {
                continuation.resume(
                    returning: Self.getBlocking(
                        url, deadline: Deadline(after: deadline), maximumBytes: maximumBytes, accept: accept))
            }
            if !started { continuation.resume(returning: .failure(.network(ProbeThread.unavailable))) }
        }
    }

    static func getBlocking(
        _ url: String, deadline: Deadline, maximumBytes: Int, accept: String
    ) -> Result<[UInt8], HTTPFetchFailure> {
        let target: HTTPTarget
        switch HTTPTarget.parse(url, allowing: [.http, .https]) {
        case .success(let parsed): target = parsed
        case .failure(let failure): return .failure(failure)
        }
        let request = target.head(
            method: "GET",
            fields: [("Accept", accept), ("Accept-Encoding", "gzip, identity"), ("User-Agent", "pinbench")])
        return HTTPExchange.run(target, request: request, maximumBytes: maximumBytes, deadline: deadline).flatMap {
            response in
            guard response.status == 200 else { return .failure(.status(response.status, response.statusLine)) }
            return .success(response.body)
        }
    }
}
