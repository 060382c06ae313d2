import Foundation
import NIOCore
import PinningCore

/// What went wrong before a verdict or a response, in the project's words.
struct FetchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The URL taken apart, checked by the one host rule; where to dial.
struct FetchRequest: Sendable {
    let host: String
    let port: Int
    let path: String
    /// The address and port dialled (the URL's host unless `--connect` says otherwise).
    let dialHost: String
    let dialPort: Int
    let timeout: TimeAmount

    init(url: String, connect: String?, timeout seconds: Double) throws {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "https",
            let rawHost = components.host, !rawHost.isEmpty
        else { throw FetchFailure("\(url) is not an https URL such as https://api.example.com/health") }
        guard components.user == nil, components.password == nil else {
            throw FetchFailure("\(url) holds a user name or password; leave them out")
        }
        let bare = rawHost.hasPrefix("[") ? String(rawHost.dropFirst().dropLast()) : rawHost
        do {
            host = try HostName(bare).text
        } catch {
            throw FetchFailure("\(url): \(error)")
        }
        port = components.port ?? 443
        guard (1...65535).contains(port) else { throw FetchFailure("\(url): port \(port) is out of range") }
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath) + query
        guard path.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw FetchFailure("\(url): the path holds spaces or control characters; percent-encode them")
        }
        if let connect {
            do {
                let endpoint = try HostEndpoint(connect)
                dialHost = endpoint.host.text
                dialPort = endpoint.port ?? port
            } catch {
                throw FetchFailure("--connect \(connect): \(error)")
            }
        } else {
            dialHost = host
            dialPort = port
        }
        guard seconds > 0, seconds <= 600 else { throw FetchFailure("--timeout must be between 0 and 600 seconds") }
        timeout = .milliseconds(Int64(seconds * 1000))
    }
}
