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
        let target: OCSPRequestTarget
        switch OCSPRequestTarget.parse(url) {
        case .success(let parsed): target = parsed
        case .failure(let failure): return .failure(failure)
        }
        let signal = CancellationSignal()
        let endpoint = target.endpoint
        let connection: TCPConnection
        switch AddressResolver.resolve(endpoint, deadline: deadline, signal: signal).flatMap({
            TCPDialer.dial($0, deadline: deadline, signal: signal)
        }) {
        case .success(let open): connection = open
        case .failure(let failure): return .failure(OCSPFetchFailure("\(endpoint): \(failure.description)"))
        }
        defer { close(connection.descriptor) }
        if SocketIO.writeAll(
            connection.descriptor, target.head(bodyLength: request.count) + request, deadline: deadline, signal: signal)
            != nil
        {
            return .failure(OCSPFetchFailure("could not send the request to \(endpoint)"))
        }
        var received: [UInt8] = []
        reading: while true {
            switch SocketIO.read(connection.descriptor, limit: 16 * 1024, deadline: deadline, signal: signal) {
            case .data(let bytes):
                received += bytes
                if received.count > Self.maximumBytes {
                    return .failure(OCSPFetchFailure("\(endpoint) sent more than \(Self.maximumBytes) bytes"))
                }
            case .closed:
                break reading
            case .wait(.timedOut), .wait(.ready):
                return .failure(OCSPFetchFailure("\(endpoint) did not answer within the deadline"))
            case .wait(.cancelled):
                return .failure(OCSPFetchFailure("cancelled"))
            case .wait(.failed(let code)), .failed(let code):
                return .failure(OCSPFetchFailure("\(endpoint): \(SocketIO.describe(code))"))
            }
        }
        return Self.body(of: received, from: endpoint.description)
    }

    /// The body of an HTTP/1.x 200 response; Content-Length, when given, must match what arrived.
    static func body(of response: [UInt8], from source: String) -> Result<[UInt8], OCSPFetchFailure> {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard
            let end = (0...max(0, response.count - 4)).first(where: {
                response[$0..<min($0 + 4, response.count)].elementsEqual(separator)
            })
        else { return .failure(OCSPFetchFailure("\(source) did not send an HTTP response")) }
        let head = String(decoding: response[..<end], as: UTF8.self).split(separator: "\r\n")
        let status = head.first.map(String.init) ?? ""
        let parts = status.split(separator: " ")
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1] == "200" else {
            return .failure(OCSPFetchFailure("\(source) answered \(String(status.prefix(80)).terminalSafe)"))
        }
        let body = Array(response[(end + 4)...])
        for line in head.dropFirst() {
            let field = line.split(separator: ":", maxSplits: 1)
            if field.count == 2, field[0].lowercased() == "content-length",
                let length = Int(field[1].trimmingCharacters(in: .whitespaces)), length != body.count
            {
                return .failure(OCSPFetchFailure("\(source) sent \(body.count) of the \(length) bytes it announced"))
            }
        }
        guard !body.isEmpty else { return .failure(OCSPFetchFailure("\(source) sent an empty response")) }
        return .success(body)
    }
}

/// Why the OCSP responder could not be asked, in words (terminal-safe).
public struct OCSPFetchFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description.terminalSafe }
}

/// Where an OCSP request goes and its HTTP head, from a URL a certificate names: only the URL's percent-encoded
/// form reaches the request line, and a host or path with a byte outside printable ASCII is refused, so a URL can
/// never end a header line or add one.
struct OCSPRequestTarget: Equatable {
    let endpoint: ProbeEndpoint
    /// The Host header's value (brackets kept for an IPv6 literal).
    let hostHeader: String
    /// The request target: percent-encoded path and query.
    let path: String

    static func parse(_ url: String) -> Result<Self, OCSPFetchFailure> {
        guard let parsed = URLComponents(string: url), parsed.scheme?.lowercased() == "http",
            let host = parsed.percentEncodedHost, !host.isEmpty, (1...65_535).contains(parsed.port ?? 80)
        else { return .failure(OCSPFetchFailure("\(url) is not an http:// URL")) }
        let port = UInt16(parsed.port ?? 80)
        let path =
            (parsed.percentEncodedPath.isEmpty ? "/" : parsed.percentEncodedPath)
            + (parsed.percentEncodedQuery.map { "?" + $0 } ?? "")
        guard (host + path).utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return .failure(OCSPFetchFailure("\(url) holds characters a request line cannot carry"))
        }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return .success(
            Self(
                endpoint: ProbeEndpoint(host: bare, port: port), hostHeader: port == 80 ? host : "\(host):\(port)",
                path: path))
    }

    func head(bodyLength: Int) -> [UInt8] {
        Array(
            ("POST \(path) HTTP/1.0\r\nHost: \(hostHeader)\r\nContent-Type: application/ocsp-request\r\n"
                + "Accept: application/ocsp-response\r\nContent-Length: \(bodyLength)\r\nConnection: close\r\n\r\n")
                .utf8)
    }
}
