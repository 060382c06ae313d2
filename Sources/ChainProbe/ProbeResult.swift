import ConnectionAudit
import PinningCore

/// What one successful handshake showed: the chain as sent and the connection's facts, as plain values for the core
/// to judge.
///
/// An untrusted, expired or wrong-host chain is still a result: the probe only collects, the core decides.
public struct ProbeResult: Hashable, Sendable {
    public var target: ProbeTarget
    /// The certificates exactly as the server sent them, leaf first, DER.
    public var sentChain: [[UInt8]]
    /// The handshake's facts (protocol, cipher, key exchange, OCSP staple, peer, timings, ATS, the path OpenSSL
    /// built): the one value `inspect`, `check` and the workbench all show.
    public var connection: ConnectionFacts
    /// When the probe's deadline ends. Judging the chain belongs to the same budget: pass
    /// ``judgingLimits(minimum:)`` to the validator so a hostile chain cannot stretch a `--timeout`.
    public var deadline: ContinuousClock.Instant?

    public init(
        target: ProbeTarget, sentChain: [[UInt8]], connection: ConnectionFacts, deadline: ContinuousClock.Instant? = nil
    ) {
        self.target = target
        self.sentChain = sentChain
        self.connection = connection
        self.deadline = deadline
    }

    /// Path-building limits for judging this result: the standard signature-check cap, and the probe's deadline, or
    /// `minimum` from now when less than that is left (a slow handshake must not leave a good chain no time at all).
    public func judgingLimits(minimum: Duration = .milliseconds(250)) -> PathBuildingLimits {
        guard let deadline else { return PathBuildingLimits() }
        return PathBuildingLimits(deadline: max(deadline, ContinuousClock.now.advanced(by: minimum)))
    }

    /// The sent chain decoded: every certificate with its details and pins, parsed by swift-certificates where it
    /// can be (a refused one, such as an RSA-1024 leaf, carries its refusal). Fails only on bytes that are not X.509.
    /// Certificates also on the built path (``ConnectionFacts/builtChain``, decoded by the probe) are taken from
    /// there rather than parsed again; with `memo`, so are certificates an earlier probe of the batch sent.
    public func sentCertificates(
        memo: SentCertificateMemo? = nil
    ) throws(CertificateDecodingError)
        -> [ChainCertificate]
    {
        let built = connection.builtChain ?? []
        var certificates: [ChainCertificate] = []
        certificates.reserveCapacity(sentChain.count)
        for (index, der) in sentChain.enumerated() {
            if let known = built.first(where: { $0.der == der }) {
                certificates.append(known)
            } else {
                let decode = { () throws(CertificateDecodingError) -> ChainCertificate in
                    try CertificateChainDecoder.decodeDER(der, source: "chain sent by \(target)", block: index + 1)
                }
                if let memo {
                    certificates.append(try memo.certificate(der, orDecode: decode))
                } else {
                    certificates.append(try decode())
                }
            }
        }
        return certificates
    }
}
