import Foundation
import PinningCore

/// Asks an OCSP responder over plain HTTP (RFC 6960 appendix A: POST `application/ocsp-request`), within one
/// deadline for resolving, connecting, sending and reading. Responders are `http://` by design: the response is
/// signed, and the judge checks that signature.
public struct OCSPResponderClient: Sendable {
    /// The most a responder may send (headers and body): more is a hostile or broken responder.
    public static let maximumBytes = ParsedOCSPResponse.maximumBytes + 16 * 1024

    public init() {}

    /// The responder's answer (the DER body of a 200 response), or why there is none, in words.
    public func fetch(
        _ request: [UInt8], from url: String, deadline: Duration
    ) async -> Result<[UInt8], OCSPFetchFailure> {
        await withCheckedContinuation { continuation in
            let started = ProbeThread.start(name: "pinbench.ocsp") {
                continuation.resume(
                    returning: Self.fetchBlocking(request, from: url, deadline: Deadline(after: deadline)))
            }
            if !started { continuation.resume(returning: .failure(OCSPFetchFailure(ProbeThread.unavailable))) }
        }
    }

    static func fetchBlocking(
        _ request: [UInt8], from url: String, deadline: Deadline
    ) -> Result<[UInt8], OCSPFetchFailure> {
        let target: HTTPTarget
        switch HTTPTarget.parse(url, allowing: [.http]) {
        case .success(let parsed): target = parsed
        case .failure(let failure): return .failure(OCSPFetchFailure(failure.description))
        }
        let source = target.endpoint.description
        let exchange = HTTPExchange.run(
            target, request: target.head(ocspBodyLength: request.count) + request,
            maximumBytes: ParsedOCSPResponse.maximumBytes, deadline: deadline)
        switch exchange {
        case .failure(.network(let why)): return .failure(OCSPFetchFailure(why))
        case .failure(let failure): return .failure(OCSPFetchFailure("\(source): \(failure.description)"))
        case .success(let response) where response.status != 200:
            return .failure(OCSPFetchFailure("\(source) answered \(response.statusLine)"))
        case .success(let response) where response.body.isEmpty:
            return .failure(OCSPFetchFailure("\(source) sent an empty response"))
        case .success(let response):
            return .success(response.body)
        }
    }
}

/// Why the OCSP responder could not be asked, in words (terminal-safe).
public struct OCSPFetchFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description.terminalSafe }
}
