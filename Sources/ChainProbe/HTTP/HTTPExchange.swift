import Foundation

/// One HTTP request and its whole response, over plain TCP or TLS, every step under one deadline: resolving,
/// connecting, the handshake, sending and reading. Runs on the caller's thread (a probe thread).
enum HTTPExchange {
    static func run(
        _ target: HTTPTarget, request: [UInt8], maximumBytes: Int, deadline: Deadline
    ) -> Result<HTTPResponse, HTTPFetchFailure> {
        let signal = CancellationSignal()
        let endpoint = target.endpoint
        let connection: TCPConnection
        switch AddressResolver.resolve(endpoint, deadline: deadline, signal: signal).flatMap({
            TCPDialer.dial($0, deadline: deadline, signal: signal)
        }) {
        case .success(let open): connection = open
        case .failure(let failure): return .failure(.network("\(endpoint): \(failure.description)"))
        }
        defer { close(connection.descriptor) }
        // Headers and framing on top of the body's own bound.
        let limit = maximumBytes + 64 * 1024
        let received: Result<[UInt8], HTTPFetchFailure>
        switch target.scheme {
        case .http:
            if SocketIO.writeAll(connection.descriptor, request, deadline: deadline, signal: signal) != nil {
                return .failure(.network("could not send the request to \(endpoint)"))
            }
            received = readAll(connection, limit: limit, deadline: deadline, signal: signal)
        case .https:
            received = overTLS(target, request, connection, limit: limit, deadline: deadline, signal: signal)
        }
        return received.flatMap { HTTPResponse.parse($0, maximumBody: maximumBytes) }
    }

    private static func overTLS(
        _ target: HTTPTarget, _ request: [UInt8], _ connection: TCPConnection, limit: Int, deadline: Deadline,
        signal: CancellationSignal
    ) -> Result<[UInt8], HTTPFetchFailure> {
        let client: TLSClient
        do {
            client = try TLSClient(try TLSClientContext(), serverName: target.endpoint.host, maxChainBytes: 64 * 1024)
        } catch {
            return .failure(.network(error.description))
        }
        if case .failure(let failure) = client.handshake(over: connection, deadline: deadline, signal: signal) {
            return .failure(.network(failure.description))
        }
        if let failure = client.sendApplicationData(request, over: connection, deadline: deadline, signal: signal) {
            return .failure(.network(failure.description))
        }
        return client.receiveAll(over: connection, limit: limit, deadline: deadline, signal: signal)
    }

    private static func readAll(
        _ connection: TCPConnection, limit: Int, deadline: Deadline, signal: CancellationSignal
    ) -> Result<[UInt8], HTTPFetchFailure> {
        let endpoint = connection.peer.description
        var received: [UInt8] = []
        while true {
            switch SocketIO.read(connection.descriptor, limit: 16 * 1024, deadline: deadline, signal: signal) {
            case .data(let bytes):
                received += bytes
                if received.count > limit { return .failure(.tooLarge("\(endpoint) sent more than \(limit) bytes")) }
            case .closed:
                return .success(received)
            case .wait(.timedOut), .wait(.ready):
                return .failure(.network("\(endpoint) did not answer within the deadline"))
            case .wait(.cancelled):
                return .failure(.network("cancelled"))
            case .wait(.failed(let code)), .failed(let code):
                return .failure(.network("\(endpoint): \(SocketIO.describe(code))"))
            }
        }
    }
}
