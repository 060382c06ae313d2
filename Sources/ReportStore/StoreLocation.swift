import Foundation
import PinningCore

/// Where `--db` points: an SQLite file, or a PostgreSQL database (`postgres://user[:password]@host[:port]/name`, or
/// `postgres://user@/name?host=/socket/folder` for a Unix socket). The password comes from the URL or `PGPASSWORD`
/// and is never shown: ``shown`` is the URL without it, for every message.
public enum StoreLocation: Hashable, Sendable {
    case sqlite(path: String)
    case postgres(PostgresAddress)

    /// Reads `--db`: a `postgres://` or `postgresql://` URL, else a file path.
    public init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws(StoreError)
    {
        if text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") {
            self = .postgres(try PostgresAddress(text, environment: environment))
        } else {
            self = .sqlite(path: URL(fileURLWithPath: text).standardizedFileURL.path)
        }
    }

    /// The location for messages: the file's absolute path, or the URL with its password left out.
    public var shown: String {
        switch self {
        case .sqlite(let path): return path
        case .postgres(let address): return address.shown
        }
    }
}

/// A PostgreSQL database's address, read from a URL. Everything it holds but the password may be printed.
public struct PostgresAddress: Hashable, Sendable {
    public enum Endpoint: Hashable, Sendable {
        case tcp(host: String, port: Int)
        /// The socket file (`<folder>/.s.PGSQL.<port>`).
        case socket(path: String)
    }

    public let endpoint: Endpoint
    public let user: String
    public let database: String
    /// Whether the connection must use TLS (`sslmode=require`, or any host that is not loopback or a socket).
    public let requireTLS: Bool
    let password: String?

    public init(_ text: String, environment: [String: String] = [:]) throws(StoreError) {
        // Messages about the URL never repeat it raw: it may hold a password.
        let redacted = Self.redact(text)
        guard let components = URLComponents(string: text), components.fragment == nil else {
            throw StoreError(.badLocation, "--db \(redacted): not a URL such as postgres://user@host:5432/reports")
        }
        let query = Dictionary(
            (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { _, last in last })
        for name in query.keys where !["host", "port", "sslmode"].contains(name) {
            throw StoreError(
                .badLocation, "--db \(redacted): unknown parameter \(name.terminalSafe); give host, port or sslmode")
        }
        let portText = components.port.map(String.init) ?? query["port"] ?? "5432"
        guard let port = Int(portText), (1...65_535).contains(port) else {
            throw StoreError(.badLocation, "--db \(redacted): the port must be a number from 1 to 65535")
        }
        let name = String(components.path.drop(while: { $0 == "/" }))
        guard !name.isEmpty, !name.contains("/") else {
            throw StoreError(.badLocation, "--db \(redacted): name the database after the host: …/reports")
        }
        database = name
        let host = components.host.flatMap { $0.isEmpty ? nil : $0 }
        if let folder = query["host"], folder.hasPrefix("/") {
            guard host == nil else {
                throw StoreError(.badLocation, "--db \(redacted): give a host or ?host=/socket/folder, not both")
            }
            endpoint = .socket(path: folder + "/.s.PGSQL.\(port)")
        } else if let host {
            endpoint = .tcp(host: host, port: port)
        } else {
            throw StoreError(.badLocation, "--db \(redacted): give a host (or ?host=/socket/folder for a Unix socket)")
        }
        guard let user = components.user.flatMap({ $0.isEmpty ? nil : $0 }) ?? environment["PGUSER"] else {
            throw StoreError(.badLocation, "--db \(redacted): give the user, postgres://user@host/name (or PGUSER)")
        }
        self.user = user
        password = components.password ?? environment["PGPASSWORD"]
        switch query["sslmode"] ?? "" {
        case "require": requireTLS = true
        case "disable": requireTLS = false
        case "":
            if case .tcp(let host, _) = endpoint {
                requireTLS = !Self.isLoopback(host)
            } else {
                requireTLS = false
            }
        default:
            throw StoreError(.badLocation, "--db \(redacted): sslmode is require or disable")
        }
    }

    /// The URL without its password, for messages.
    public var shown: String {
        switch endpoint {
        case .tcp(let host, let port): return "postgres://\(user)@\(host):\(port)/\(database)".terminalSafe
        case .socket(let path): return "postgres://\(user)@/\(database)?socket=\(path)".terminalSafe
        }
    }

    /// `text` as it may be shown: whatever stands between `user:` and `@` replaced, and the value of every query
    /// parameter but `host`, `port` and `sslmode` (libpq's URLs also take `?password=`).
    public static func redact(_ text: String) -> String {
        let (address, query) =
            text.firstIndex(of: "?").map { (String(text[..<$0]), String(text[text.index(after: $0)...])) }
            ?? (text, nil)
        var shown = address
        if let scheme = address.range(of: "://") {
            let rest = address[scheme.upperBound...]
            if let at = rest.lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
                shown = String(address[..<scheme.upperBound] + rest[..<colon] + ":***" + rest[at...])
            }
        }
        if let query {
            let parameters = query.split(separator: "&", omittingEmptySubsequences: false).map { parameter in
                let name = parameter.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                return ["host", "port", "sslmode"].contains(name) || !parameter.contains("=")
                    ? String(parameter) : name + "=***"
            }
            shown += "?" + parameters.joined(separator: "&")
        }
        return shown.terminalSafe
    }

    /// True for `localhost` and loopback addresses written as such (127.0.0.0/8, ::1): a name that only starts like
    /// one (`127.db.example.com`) is a name, and its connection needs TLS.
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                && (Int(part) ?? 256) <= 255
        }
    }
}
