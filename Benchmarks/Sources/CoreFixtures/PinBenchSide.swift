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
