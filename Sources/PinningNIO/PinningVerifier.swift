import Foundation
import NIOCore
import NIOSSL
import PinningCore

/// Judges one connection's presented chain with ``PinValidator`` under the policy's manifest: the callback for
/// `NIOSSLClientHandler(context:serverHostname:customVerificationCallbackWithMetadata:)`.
///
/// Accepted chains (pinned, not pinned, lapsed pins, report-only violations) complete the handshake with the
/// verified path as metadata; report-only violations and lapsed pins also go to `onReport`, and never fail the
/// connection. A rejection fails the handshake; its verdict is kept for ``PinningRejectionHandler`` and
/// ``rejection``. One verifier per connection.
public final class PinningVerifier: @unchecked Sendable {
    public let host: String
    private let policy: PinningPolicy
    private let onReport: @Sendable (Verdict) -> Void
    private let clock: @Sendable () -> Date
    private let lock = NSLock()
    private var refused: PinningRejection?
    private var judged: Verdict?

    /// - Parameters:
    ///   - host: the name the client connects to (SNI, hostname check, the manifest's policy lookup).
    ///   - onReport: receives the verdict of a report-only violation or of lapsed pins (the connection goes on).
    public init(
        host: String, policy: PinningPolicy, clock: @escaping @Sendable () -> Date = Date.init,
        onReport: @escaping @Sendable (Verdict) -> Void = { _ in }
    ) {
        self.host = host
        self.policy = policy
        self.clock = clock
        self.onReport = onReport
    }

    /// The rejection of this connection's chain, once the handshake was refused.
    public var rejection: PinningRejection? {
        lock.lock()
        defer { lock.unlock() }
        return refused
    }

    /// The verdict on this connection's chain, once judged (accepted or not).
    public var verdict: Verdict? {
        lock.lock()
        defer { lock.unlock() }
        return judged
    }

    /// The NIOSSL callback. It runs on the event loop, so the judging (path building, signatures) runs in a task
    /// and completes `promise` from there.
    public func verify(
        _ certificates: [NIOSSLCertificate], _ promise: EventLoopPromise<NIOSSLVerificationResultWithMetadata>
    ) {
        let presented = certificates.compactMap { try? $0.toDERBytes() }
        let validator = policy.validator
        let host = self.host
        let now = clock()
        Task {
            let chain = presented.map { (try? ChainCertificate(derEncoded: $0)) }
            guard chain.count == certificates.count, !chain.contains(where: { $0 == nil }) else {
                promise.succeed(.failed)
                return
            }
            let verdict = await validator.validate(host: host, chain: chain.compactMap { $0 }, at: now)
            promise.succeed(self.result(for: verdict, certificates))
        }
    }

    private func result(
        for verdict: Verdict, _ certificates: [NIOSSLCertificate]
    )
        -> NIOSSLVerificationResultWithMetadata
    {
        lock.lock()
        judged = verdict
        if !verdict.allowsConnection { refused = PinningRejection(verdict: verdict) }
        lock.unlock()
        guard verdict.allowsConnection else { return .failed }
        if verdict.outcome == .reportOnlyViolation || verdict.outcome == .pinsLapsed { onReport(verdict) }
        // The verified path as far as the server sent it (a root it did not send stays with the trust anchors).
        let path = verdict.certificates.filter(\.inVerifiedPath).map(\.level).filter(certificates.indices.contains)
        let validated = path.isEmpty ? [certificates[0]] : path.map { certificates[$0] }
        return .certificateVerified(VerificationMetadata(ValidatedCertificateChain(validated)))
    }
}
