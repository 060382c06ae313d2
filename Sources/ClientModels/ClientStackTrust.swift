import Foundation
import X509

extension PinValidator {
    /// Each client stack's default trust (``ClientTrustRules/clientStacks``) on the chain the platform evaluation
    /// judged. A path the platform trusts is kept when the client's rules hold on it too (they differ only in the
    /// usage, CA-leaf and name rules, checked here without building a path again); a chain it refuses is evaluated
    /// again under the client's rules, so the cost falls on refusals only.
    /// `certificates` is the platform verdict's list, the path first: a client that keeps the path keeps it.
    func clientTrust(
        platform: TrustEvaluation, certificates: [PresentedCertificate], host: String, chain: [ChainCertificate],
        usable: [Certificate], refused: [String], at time: Date, limits: PathBuildingLimits
    ) async -> [ClientTrustRules: ClientTrust] {
        var decisions: [ClientTrustRules: ClientTrust] = [:]
        for rules in ClientTrustRules.clientStacks {
            let evaluation: TrustEvaluation
            switch platform {
            case .trusted, .failed(.untrustedChain, _), .failed(.pathBuildingCutShort, _):
                // No path to an anchor even with the usage, CA-leaf and name rules left out (the platform's last
                // diagnosis): no client's rules find one either, and a hostile chain is not searched three times.
                evaluation = platform
            default:
                evaluation = await TrustEvaluator(
                    anchors: trustAnchors, limits: limits, publicSuffixes: publicSuffixes, rules: rules
                ).evaluate(host: host, chain: usable, at: time)
            }
            switch evaluation {
            case .trusted(let path):
                if let refusal = Self.refusal(of: path, host: host, rules: rules, publicSuffixes: publicSuffixes) {
                    decisions[rules] = .refused(refusal)
                } else if case .trusted = platform {
                    decisions[rules] = .trusted(path: certificates)
                } else {
                    decisions[rules] = .trusted(path: Self.presentedCertificates(path: path, presented: chain))
                }
            case .failed(.untrustedChain, _) where !refused.isEmpty:
                decisions[rules] = .refused(ClientRefusal(.unacceptableKey))
            case .failed(let rejection, _):
                let refusal = Self.refusal(
                    rejection, chain: usable, host: host, validatesSentChain: validatesSentChain(usable))
                decisions[rules] = .refused(refusal)
            }
        }
        return decisions
    }

    /// Why `rules` refuse a path the platform verified, or nil when they accept it.
    private static func refusal(
        of path: [Certificate], host: String, rules: ClientTrustRules, publicSuffixes: PublicSuffixList?
    ) -> ClientRefusal? {
        if ServerAuthUsagePolicy.firstFailure(in: path, rule: rules.serverAuth) != nil {
            return ClientRefusal(.wrongKeyUsage)
        }
        if let violation = ChainRules.firstViolation(in: path, rules: rules) {
            return ClientRefusal(violation.rejection)
        }
        if ServerNameMatcher(host: host, publicSuffixes: publicSuffixes, rules: rules).judge(path[0]) != .matches {
            return refusal(.hostnameMismatch, chain: path, host: host)
        }
        return nil
    }

    /// A refusal for `rejection`, with the facts about `chain` (as sent, leaf first) that clients word it by.
    private static func refusal(
        _ rejection: Verdict.Rejection, chain: [Certificate], host: String, validatesSentChain: Bool = false
    ) -> ClientRefusal {
        let leaf = chain[0]
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
    private func validatesSentChain(_ chain: [Certificate]) -> Bool {
        let anchors = trustAnchors.anchorSet
        for index in chain.indices {
            let certificate = chain[index]
            if index > 0, certificate.subject != chain[index - 1].issuer { return false }
            let sameKey = anchors.certificates(withSubject: certificate.subject).contains {
                $0.publicKey == certificate.publicKey
            }
            if anchors.contains(certificate) || sameKey { return index > 0 }
        }
        return !anchors.certificates(withSubject: chain[chain.count - 1].issuer).isEmpty
    }

    /// How the sent chain ends, following issuer names from the leaf as OpenSSL builds its untrusted chain.
    private static func untrustedEnd(_ chain: [Certificate]) -> ClientRefusal.UntrustedEnd {
        var current = chain[0]
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
