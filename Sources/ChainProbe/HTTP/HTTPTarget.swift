import Foundation

/// Where an HTTP request goes and its head, from a URL that came from a certificate, a log list or a user: only the
/// URL's percent-encoded form reaches the request line, and a host or path with a byte outside printable ASCII is
/// refused, so a URL can never end a header line or add one.
struct HTTPTarget: Equatable {
    enum Scheme: String, Hashable {
        case http, https
        var defaultPort: UInt16 { self == .http ? 80 : 443 }
    }

    let scheme: Scheme
    let endpoint: ProbeEndpoint
    /// The Host header's value (brackets kept for an IPv6 literal).
    let hostHeader: String
    /// The request target: percent-encoded path and query.
    let path: String

    static func parse(_ url: String, allowing schemes: Set<Scheme>) -> Result<Self, HTTPFetchFailure> {
        let names = schemes.map { "\($0.rawValue)://" }.sorted().joined(separator: " or ")
        guard let parsed = URLComponents(string: url),
            let scheme = parsed.scheme.flatMap({ Scheme(rawValue: $0.lowercased()) }),
            schemes.contains(scheme), let host = parsed.percentEncodedHost, !host.isEmpty,
            (1...65_535).contains(parsed.port ?? Int(scheme.defaultPort))
        else { return .failure(.badURL("\(url) is not an \(names) URL")) }
        let port = UInt16(parsed.port ?? Int(scheme.defaultPort))
        let path =
            (parsed.percentEncodedPath.isEmpty ? "/" : parsed.percentEncodedPath)
            + (parsed.percentEncodedQuery.map { "?" + $0 } ?? "")
        guard (host + path).utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            return .failure(.badURL("\(url) holds characters a request line cannot carry"))
        }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return .success(
            Self(
                scheme: scheme, endpoint: ProbeEndpoint(host: bare, port: port),
                hostHeader: port == scheme.defaultPort ? host : "\(host):\(port)", path: path))
    }

    /// An HTTP/1.0 request head (one request per connection, so no chunked answers are asked for).
    func head(method: String, fields: [(String, String)]) -> [UInt8] {
        let lines = ["\(method) \(path) HTTP/1.0", "Host: \(hostHeader)"] + fields.map { "\($0.0): \($0.1)" }
        return Array((lines.joined(separator: "\r\n") + "\r\nConnection: close\r\n\r\n").utf8)
    }

    /// The OCSP POST's head (RFC 6960 appendix A).
    func head(ocspBodyLength: Int) -> [UInt8] {
        head(
            method: "POST",
            fields: [
                ("Content-Type", "application/ocsp-request"), ("Accept", "application/ocsp-response"),
                ("Content-Length", String(ocspBodyLength)),
            ])
    }
}
