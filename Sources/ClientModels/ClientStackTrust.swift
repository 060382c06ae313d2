import Foundation
import PinningCore
import X509

/// What each client TLS stack whose rules differ from PinBench's platform profile (curl on OpenSSL, OkHttp on the
/// JVM: ``ClientModel/trust``) decides about one chain before any pin, computed from what the core exposes: PinBench's
/// verdict, its verified path and the chain as sent.
///
/// The core's verdict is only PinBench's; a consumer that asks for clients computes this once per chain
/// (``evaluate(_:chain:validator:at:limits:for:)``) and judges every client from it (``ClientJudge``). A path the
/// platform trusts is kept when a stack's rules hold on it too (they differ only in the usage, CA-leaf and name rules,
/// checked without building a path again); a chain it refuses is evaluated again under the stack's rules, so the cost
/// falls on refusals only.
public struct ClientStackTrust: Hashable, Sendable {
    private let decisions: [TrustRules: ClientTrust]

    /// The decisions of the stacks `models` use, for `chain` (as sent, leaf first), which `validator` judged as
    /// `verdict` at `time`. Path building for each stack stays within `limits`.
    public static func evaluate(
        _ verdict: Verdict, chain: [ChainCertificate], validator: PinValidator, at time: Date,
        limits: PathBuildingLimits = PathBuildingLimits(), for models: [ClientModel] = ClientModel.all
    ) async -> ClientStackTrust {
        var stacks: [TrustRules] = []
        for model in models where model.trust != .platform && !stacks.contains(model.trust) {
            stacks.append(model.trust)
        }
        var decisions: [TrustRules: ClientTrust] = [:]
        for rules in stacks {
            decisions[rules] = await decide(
                rules, verdict: verdict, chain: chain, validator: validator, at: time, limits: limits)
        }
        return ClientStackTrust(decisions: decisions)
    }

    /// The default trust of `model`'s client: PinBench's verdict for a client on the platform profile, else its
    /// stack's decision. A stack this value was not computed for refuses (fails closed): compute it for every model
    /// you judge.
    func trust(for model: ClientModel, verdict: Verdict) -> ClientTrust {
        guard model.trust != .platform else { return Self.platform(verdict) }
        return decisions[model.trust] ?? .refused(ClientRefusal(.untrustedChain))
    }

    /// PinBench's own default trust, as a client on the platform profile sees it.
    private static func platform(_ verdict: Verdict) -> ClientTrust {
        guard verdict.isTrusted else { return .refused(ClientRefusal(verdict.rejection ?? .untrustedChain)) }
        return .trusted(path: verdict.certificates)
    }

    /// What `rules` decide about the chain.
    private static func decide(
        _ rules: TrustRules, verdict: Verdict, chain: [ChainCertificate], validator: PinValidator, at time: Date,
        limits: PathBuildingLimits
    ) async -> ClientTrust {
        let usable = chain.compactMap(\.certificate)
        let refused = chain.contains { $0.refusal != nil }
        if verdict.isTrusted {
            let path = verdict.certificates.filter(\.inVerifiedPath).compactMap(\.certificate)
            if let rejection = rules.refusal(
                ofVerifiedPath: path, host: verdict.host, publicSuffixes: validator.publicSuffixes)
            {
                return .refused(refusal(rejection, chain: path))
            }
            return .trusted(path: verdict.certificates)
        }
        let evaluation: TrustEvaluation
        switch verdict.rejection {
        case .emptyChain?, .unacceptableKey?, nil:
            // Nothing to evaluate (no certificate, or a leaf no stack can parse), or a path that needs a key clients
            // refuse: every stack refuses as PinBench does.
            return platform(verdict)
        case let rejection? where rejection == .untrustedChain || rejection == .pathBuildingCutShort:
            // No path to an anchor even with the usage, CA-leaf and name rules left out (the platform's last
            // diagnosis): no stack's rules find one either, and a hostile chain is not searched again.
            evaluation = .failed(rejection, reasons: [])
        default:
            evaluation = await validator.evaluateTrust(
                host: verdict.host, chain: usable, at: time, rules: rules, limits: limits)
        }
        switch evaluation {
        case .trusted(let path):
            if let rejection = rules.refusal(
                ofVerifiedPath: path, host: verdict.host, publicSuffixes: validator.publicSuffixes)
            {
                return .refused(refusal(rejection, chain: path))
            }
            return .trusted(path: PinValidator.presentedCertificates(path: path, presented: chain))
        case .failed(.untrustedChain, _) where refused:
            return .refused(ClientRefusal(.unacceptableKey))
        case .failed(let rejection, _):
            let anchored = validatesSentChain(usable, anchors: validator.trustAnchors)
            return .refused(refusal(rejection, chain: usable, validatesSentChain: anchored))
        }
    }

    /// A refusal for `rejection`, with the facts about `chain` (leaf first) that clients word it by.
    private static func refusal(
        _ rejection: Verdict.Rejection, chain: [Certificate], validatesSentChain: Bool = false
    ) -> ClientRefusal {
        guard let leaf = chain.first else { return ClientRefusal(rejection) }
        switch rejection {
        case .untrustedChain:
            return ClientRefusal(
                rejection, untrustedEnd: untrustedEnd(chain), validatesSentChain: validatesSentChain)
        case .hostnameMismatch:
            let names = (try? leaf.extensions.subjectAlternativeNames).flatMap { $0 } ?? SubjectAlternativeNames()
            let named = names.contains {
                switch $0 {
                case .dnsName, .ipAddress: return true
                default: return false
                }
            }
            return ClientRefusal(rejection, leafHasNames: named, leafCommonName: leaf.subject.commonName)
        case .nameConstraints:
            let excluded = NameConstraintViolation.first(in: chain)?.excluded ?? false
            return ClientRefusal(rejection, excludedName: excluded, validatesSentChain: validatesSentChain)
        default:
            return ClientRefusal(rejection, validatesSentChain: validatesSentChain)
        }
    }

    /// Whether the JDK's `PKIXValidator.engineValidate` validates `chain` as sent: each certificate is the previous
    /// one's issuer by name, and one of them is an anchor (by its DER or by its name and key) or the last one's issuer
    /// is named like an anchor. Otherwise it builds a path.
    private static func validatesSentChain(_ chain: [Certificate], anchors: TrustAnchors) -> Bool {
        guard let last = chain.last else { return false }
        for index in chain.indices {
            let certificate = chain[index]
            if index > 0, certificate.subject != chain[index - 1].issuer { return false }
            let sameKey = anchors.certificates(withSubject: certificate.subject).contains {
                $0.publicKey == certificate.publicKey
            }
            if anchors.contains(certificate) || sameKey { return index > 0 }
        }
        return !anchors.certificates(withSubject: last.issuer).isEmpty
    }

    /// How the sent chain ends, following issuer names from the leaf as OpenSSL builds its untrusted chain.
    private static func untrustedEnd(_ chain: [Certificate]) -> ClientRefusal.UntrustedEnd {
        guard var current = chain.first else { return .issuerNotFound }
        if current.subject == current.issuer { return .selfSignedLeaf }
        // Bounded by the chain's length: each step moves to another sent certificate.
        for _ in chain.indices {
            guard let issuer = chain.dropFirst().first(where: { $0.subject == current.issuer && $0 != current }) else {
                return .issuerNotFound
            }
            if issuer.subject == issuer.issuer { return .selfSignedInChain }
            current = issuer
        }
        return .issuerNotFound
    }
}
