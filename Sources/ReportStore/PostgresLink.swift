import Foundation
import PostgresNIO

/// One connection to PostgreSQL, opened on first use and again after it broke, every step with a deadline: the
/// connection within ``connectTimeout``, each query within ``queryTimeout`` (the server's `statement_timeout` too, so
/// a query stuck on a lock ends there as well). A database that is down or too slow is a ``StoreError/Code/unavailable``
/// error (the collector's 503), never a wait without end. Used by one ``ReportDatabase`` actor only.
final class PostgresLink: @unchecked Sendable {
    // @unchecked: `connection` is read and written only from the owning actor.
    let address: PostgresAddress
    let connectTimeout: Duration
    let queryTimeout: Duration
    private var connection: PostgresConnection?
    /// Between BEGIN and its end: a connection that breaks meanwhile is not replaced, so that no statement of a
    /// transaction runs outside it (on a new connection, committing alone).
    var inTransaction = false
    private var logger: Logger = {
        var logger = Logger(label: "pinbench.report-store")
        logger.logLevel = .critical
        return logger
    }()

    init(address: PostgresAddress, connectTimeout: Duration, queryTimeout: Duration) {
        self.address = address
        self.connectTimeout = connectTimeout
        self.queryTimeout = queryTimeout
    }

    /// Runs `sql` (with `?` placeholders, numbered here as PostgreSQL wants them) and returns its rows.
    func rows(_ sql: String, _ binds: [StoreValue]) async throws(StoreError) -> [StoreRow] {
        let connection = try await connected()
        var bindings = PostgresBindings(capacity: binds.count)
        for value in binds {
            switch value {
            case .integer(let number): bindings.append(number)
            case .text(let text): bindings.append(text)
            case .null: bindings.appendNull()
            }
        }
        let query = PostgresQuery(unsafeSQL: Self.numbered(sql), binds: bindings)
        let logger = self.logger
        do {
            let rows = try await deadline(queryTimeout, "no answer", onTimeout: { try? await connection.close() }) {
                try await connection.query(query, logger: logger).collect()
            }
            return try rows.map(Self.row)
        } catch let error as StoreError {
            drop(connection)
            throw error
        } catch let error as PSQLError {
            if error.code != .server || connection.isClosed { drop(connection) }
            throw Self.storeError(error, address: address)
        } catch {
            drop(connection)
            throw StoreError(.unavailable, "\(address.shown): \(String(describing: error).terminalSafe)")
        }
    }

    /// Ends a transaction that failed: ROLLBACK on its connection, nothing when that connection is gone (the server
    /// rolled it back).
    func rollback() async {
        defer { inTransaction = false }
        guard let connection, !connection.isClosed else { return }
        _ = try? await rows("ROLLBACK", [])
    }

    func close() async {
        if let connection { try? await connection.close() }
        connection = nil
    }

    private func drop(_ broken: PostgresConnection) {
        if connection === broken {
            connection = nil
            Task { try? await broken.close() }
        }
    }

    private func connected() async throws(StoreError) -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        connection = nil
        guard !inTransaction else {
            throw StoreError(.unavailable, "\(address.shown): the connection broke inside a transaction")
        }
        var configuration: PostgresConnection.Configuration
        switch address.endpoint {
        case .tcp(let host, let port):
            let tls: PostgresConnection.Configuration.TLS
            if address.requireTLS {
                do {
                    tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
                } catch {
                    throw StoreError(.failed, "\(address.shown): cannot set up TLS: \(error)")
                }
            } else {
                tls = .disable
            }
            configuration = .init(
                host: host, port: port, username: address.user, password: address.password,
                database: address.database, tls: tls)
        case .socket(let path):
            configuration = .init(
                unixSocketPath: path, username: address.user, password: address.password,
                database: address.database)
        }
        let milliseconds = queryTimeout.components.seconds * 1_000
        configuration.options.connectTimeout = .milliseconds(connectTimeout.components.seconds * 1_000)
        configuration.options.additionalStartupParameters = [
            ("statement_timeout", String(milliseconds)), ("application_name", "pinbench"),
        ]
        let logger = self.logger
        let settled = configuration
        do {
            // The connect timeout covers the TCP connection only; a server that accepts and never answers the
            // startup is held to the same deadline here (the connection attempt is cancelled).
            let made = try await deadline(connectTimeout, "no connection", onTimeout: {}) {
                let made = try await PostgresConnection.connect(configuration: settled, id: 1, logger: logger)
                // Made after the deadline ended the wait: nobody takes it, so it is closed here (a connection
                // dropped unclosed leaks, and PostgresNIO's debug builds stop the process on it).
                if Task.isCancelled {
                    try? await made.close()
                    throw CancellationError()
                }
                return made
            }
            connection = made
            return made
        } catch let error as StoreError {
            throw error
        } catch let error as PSQLError {
            throw Self.storeError(error, address: address)
        } catch {
            throw StoreError(
                .unavailable, "\(address.shown): cannot connect: \(String(describing: error).terminalSafe)")
        }
    }

    /// `body`'s result, or ``StoreError/Code/unavailable`` once `limit` passed (after `onTimeout`, which ends what
    /// `body` waits for; `body` is cancelled too).
    private func deadline<Value: Sendable>(
        _ limit: Duration, _ what: String, onTimeout: @escaping @Sendable () async -> Void,
        _ body: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: limit)
                await onTimeout()
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                throw StoreError(.unavailable, "\(address.shown): \(what) within \(limit)")
            }
            return value
        }
    }

    /// `?` placeholders as `$1`, `$2`, …: the store's queries hold no `?` of their own.
    static func numbered(_ sql: String) -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + 16)
        var number = 0
        for character in sql {
            if character == "?" {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }

    private static func row(_ row: PostgresRow) throws(StoreError) -> StoreRow {
        var names: [String] = []
        var values: [StoreValue] = []
        for cell in row {
            names.append(cell.columnName)
            guard cell.bytes != nil else {
                values.append(.null)
                continue
            }
            do {
                switch cell.dataType {
                case .int2: values.append(.integer(Int64(try cell.decode(Int16.self))))
                case .int4: values.append(.integer(Int64(try cell.decode(Int32.self))))
                case .int8: values.append(.integer(try cell.decode(Int64.self)))
                case .bool: values.append(.integer(try cell.decode(Bool.self) ? 1 : 0))
                default: values.append(.text(try cell.decode(String.self)))
                }
            } catch {
                throw StoreError(.failed, "column \(cell.columnName) of type \(cell.dataType) could not be read")
            }
        }
        return StoreRow(names: names, values: values)
    }

    /// A PostgreSQL error as the store's: the server's refusal with its words (never the password: PostgreSQL does
    /// not repeat it), or the database unreachable (``StoreError/Code/unavailable``).
    static func storeError(_ error: PSQLError, address: PostgresAddress) -> StoreError {
        if error.code == .server, let info = error.serverInfo {
            let state = info[.sqlState] ?? ""
            let message = (info[.message] ?? "").terminalSafe
            switch state {
            // disk_full, out_of_memory, too_many_connections, cannot_connect_now, query_canceled (statement_timeout)
            case "53100", "53200", "53300", "57P03", "57014", "57P01", "08006", "08001", "08004":
                return StoreError(.unavailable, "\(address.shown): \(message) (\(state))")
            case "28P01", "28000", "3D000":
                return StoreError(.unavailable, "\(address.shown): the server refused: \(message) (\(state))")
            default:
                return StoreError(.failed, "\(address.shown): \(message) (\(state))")
            }
        }
        return StoreError(.unavailable, "\(address.shown): the database cannot be reached (\(error.code))")
    }
}
