import Foundation
import PinningCore
import X509

/// What PinBench does for each benchmark, in one place for the benchmarks and the profiling loop.
extension CoreFixture {
    /// The whole verdict from the DER a server sent: decode, trust evaluation, pins.
    public func verdictFromDER(at time: Date = Date()) async -> Verdict {
        let chain = presentedDER.map { try! ChainCertificate(derEncoded: $0) }
        return await validator.validate(host: host, chain: chain, at: time)
    }

    /// The warm verdict from PEM: the chain file's text decoded (``CertificateChainDecoder``), then judged by the
    /// validator made once.
    public func verdictFromPEM(at time: Date = Date()) async -> Verdict {
        let chain = try! CertificateChainDecoder.decode(presentedPEM, source: "chain.pem")
        return await validator.validate(host: host, chain: chain, at: time)
    }

    /// The cold verdict, as a first call through the public API makes it: the chain and the anchor decoded from PEM
    /// (`pem`) or DER, a fresh trust-anchor set and validator, then the verdict. Only the manifest value is shared.
    public func coldVerdict(pem: Bool, at time: Date = Date()) async -> Verdict {
        let chain: [ChainCertificate]
        let anchors: [ChainCertificate]
        if pem {
            chain = try! CertificateChainDecoder.decode(presentedPEM, source: "chain.pem")
            anchors = try! CertificateChainDecoder.decode(anchorPEM, source: "root.pem")
        } else {
            chain = presentedDER.map { try! ChainCertificate(derEncoded: $0) }
            anchors = [try! ChainCertificate(derEncoded: anchorDER)]
        }
        let validator = PinValidator(
            manifest: manifest, trustAnchors: TrustAnchors(certificates: anchors.compactMap(\.certificate)))
        return await validator.validate(host: host, chain: chain, at: time)
    }

    /// The verdict from already decoded certificates.
    public func verdictFromParsed(at time: Date = Date()) async -> Verdict {
        await validator.validate(host: host, chain: presented, at: time)
    }

    /// The `spki-sha256` pins of the 3-certificate verified path, computed afresh.
    public func pins() -> [String] {
        path.map(Fingerprint.spkiPin)
    }
}

extension CoreFixture {
    /// A verdict for the same chain, host, manifest and hour as before, through a ``VerdictCache`` that has it.
    public func repeatedVerdict(_ cache: VerdictCache, at time: Date = Date()) async -> Verdict {
        try! await cache.verdict(validator, host: host, der: presentedDER, at: time)
    }
}

/// Runs `body` `count` times on the cooperative pool. The benchmark harness calls from the main actor, and a
/// nonisolated async verdict called from there hops to the pool and back each time: two thread handoffs that are
/// the caller's cost, not the verdict's (the OpenSSL side is a plain C call).
@concurrent public func onPool(_ count: Int, _ body: @Sendable () async -> Void) async {
    for _ in 0..<count { await body() }
}
