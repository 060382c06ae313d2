import ConnectionAudit

/// App Transport Security judged once per distinct connection of a batch: ``ATSEvaluator`` is a function of the
/// protocol, the suite, the key exchange and the chain as sent, and a fleet's hosts mostly agree on all four (the
/// same server software, the same wildcard or CDN chain), so `check` judged the same input for most of its hosts.
///
/// A hit needs all four equal, the chain byte for byte, so it returns exactly what evaluating would.
struct ATSMemo: Sendable {
    struct Input: Hashable, Sendable {
        let protocolVersion: String
        let cipherSuite: String
        let keyExchange: KeyExchange
        let chain: [DERKey]
    }

    private let memo: BoundedMemo<Input, ATSEvaluation>

    /// At most `capacity` evaluations (each the size of its findings; the chain's bytes are its key).
    init(capacity: Int = 16) {
        memo = BoundedMemo(capacity: capacity)
    }

    var count: Int { memo.count }

    func evaluate(
        protocolVersion: String, cipherSuite: String, keyExchange: KeyExchange, chainDER: [[UInt8]]
    ) -> ATSEvaluation {
        let input = Input(
            protocolVersion: protocolVersion, cipherSuite: cipherSuite, keyExchange: keyExchange,
            chain: chainDER.map(DERKey.init))
        return memo.value(for: input) {
            ATSEvaluator.evaluate(
                protocolVersion: protocolVersion, cipherSuite: cipherSuite, keyExchange: keyExchange,
                chainDER: chainDER)
        }
    }
}
