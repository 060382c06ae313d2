import Foundation
@_spi(FixedExpiryValidationTime) @_spi(DisableValidityCheck) import X509

/// The outcome of default trust evaluation: the verified path, or the reason there is none.
public enum TrustEvaluation: Sendable {
    case trusted(path: [Certificate])
    case failed(Verdict.Rejection, reasons: [String])
}

/// Default trust evaluation (path to an anchor, validity at a time, a subject alternative name that matches the host,
/// server-auth usage) with swift-certificates' `Verifier`, plus a diagnosis of failures: the verifier says only
/// "could not validate", so the chain is verified again with single checks left out to find the one that fails, and
/// put it into words.
///
/// Every verification is bounded by ``PathBuildingLimits``: its certificate stores hand out candidate issuers only
/// while the signature-check budget and the deadline allow, and a search that was cut short is reported as such.
struct TrustEvaluator: Sendable {
    let anchors: TrustAnchors
    let limits: PathBuildingLimits
    /// Wildcards may not sit directly over a public suffix of this list; nil keeps the built-in rule only (at least
    /// two labels after a wildcard).
    var publicSuffixes: PublicSuffixList? = nil
    /// Under ``ValidationProfile/rfc5280`` and ``ValidationProfile/strict``, the profile's ``StrictRules`` are
    /// composed into the verifier as one more policy.
    var profile: ValidationProfile = .platform
    /// The usage, CA-leaf and host-name rules: PinBench's platform profile, or one client's
    /// (``ClientModel/trust``).
    var rules: TrustRules = .platform

    private struct Checks {
        var validity = true
        var hostname = true
        /// The extended key usage and ``ChainRules`` (key usage, CA as leaf).
        var keyUsage = true
        /// The standards whose ``StrictRules`` apply; only the first, complete verification of an `rfc5280` or
        /// `strict` evaluation asks for them.
        var strict: Set<StrictRuleViolation.Standard> = []
    }

    private struct Attempt {
        var path: [Certificate]?
        var reasons: [String]
        var cutoff: PathBuildingCutoff?
    }

    /// Certificates state their validity in whole seconds; a moment within a second is judged as that second's
    /// start (x509-limbo's reading: notAfter's whole second is valid, notBefore's starts when it starts).
    static func second(of moment: Date) -> Date {
        Date(timeIntervalSince1970: moment.timeIntervalSince1970.rounded(.down))
    }

    func evaluate(host: String, chain: [Certificate], at moment: Date) async -> TrustEvaluation {
        let time = Self.second(of: moment)
        let full = await verify(
            host: host, chain: chain, at: time, checks: Checks(strict: profile.strictStandards))
        if let path = full.path {
            return .trusted(path: path)
        }
        if let cutoff = full.cutoff { return cutShort(cutoff, chain: chain) }
        if !profile.strictStandards.isEmpty {
            let platform = await verify(host: host, chain: chain, at: time, checks: Checks())
            if let path = platform.path,
                let violation = StrictRules.firstViolation(in: path, standards: profile.strictStandards)
            {
                return .failed(violation.rejection, reasons: [violation.reason])
            }
            if let cutoff = platform.cutoff { return cutShort(cutoff, chain: chain) }
        }
        let withoutHostname = await verify(host: host, chain: chain, at: time, checks: Checks(hostname: false))
        if let path = withoutHostname.path {
            return .failed(.hostnameMismatch, reasons: [hostnameReason(host: host, leaf: path[0])])
        }
        if let cutoff = withoutHostname.cutoff { return cutShort(cutoff, chain: chain) }
        let withoutValidity = await verify(
            host: host,
            chain: chain,
            at: time,
            checks: Checks(validity: false, hostname: false)
        )
        if let path = withoutValidity.path {
            let problems = ValidityProblem.problems(in: path, at: time)
            let reasons = problems.isEmpty ? full.reasons : problems.map(\.reason)
            return .failed(ValidityProblem.rejection(for: problems), reasons: reasons)
        }
        if let cutoff = withoutValidity.cutoff { return cutShort(cutoff, chain: chain) }
        let withoutUsage = await verify(
            host: host,
            chain: chain,
            at: time,
            checks: Checks(validity: false, hostname: false, keyUsage: false)
        )
        if let path = withoutUsage.path {
            if let violation = ChainRules.firstViolation(in: path, rules: rules) {
                return .failed(violation.rejection, reasons: [violation.reason])
            }
            return .failed(.wrongKeyUsage, reasons: withoutValidity.reasons)
        }
        if let cutoff = withoutUsage.cutoff { return cutShort(cutoff, chain: chain) }
        let diagnosis = ChainDiagnosis(anchors: anchors.anchorSet, budget: SignatureCheckBudget(limits))
        let finding = diagnosis.explain(chain)
        return .failed(finding.rejection, reasons: finding.reasons)
    }

    /// The path the first, complete verification finds with the host name left out (every other rule as
    /// ``evaluate(host:chain:at:)`` applies them), at `second` (``second(of:)``): what ``SharedChainTrust`` keeps.
    func pathIgnoringHost(chain: [Certificate], at second: Date) async -> [Certificate]? {
        guard !chain.isEmpty else { return nil }
        return await verify(
            host: "", chain: chain, at: second, checks: Checks(hostname: false, strict: profile.strictStandards)
        ).path
    }

    /// Whether the host-name rules of ``makeVerifier(roots:host:at:checks:anchoredLeaf:)`` accept `leaf` for `host`:
    /// the same two policies, asked of the leaf alone.
    func leafCovers(host: String, leaf: Certificate) -> Bool {
        if rules.hostNames == .subjectAltNamesOnly,
            leaf.extensions[oid: .X509ExtensionID.subjectAlternativeName] == nil
        {
            return false
        }
        return ServerNameMatcher(host: host, publicSuffixes: publicSuffixes, rules: rules).judge(leaf) == .matches
    }

    private func cutShort(_ cutoff: PathBuildingCutoff, chain: [Certificate]) -> TrustEvaluation {
        .failed(
            .pathBuildingCutShort,
            reasons: [
                "path building was cut short \(cutoff.description) without finding a path to a trust anchor; the "
                    + "server sent \(chain.count) certificates (a hostile or broken chain? clients give up too: Go "
                    + "stops after 100 signature checks)"
            ]
        )
    }

    private func verify(
        host: String, chain: [Certificate], at time: Date, checks: Checks
    ) async -> Attempt {
        let budget = SignatureCheckBudget(limits)
        let roots = CertificateStore(custom: BudgetedCertificateStore(anchors: anchors.anchorSet, budget: budget))
        let intermediates = CertificateStore(custom: BudgetedCertificateStore(chain.dropFirst(), budget: budget))
        var verifier = makeVerifier(roots: roots, host: host, at: time, checks: checks, anchoredLeaf: false)
        var reasons: [String] = []
        switch await verifier.validate(leaf: chain[0], intermediates: intermediates) {
        case .validCertificate(let validated):
            return Attempt(path: Array(validated), reasons: [], cutoff: nil)
        case .couldNotValidate(let failures):
            for failure in failures where !reasons.contains(failure.policyFailureReason.description) {
                reasons.append(failure.policyFailureReason.description)
            }
        }
        // A leaf that is itself an anchor, refused above only because it is not marked CA, is judged alone.
        if budget.cutoff == nil, anchors.anchorSet.contains(chain[0]) {
            var alone = makeVerifier(
                roots: CertificateStore([chain[0]]), host: host, at: time, checks: checks, anchoredLeaf: true)
            if case .validCertificate(let validated) = await alone.validate(
                leaf: chain[0], intermediates: CertificateStore())
            {
                return Attempt(path: Array(validated), reasons: [], cutoff: nil)
            }
        }
        return Attempt(path: nil, reasons: reasons, cutoff: budget.cutoff)
    }

    /// Every policy of a verification under `checks`; with `anchoredLeaf`, ``AnchoredLeafPolicy`` stands in for
    /// ``RFC5280Policy`` (one-certificate paths only).
    private func makeVerifier(
        roots: CertificateStore, host: String, at time: Date, checks: Checks, anchoredLeaf: Bool
    ) -> Verifier<some VerifierPolicy> {
        Verifier(rootCertificates: roots) {
            NameConstraintRulesPolicy()
            PolicyConstraintsPolicy()
            if anchoredLeaf {
                AnchoredLeafPolicy(validationTime: checks.validity ? time : nil)
            } else if checks.validity {
                RFC5280Policy(fixedExpiryValidationTime: time)
            } else {
                RFC5280Policy.withValidityCheckDisabled()
            }
            if checks.keyUsage {
                ServerAuthUsagePolicy(rule: rules.serverAuth)
                ChainRulesPolicy(rules: rules)
            } else {
                AcknowledgeExtensionsPolicy(verifyingCriticalExtensions: [.X509ExtensionID.extendedKeyUsage])
            }
            if !checks.strict.isEmpty {
                StrictRulesPolicy(standards: checks.strict)
            }
            if checks.hostname {
                if rules.hostNames == .subjectAltNamesOnly {
                    SubjectAlternativeNameRequiredPolicy()
                }
                ServerNamePolicy(matcher: ServerNameMatcher(host: host, publicSuffixes: publicSuffixes, rules: rules))
            } else {
                AcknowledgeExtensionsPolicy(verifyingCriticalExtensions: [.X509ExtensionID.subjectAlternativeName])
            }
        }
    }

    private func hostnameReason(host: String, leaf: Certificate) -> String {
        if leaf.extensions[oid: .X509ExtensionID.subjectAlternativeName] == nil {
            return "the leaf certificate (\(leaf.subject.opensslString)) is not valid for \(host): "
                + SubjectAlternativeNameRequiredPolicy.reason(leaf)
        }
        let details = CertificateDetails(leaf)
        let names = details.dnsNames + details.ipAddresses
        let listed = names.isEmpty ? "no subject alternative names" : "names " + names.joined(separator: ", ")
        let why: String
        switch ServerNameMatcher(host: host, publicSuffixes: publicSuffixes).judge(leaf) {
        case .mismatch(let notes) where !notes.isEmpty: why = "; " + notes.map(\.reason).joined(separator: "; ")
        case .unreadable(let reason): why = "; " + reason
        default: why = ""
        }
        return "the leaf certificate (\(details.subject)) is not valid for \(host): it lists \(listed)\(why)"
    }
}
