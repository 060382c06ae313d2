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
        guard options.deadline > .zero else { throw .invalidTarget("the deadline must be longer than zero") }
        guard options.maxCertificates > 0, options.maxChainBytes > 0 else {
            throw .invalidTarget("the certificate caps must be positive")
        }
        guard !target.host.isEmpty, target.port != 0 else {
            throw .invalidTarget("the target needs a host and a non-zero port")
        }
        let deadline = Deadline(after: options.deadline)
        let resources: ProbeResources
        if let shared {
            resources = try shared.get()
        } else {
            resources = try ProbeResources(options: options)
        }
        let dialStart = ContinuousClock.now
        let addresses = try AddressResolver.resolve(target.dialEndpoint, deadline: deadline, signal: signal).get()
        var client = try TLSClient(resources.tls, serverName: target.serverName, maxChainBytes: options.maxChainBytes)
        var connection = try TCPDialer.dial(addresses, deadline: deadline, signal: signal).get()
        var handshakeStart = ContinuousClock.now
        var handshake = client.handshake(over: connection, deadline: deadline, signal: signal)
        if case .failure(let refusal) = handshake, client.refusedProtocolVersion {
            // A server that refuses TLS 1.2 and 1.3: ask again with TLS 1.0/1.1, within the same deadline, so that it
            // is described (its chain, ATS's "TLS 1.1 < 1.2") instead of reported unreachable. When that fails too,
            // the first refusal is the one to report.
            close(connection.descriptor)
            let legacy = try TLSClient(
                resources.legacyTLS, serverName: target.serverName, maxChainBytes: options.maxChainBytes)
            guard case .success(let again) = TCPDialer.dial(addresses, deadline: deadline, signal: signal) else {
                throw refusal
            }
            (client, connection, handshakeStart) = (legacy, again, ContinuousClock.now)
            handshake = legacy.handshake(over: again, deadline: deadline, signal: signal)
            if legacy.refusedProtocolVersion { handshake = .failure(refusal) }
        }
        defer { close(connection.descriptor) }
        try handshake.get()
        let handshakeEnd = ContinuousClock.now
        client.closeQuietly(connection)

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
        let built = resources.trustStore?.build(sent: peerChain) ?? (chain: nil, problem: nil)
        let facts = ConnectionFacts.handshake(
            client, target: target, peerAddress: connection.peer.description, sent: sent, built: built,
            connectDuration: dialStart.duration(to: handshakeStart),
            handshakeDuration: handshakeStart.duration(to: handshakeEnd))
        return ProbeResult(target: target, sentChain: sent, connection: facts, deadline: deadline.instant)
    }
}
