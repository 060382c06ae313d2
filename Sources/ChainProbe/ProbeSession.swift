import COpenSSL
import ConnectionAudit
import Foundation
import OpenSSLSupport
import PinningCore

/// The blocking body of one probe: resolve, dial, handshake, collect. Runs on its own thread, never on the
/// cooperative pool.
enum ProbeSession {
    /// `shared` holds what a batch made once for all its probes; nil makes them for this probe.
    static func run(
        _ target: ProbeTarget, options: ProbeOptions, shared: Result<ProbeResources, ProbeFailure>?,
        signal: CancellationSignal
    ) -> Result<ProbeResult, ProbeFailure> {
        do {
            return .success(try runThrowing(target, options: options, shared: shared, signal: signal))
        } catch {
            return .failure(error)
        }
    }

    private static func runThrowing(
        _ target: ProbeTarget, options: ProbeOptions, shared: Result<ProbeResources, ProbeFailure>?,
        signal: CancellationSignal
    ) throws(ProbeFailure) -> ProbeResult {
        try checkSettings(target, options: options)
        let deadline = Deadline(after: options.deadline)
        let resources: ProbeResources
        if let shared {
            resources = try shared.get()
        } else {
            resources = try ProbeResources(options: options)
        }
        let dialStart = ContinuousClock.now
        let addresses = try AddressResolver.resolve(target.dialEndpoint, deadline: deadline, signal: signal).get()
        let session = try handshake(
            target, addresses: addresses, resources: resources, options: options, deadline: deadline, signal: signal)
        defer { close(session.connection.descriptor) }
        try session.result.get()
        let handshakeEnd = ContinuousClock.now
        session.client.closeQuietly(session.connection)

        let sent = try sentChain(of: session.client, from: session.connection, options: options)
        let built = resources.trustStore?.build(sent: sent.stack) ?? (chain: nil, problem: nil)
        let facts = ConnectionFacts.handshake(
            session.client, target: target, peerAddress: session.connection.peer.description, sent: sent.ders,
            built: built, connectDuration: dialStart.duration(to: session.start),
            handshakeDuration: session.start.duration(to: handshakeEnd), ats: resources.ats)
        return ProbeResult(target: target, sentChain: sent.ders, connection: facts, deadline: deadline.instant)
    }

    /// A probe's settings and target, refused before anything is dialled.
    private static func checkSettings(_ target: ProbeTarget, options: ProbeOptions) throws(ProbeFailure) {
        guard options.deadline > .zero else { throw .invalidTarget("the deadline must be longer than zero") }
        guard options.maxCertificates > 0, options.maxChainBytes > 0 else {
            throw .invalidTarget("the certificate caps must be positive")
        }
        guard !target.host.isEmpty, target.port != 0 else {
            throw .invalidTarget("the target needs a host and a non-zero port")
        }
    }

    /// A handshake over an open connection, which the caller closes, whatever its result.
    private struct Handshake {
        let client: TLSClient
        let connection: TCPConnection
        /// When the handshake that counts began (the legacy one when the first was refused).
        let start: ContinuousClock.Instant
        let result: Result<Void, ProbeFailure>
    }

    /// Dials and shakes hands. A server that refuses TLS 1.2 and 1.3 is asked again with TLS 1.0/1.1, within the
    /// same deadline, so that it is described (its chain, ATS's "TLS 1.1 < 1.2") instead of reported unreachable.
    /// When that fails too, the first refusal is the one to report.
    private static func handshake(
        _ target: ProbeTarget, addresses: [SocketAddress], resources: ProbeResources, options: ProbeOptions,
        deadline: Deadline, signal: CancellationSignal
    ) throws(ProbeFailure) -> Handshake {
        let client = try TLSClient(resources.tls, serverName: target.serverName, maxChainBytes: options.maxChainBytes)
        let connection = try TCPDialer.dial(addresses, deadline: deadline, signal: signal).get()
        let start = ContinuousClock.now
        let result = client.handshake(over: connection, deadline: deadline, signal: signal)
        guard case .failure(let refusal) = result, client.refusedProtocolVersion else {
            return Handshake(client: client, connection: connection, start: start, result: result)
        }
        close(connection.descriptor)
        let legacy = try TLSClient(
            resources.legacyTLS, serverName: target.serverName, maxChainBytes: options.maxChainBytes)
        guard case .success(let again) = TCPDialer.dial(addresses, deadline: deadline, signal: signal) else {
            throw refusal
        }
        let legacyStart = ContinuousClock.now
        var legacyResult = legacy.handshake(over: again, deadline: deadline, signal: signal)
        if legacy.refusedProtocolVersion { legacyResult = .failure(refusal) }
        return Handshake(client: legacy, connection: again, start: legacyStart, result: legacyResult)
    }

    /// The certificates the server sent (DER, as sent), within the probe's caps on their number and bytes.
    private static func sentChain(
        of client: TLSClient, from connection: TCPConnection, options: ProbeOptions
    ) throws(ProbeFailure) -> (ders: [[UInt8]], stack: OpaquePointer) {
        guard let peerChain = client.peerChain else {
            throw .tlsFailure("the server sent no certificate", address: connection.peer.description)
        }
        let count = Int(pb_sk_X509_num(peerChain))
        if count > options.maxCertificates {
            throw .chainTooLarge(
                "the server sent \(count) certificates; the cap is \(options.maxCertificates)",
                address: connection.peer.description)
        }
        guard let sent = try? OpenSSLObjects.ders(peerChain), !sent.isEmpty else {
            throw .tlsFailure("the server's certificates could not be read", address: connection.peer.description)
        }
        let bytes = sent.reduce(0) { $0 + $1.count }
        if bytes > options.maxChainBytes {
            throw .chainTooLarge(
                "the server sent \(bytes) bytes of certificates; the cap is \(options.maxChainBytes)",
                address: connection.peer.description)
        }
        return (sent, peerChain)
    }
}
