import Foundation
import PinningCore

extension ServedChain {
    /// Each chain of `entries` (as its host serves it) with the path `validator` verifies for it at `time`, by host:
    /// what lint compares pins with, so lint, validate and check give one answer.
    public static func judged(
        _ entries: [(host: String, chain: [ChainCertificate])], by validator: PinValidator, at time: Date
    ) async -> [String: ServedChain] {
        var chains: [String: ServedChain] = [:]
        for (host, chain) in entries {
            chains[host] = ServedChain(
                presented: chain, verdict: await validator.validate(host: host, chain: chain, at: time))
        }
        return chains
    }
}
