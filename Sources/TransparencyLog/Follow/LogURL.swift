import Foundation
import PinningCore

/// A log's URL as the watch may read it: `https://`, or plain `http://` on a loopback address only (a log served
/// locally, such as the lab's). Checked once, where the URL comes from the log list, so no transport ever reads a log
/// over plain HTTP across a network.
public struct LogURL: Hashable, Sendable {
    /// The URL with one trailing `/`, under which the API's paths are read.
    public let base: String

    public init(_ url: String) throws(LogURLError) {
        guard let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(),
            let host = parsed.host, !host.isEmpty
        else { throw LogURLError("\(url) is not a log URL (https://HOST/PREFIX/)") }
        switch scheme {
        case "https": break
        case "http":
            guard Self.isLoopback(host) else {
                throw LogURLError(
                    "\(url): a log is read over https://, or over plain http:// on a loopback address only "
                        + "(written as an address, such as http://127.0.0.1:PORT/ or http://[::1]:PORT/)")
            }
        default:
            throw LogURLError("\(url) is not an https:// log URL")
        }
        base = url.hasSuffix("/") ? url : url + "/"
    }

    public var isPlainHTTP: Bool { base.lowercased().hasPrefix("http://") }

    /// True when `host` is a loopback address literal: 127.0.0.0/8, ::1, or an IPv4-mapped 127.x address, decided on
    /// the parsed address bytes. A name is never taken (`127.attacker.example` is a name, resolved elsewhere; even
    /// `localhost` is whatever the resolver says at connect time): the log is then read at the address itself.
    public static func isLoopback(_ host: String) -> Bool {
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
}

/// Why a log list's URL cannot be read as a log (not a URL, not https, plain http off loopback).
public struct LogURLError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
