import COpenSSL
import ConnectionAudit
import Foundation
import OpenSSLSupport
import PinningCore

/// One client-side TLS handshake over OpenSSL, with the socket I/O done here rather than inside OpenSSL.
///
/// OpenSSL reads and writes two memory BIOs; this type moves bytes between them and the socket. That keeps every
/// wait under the probe's deadline and cancellation, lets us look at the peer's first bytes (to say "not TLS" and
/// show what it said), and counts what the server sends against the byte cap.
final class TLSClient {
    /// Kept alive for as long as the session made from it.
    private let shared: TLSClientContext
    let ssl: OpaquePointer
    let incoming: OpaquePointer
    private let outgoing: OpaquePointer
    private let maxHandshakeBytes: Int
    /// Set when the handshake failed because the server and this client share no protocol version (the server's
    /// `protocol_version` alert, or a server hello below this client's floor).
    private(set) var refusedProtocolVersion = false

    /// A client on `shared`'s settings that sends `serverName` as SNI and asks for OCSP stapling.
    init(_ shared: TLSClientContext, serverName: String?, maxChainBytes: Int) throws(ProbeFailure) {
        ERR_clear_error()
        self.shared = shared
        let ssl = SSL_new(shared.context)
        let incoming = BIO_new(BIO_s_mem())
        let outgoing = BIO_new(BIO_s_mem())
        guard let ssl, let incoming, let outgoing else {
            SSL_free(ssl)
            BIO_free(incoming)
            BIO_free(outgoing)
            throw ProbeFailure.other(.setup, "OpenSSL could not create a TLS session: \(OpenSSLErrors.drain().text)")
        }
        self.ssl = ssl
        self.incoming = incoming
        self.outgoing = outgoing
        // An empty read BIO means "wait for more", not end of file.
        _ = pb_BIO_set_mem_eof_return(incoming, -1)
        SSL_set_bio(ssl, incoming, outgoing)  // the SSL object owns both BIOs from here
        SSL_set_connect_state(ssl)
        _ = pb_SSL_set_max_cert_list(ssl, max(4096, maxChainBytes))
        if let serverName {
            _ = pb_SSL_set_tlsext_host_name(ssl, serverName)
        }
        _ = pb_SSL_request_ocsp_stapling(ssl)
        // Room for the certificate message plus the rest of the server's flight.
        maxHandshakeBytes = max(4096, maxChainBytes) + 64 * 1024
    }

    deinit { SSL_free(ssl) }

    /// Runs the handshake over `connection` until it completes, fails, the deadline passes or the probe is cancelled.
    func handshake(
        over connection: TCPConnection, deadline: Deadline, signal: CancellationSignal
    ) -> Result<Void, ProbeFailure> {
        let address = connection.peer.description
        var received = 0
        while true {
            ERR_clear_error()
            let status = SSL_do_handshake(ssl)
            let error = status == 1 ? SSL_ERROR_NONE : SSL_get_error(ssl, status)
            let errors = OpenSSLErrors.drain()
            // Send whatever OpenSSL produced (a ClientHello, a Finished, or the alert it fails with).
            let flushed = flush(connection, deadline: deadline, signal: signal)
            if status == 1 {
                if let failure = flushed { return .failure(failure) }
                return .success(())
            }
            switch error {
            case SSL_ERROR_WANT_READ:
                if let failure = flushed { return .failure(failure) }
                switch SocketIO.read(connection.descriptor, limit: 16 * 1024, deadline: deadline, signal: signal) {
                case .data(let bytes):
                    if received == 0, let first = bytes.first, !(0x14...0x18).contains(first) {
                        return .failure(.notTLS(Self.snippet(bytes), address: address))
                    }
                    received += bytes.count
                    if received > maxHandshakeBytes {
                        return .failure(
                            .chainTooLarge(
                                "the server sent more than \(maxHandshakeBytes) bytes during the handshake",
                                address: address))
                    }
                    let written = bytes.withUnsafeBytes { BIO_write(incoming, $0.baseAddress, Int32($0.count)) }
                    if written != Int32(bytes.count) {
                        return .failure(.other(.handshake, "OpenSSL did not take the bytes read from \(address)"))
                    }
                case .closed:
                    return .failure(.connectionClosed(.handshake, address: address))
                case .wait(let outcome):
                    return .failure(Self.failure(outcome, deadline: deadline, address: address))
                case .failed(let code):
                    return .failure(Self.failure(code, address: address))
                }
            case SSL_ERROR_WANT_WRITE:
                if let failure = flushed { return .failure(failure) }
            default:
                refusedProtocolVersion =
                    errors.receivedAlert?.code == Int32(SSL_AD_PROTOCOL_VERSION)
                    || errors.contains(reason: SSL_R_UNSUPPORTED_PROTOCOL)
                return .failure(Self.failure(errors, address: address))
            }
        }
    }

    /// Sends close_notify, best effort: the chain is already in hand, so nothing here may fail the probe.
    func closeQuietly(_ connection: TCPConnection) {
        ERR_clear_error()
        _ = SSL_shutdown(ssl)
        ERR_clear_error()
        let pending = drainOutgoing()
        if !pending.isEmpty {
            _ = pending.withUnsafeBytes { send(connection.descriptor, $0.baseAddress, $0.count, SocketIO.noSignalFlag) }
        }
    }

    /// The certificates as the server sent them (leaf first); owned by the session.
    var peerChain: OpaquePointer? { SSL_get_peer_cert_chain(ssl) }

    var protocolVersion: String { String(cString: SSL_get_version(ssl)) }

    var cipherSuite: (standard: String, openSSL: String) {
        guard let cipher = SSL_get_current_cipher(ssl) else { return ("(none)", "(none)") }
        let openSSL = String(cString: SSL_CIPHER_get_name(cipher))
        let standard = SSL_CIPHER_standard_name(cipher).map { String(cString: $0) } ?? openSSL
        return (standard, openSSL)
    }

    var keyExchangeGroup: String? {
        let group = pb_SSL_get_negotiated_group(ssl)
        guard group != 0 else { return nil }
        if let name = SSL_group_to_name(ssl, group) { return String(cString: name) }
        if let name = OBJ_nid2sn(group) { return String(cString: name) }
        return "group \(group)"
    }

    /// The key exchange of the negotiated suite, as OpenSSL describes the suite.
    var keyExchange: KeyExchange {
        guard let cipher = SSL_get_current_cipher(ssl) else { return .unknown }
        return KeyExchange(openSSLKeyExchangeNID: SSL_CIPHER_get_kx_nid(cipher))
    }

    var ocspStapled: Bool { pb_SSL_stapled_ocsp_length(ssl) > 0 }

    /// The OCSP response the server stapled, as sent (its size is bounded by the handshake byte cap).
    var stapledOCSPResponse: [UInt8]? {
        var bytes: UnsafePointer<UInt8>?
        let length = pb_SSL_stapled_ocsp(ssl, &bytes)
        guard length > 0, let bytes else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// What OpenSSL has written for the server, read in buffers of its own size (not a 16 KB one per call).
    private func drainOutgoing() -> [UInt8] {
        var bytes: [UInt8] = []
        while case let pending = min(BIO_ctrl_pending(outgoing), 16 * 1024), pending > 0 {
            var count: Int32 = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: pending) { buffer, initialized in
                count = BIO_read(outgoing, buffer.baseAddress, Int32(pending))
                initialized = Int(max(count, 0))
            }
            if count <= 0 { break }
            bytes += chunk
        }
        return bytes
    }

    func flush(_ connection: TCPConnection, deadline: Deadline, signal: CancellationSignal) -> ProbeFailure? {
        let bytes = drainOutgoing()
        guard !bytes.isEmpty else { return nil }
        let address = connection.peer.description
        switch SocketIO.writeAll(connection.descriptor, bytes, deadline: deadline, signal: signal) {
        case nil: return nil
        case .wait(let outcome)?: return Self.failure(outcome, deadline: deadline, address: address)
        case .failed(let code)?: return Self.failure(code, address: address)
        case .closed?, .data?: return .connectionClosed(.handshake, address: address)
        }
    }

    /// The start of what a non-TLS peer said: its first line, at most 80 characters (sanitized by ProbeFailure).
    static func snippet(_ bytes: [UInt8]) -> String {
        let prefix = bytes.prefix(160)
        let line = prefix.split(omittingEmptySubsequences: false, whereSeparator: { $0 == 0x0A || $0 == 0x0D }).first
        var text = String(decoding: line ?? prefix, as: UTF8.self)
        if text.count > 80 { text = String(text.prefix(80)) + "..." }
        return text.isEmpty ? String(decoding: prefix.prefix(40), as: UTF8.self) : text
    }

    private static func failure(_ outcome: WaitOutcome, deadline: Deadline, address: String) -> ProbeFailure {
        switch outcome {
        case .timedOut, .ready: return .timedOut(.handshake, after: deadline.budget, address: address)
        case .cancelled: return .cancelled(.handshake)
        case .failed(let code): return failure(code, address: address)
        }
    }

    private static func failure(_ code: Int32, address: String) -> ProbeFailure {
        switch code {
        case ECONNRESET: return .connectionReset(.handshake, address: address)
        case EPIPE: return .connectionClosed(.handshake, address: address)
        default: return .other(.handshake, "socket error with \(address): \(SocketIO.describe(code))")
        }
    }

    private static func failure(_ errors: OpenSSLErrors, address: String) -> ProbeFailure {
        if let alert = errors.receivedAlert {
            return .tlsAlert(alert.name, sentByPeer: true, address: address)
        }
        if errors.contains(reason: SSL_R_EXCESSIVE_MESSAGE_SIZE) {
            return .chainTooLarge(
                "a handshake message (the certificate list) is larger than the byte cap", address: address)
        }
        if errors.contains(reason: SSL_R_WRONG_VERSION_NUMBER) || errors.contains(reason: SSL_R_PACKET_LENGTH_TOO_LONG)
        {
            return .tlsFailure("the records received are not TLS (\(errors.text))", address: address)
        }
        return .tlsFailure(errors.text, address: address)
    }
}
