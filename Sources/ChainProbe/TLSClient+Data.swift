import COpenSSL
import OpenSSLSupport

extension TLSClient {
    /// Sends application data after the handshake, within the deadline.
    func sendApplicationData(
        _ bytes: [UInt8], over connection: TCPConnection, deadline: Deadline, signal: CancellationSignal
    )
        -> ProbeFailure?
    {
        ERR_clear_error()
        let written = bytes.withUnsafeBytes { SSL_write(ssl, $0.baseAddress, Int32($0.count)) }
        guard written == Int32(bytes.count) else {
            return .other(.handshake, "OpenSSL did not take the request: \(OpenSSLErrors.drain().text)")
        }
        return flush(connection, deadline: deadline, signal: signal)
    }

    /// Reads application data until the server closes (close_notify or end of stream), at most `limit` bytes.
    func receiveAll(
        over connection: TCPConnection, limit: Int, deadline: Deadline, signal: CancellationSignal
    ) -> Result<[UInt8], HTTPFetchFailure> {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let address = connection.peer.description
        while true {
            ERR_clear_error()
            let count = buffer.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) }
            if count > 0 {
                received += buffer[..<Int(count)]
                if received.count > limit { return .failure(.tooLarge("\(address) sent more than \(limit) bytes")) }
                continue
            }
            let error = SSL_get_error(ssl, count)
            _ = flush(connection, deadline: deadline, signal: signal)
            switch error {
            case SSL_ERROR_ZERO_RETURN:
                return .success(received)
            case SSL_ERROR_WANT_READ:
                switch SocketIO.read(connection.descriptor, limit: 16 * 1024, deadline: deadline, signal: signal) {
                case .data(let bytes):
                    _ = bytes.withUnsafeBytes { BIO_write(incoming, $0.baseAddress, Int32($0.count)) }
                case .closed:
                    // Many servers close without close_notify once the body is sent; the HTTP framing (length,
                    // chunks) decides whether the body is whole.
                    return .success(received)
                case .wait(.timedOut), .wait(.ready):
                    return .failure(.network("\(address) did not answer within the deadline"))
                case .wait(.cancelled):
                    return .failure(.network("cancelled"))
                case .wait(.failed(let code)), .failed(let code):
                    return .failure(.network("\(address): \(SocketIO.describe(code))"))
                }
            default:
                return .failure(.network("\(address): TLS failed: \(OpenSSLErrors.drain().text)"))
            }
        }
    }
}
