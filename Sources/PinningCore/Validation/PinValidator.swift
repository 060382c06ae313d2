import Foundation
import X509

/// Decides whether a presented chain is acceptable for a host: default trust evaluation first, then the manifest's
/// pins, checked on the verified path only — a pinned certificate appended to an attacker's chain must not pass
/// (the OkHttp CVE-2016-2402 lesson).
public struct PinValidator: Sendable {
    public let manifest: PinManifest
    public let trustAnchors: TrustAnchors
    /// Wildcard names may not sit directly over an ICANN public suffix of this list (`*.co.uk`); without a list,
    /// only the built-in rule holds (a wildcard leaves at least two labels after it, so never `*.com`).
    public let publicSuffixes: PublicSuffixList?
    /// The rules trust evaluation follows: the platforms' (the default) or a strict WebPKI verifier's.
    public let profile: ValidationProfile

    /// `publicSuffixes` defaults to the list compiled into the core (``PublicSuffixList/compiledIn``), the same on every
    /// platform; pass another list to judge by it.
    public init(
        manifest: PinManifest, trustAnchors: TrustAnchors,
        publicSuffixes: PublicSuffixList? = .compiledIn, profile: ValidationProfile = .platform
    ) {
        self.manifest = manifest
        self.trustAnchors = trustAnchors
        self.publicSuffixes = publicSuffixes
        self.profile = profile
    }

    /// The verdict for `chain` (as presented, leaf first) when connecting to `host` at `time`. Path building stays
    /// within `limits` (a signature-check cap, and a deadline such as the rest of a probe's). With `revocation`
    /// (a live connection's stapled or fetched OCSP response), a trusted leaf that the response says is revoked is
    /// rejected, and every verdict says what was learned; nil leaves revocation out (a chain from a file). With
    /// `sharing` (``sharedTrust(chain:at:limits:)`` of the same chain), default trust is taken from it where it
    /// stands for this host's own evaluation: the verdict is the same either way.
    public func validate(
        host: String, chain: [ChainCertificate], at time: Date, limits: PathBuildingLimits = PathBuildingLimits(),
        revocation: RevocationEvidence? = nil, transparency: CTRequirement? = nil, sharing: SharedChainTrust? = nil
    ) async -> Verdict {
        let policy = manifest.policy(for: host)
        guard !chain.isEmpty else {
            return Verdict(
                host: host,
                outcome: .rejected,
                rejection: .emptyChain,
                policy: policy,
                matchedPin: nil,
                certificates: [],
                statement: "rejected: the server presented no certificate.",
                explanation: []
            )
        }
        let refused = Self.refusals(in: chain)
        func rejected(_ rejection: Verdict.Rejection, _ reasons: [String], statement: String? = nil) -> Verdict {
            Self.untrusted(host: host, chain: chain, policy: policy, rejection, reasons, statement: statement)
        }
        // The leaf first, then the other certificates that parsed.
        let usable = chain.compactMap(\.certificate)
        guard chain[0].refusal == nil, !usable.isEmpty else {
            return rejected(
                .unacceptableKey, refused,
                statement: "rejected: the leaf's key is refused: \(chain[0].refusal ?? "it cannot be parsed")."
            )
        }
        let evaluator = TrustEvaluator(
            anchors: trustAnchors, limits: limits, publicSuffixes: publicSuffixes, profile: profile)
        let evaluation: TrustEvaluation
        if let path = sharing?.path(
            for: host, chain: chain, second: TrustEvaluator.second(of: time), evaluator: evaluator)
        {
            evaluation = .trusted(path: path)
        } else {
            evaluation = await evaluator.evaluate(host: host, chain: usable, at: time)
        }
        return judge(
            evaluation, host: host, chain: chain, policy: policy, refused: refused, at: time, revocation: revocation,
            transparency: transparency)
    }

    /// The verdict on default trust's `evaluation`: the refusal, or what the pins, revocation and CT then say.
    private func judge(
        _ evaluation: TrustEvaluation, host: String, chain: [ChainCertificate], policy: DomainPolicy?,
        refused: [String], at time: Date, revocation: RevocationEvidence?, transparency: CTRequirement?
    ) -> Verdict {
        func rejected(_ rejection: Verdict.Rejection, _ reasons: [String]) -> Verdict {
            Self.untrusted(host: host, chain: chain, policy: policy, rejection, reasons, statement: nil)
        }
        switch evaluation {
        case .failed(.untrustedChain, let reasons) where !refused.isEmpty:
            // The path may have needed a certificate whose key clients refuse: that is the first reason to give.
            return rejected(.unacceptableKey, refused + reasons)
        case .failed(let rejection, let reasons):
            return rejected(rejection, reasons)
        case .trusted(let path):
            let check = revocation.map { Self.revocationCheck($0, path: path, at: time) }
            let ct = transparency.flatMap { requirement in
                path.count >= 2
                    ? CTPolicy.evaluate(leaf: path[0], issuer: path[1], logs: requirement.logs, at: time) : nil
            }
            var verdict = judgePins(
                host: host, policy: policy, path: path, presented: chain, at: time, revocation: check,
                transparency: ct, requiresTransparency: transparency?.required ?? false)
            verdict.revocation = check
            verdict.transparency = ct
            return verdict
        }
    }

    /// The certificates whose keys clients refuse, one line each.
    private static func refusals(in chain: [ChainCertificate]) -> [String] {
        // Index loops: enumerating the chain copied every entry (and its parsed certificate) once more per pass.
        var refused: [String] = []
        for level in chain.indices {
            // Refused certificates carry their details from decoding: naming them costs nothing.
            if let refusal = chain[level].refusal {
                refused.append("level \(level) (\(chain[level].details.subject)): \(refusal)")
            }
        }
        return refused
    }

    /// A verdict for a chain default trust evaluation refused: every presented certificate listed, none on a path.
    private static func untrusted(
        host: String, chain: [ChainCertificate], policy: DomainPolicy?, _ rejection: Verdict.Rejection,
        _ reasons: [String], statement: String?
    ) -> Verdict {
        let presented = chain.indices.map {
            PresentedCertificate(level: $0, details: chain[$0].lazyDetails, inVerifiedPath: false)
        }
        return Verdict(
            host: host,
            outcome: .rejected,
            rejection: rejection,
            policy: policy,
            matchedPin: nil,
            certificates: presented,
            statement: statement ?? "rejected: \(rejection.sentence).",
            explain: {
                var explanation = reasons.map { "- " + $0 }
                explanation.append("Pins were not checked: default trust evaluation failed first.")
                return explanation + Self.listing(presented, pinned: policy)
            }
        )
    }

    /// Pins are compared one value at a time (``LazyCertificateDetails``), and the explanation is written only when
    /// read: a verdict that is only acted on computes one pin per certificate it looks at and no text beyond its
    /// statement.
    private func judgePins(
        host: String,
        policy: DomainPolicy?,
        path: [Certificate],
        presented: [ChainCertificate],
        at time: Date,
        revocation: RevocationCheck?,
        transparency: CTPolicyResult?,
        requiresTransparency: Bool
    ) -> Verdict {
        let writer = VerdictWriter(
            host: host, policy: policy, certificates: Self.presentedCertificates(path: path, presented: presented),
            pathLength: path.count, revocation: revocation, transparency: transparency)
        if let refusal = Self.refusalBeforePins(
            writer, revocation: revocation, transparency: transparency,
            requiresTransparency: requiresTransparency)
        {
            return refusal
        }
        guard let policy else {
            return writer.verdict(.notPinned, "trusted, not pinned (no domain in the manifest covers this host).") {
                []
            }
        }
        return Self.pinVerdict(writer, policy: policy, host: host, at: time)
    }

    /// The verified path, leaf first, with the presented copy of each certificate where the server sent it; then the
    /// certificates the server sent that are not on the path: a verdict's ``Verdict/certificates``.
    public static func presentedCertificates(
        path: [Certificate], presented: [ChainCertificate]
    ) -> [PresentedCertificate] {
        // `Certificate` equality, with the TBS bytes compared first, each certificate's read once: reading them from
        // the optional certificate copied it (a retain per field) for every comparison.
        let presentedTBS = presented.map { $0.certificate?.tbsCertificateBytes }
        let pathTBS = path.map(\.tbsCertificateBytes)
        func isSame(_ index: Int, _ level: Int) -> Bool {
            presentedTBS[index] == pathTBS[level] && presented[index].certificate == path[level]
        }
        var certificates: [PresentedCertificate] = []
        certificates.reserveCapacity(path.count + presented.count)
        for level in path.indices {
            let index = presented.indices.first { isSame($0, level) }
            certificates.append(
                PresentedCertificate(
                    level: level,
                    details: index.map { presented[$0].lazyDetails } ?? LazyCertificateDetails(path[level], der: nil),
                    inVerifiedPath: true))
        }
        for index in presented.indices where !path.indices.contains(where: { isSame(index, $0) }) {
            certificates.append(
                PresentedCertificate(
                    level: certificates.count, details: presented[index].lazyDetails, inVerifiedPath: false))
        }
        return certificates
    }

    /// A revoked leaf, or CT required and not met: refused before any pin is looked at.
    private static func refusalBeforePins(
        _ writer: VerdictWriter, revocation: RevocationCheck?, transparency: CTPolicyResult?,
        requiresTransparency: Bool
    ) -> Verdict? {
        if let revocation, case .revoked(let at, let reason) = revocation.outcome {
            let why = reason.map { " (\($0))" } ?? ""
            return writer.verdict(
                .rejected,
                "rejected: the leaf certificate was revoked on \(RevocationCheck.format(at))\(why).",
                rejection: .revoked
            ) {
                ["Pins were not checked: a revoked certificate is refused whatever it is pinned to."]
            }
        }
        if requiresTransparency, let transparency, !transparency.meetsPolicy {
            return writer.verdict(
                .rejected, "rejected: Certificate Transparency is required and the leaf does not meet the policy.",
                rejection: .certificateTransparency
            ) {
                ["Pins were not checked: a client that requires CT refuses the connection first."]
                    + transparency.checked.map { "  SCT: \($0.line)" }
            }
        }
        return nil
    }

    /// What `policy`'s pins decide (``PinRule``), in words.
    private static func pinVerdict(
        _ writer: VerdictWriter, policy: DomainPolicy, host: String, at time: Date
    ) -> Verdict {
        let certificates = writer.certificates
        let scope =
            policy.normalizedHost == DomainPolicy.normalize(host) ? "" : " (via \(policy.host), includeSubdomains)"
        let outcome = PinRule.judge(policy, pathLength: writer.pathLength, at: time) { level, type in
            certificates[level].lazyDetails.pinValue(type)
        }
        switch outcome {
        case .lapsed:
            return writer.verdict(
                .pinsLapsed,
                "trusted, pins LAPSED: the domain's pins expired on \(policy.expires!) and were not checked."
            ) {
                [
                    "Update the pins and the expires date\(scope); until then this host is protected by default trust only."
                ]
            }
        case .noPins:
            return writer.verdict(.notPinned, "trusted, not pinned: the domain\(scope) lists no pins.") { [] }
        case .matched(let pin, let level):
            let match = PinMatch(pin: pin, level: level, certificate: certificates[level].lazyDetails)
            return writer.verdict(
                .accepted, "accepted: \(pin.role.rawValue) pin matched at level \(level).", match: match
            ) {
                var lines = [
                    "Pin matched at level \(level) (\(match.subject)): \(pin.type.rawValue) "
                        + "\(pin.value), \(pin.role.rawValue)\(scope)."
                ]
                if pin.role == .backup {
                    lines.append("The match is a BACKUP pin: the server has rotated; promote it and add a new backup.")
                }
                return lines
            }
        case .mismatch:
            let mismatch: @Sendable () -> [String] = {
                var lines = ["No pin of \(policy.host)\(scope) matches any certificate of the verified path."]
                lines += Self.notes(policy: policy, certificates: certificates)
                lines += Self.listing(certificates, pinned: policy)
                return lines
            }
            if policy.mode == .reportOnly {
                return writer.verdict(
                    .reportOnlyViolation,
                    "trusted, but PIN MISMATCH (report-only: the connection is allowed and reported).", mismatch)
            }
            return writer.verdict(
                .rejected, "rejected: \(Verdict.Rejection.pinMismatch.sentence).", rejection: .pinMismatch, mismatch)
        }
    }

    /// Writes the verdicts of one trusted path: everything but the outcome, statement and lines is the same.
    private struct VerdictWriter {
        let host: String
        let policy: DomainPolicy?
        let certificates: [PresentedCertificate]
        let pathLength: Int
        let revocation: RevocationCheck?
        let transparency: CTPolicyResult?

        func verdict(
            _ outcome: Verdict.Outcome, _ statement: String, match: PinMatch? = nil,
            rejection: Verdict.Rejection? = nil, _ lines: @escaping @Sendable () -> [String]
        ) -> Verdict {
            let anchor = certificates[pathLength - 1]
            let (pathLength, revocation, transparency) = (self.pathLength, self.revocation, self.transparency)
            return Verdict(
                host: host, outcome: outcome, rejection: rejection, policy: policy, matchedPin: match,
                certificates: certificates, statement: statement,
                explain: {
                    let trustLine =
                        "Trusted by default evaluation: \(pathLength)-certificate path to trust anchor "
                        + "\(anchor.lazyDetails.subject)."
                    return [trustLine] + (revocation.map { ["Revocation: \($0.summary)."] } ?? [])
                        + (transparency.map { ["Certificate Transparency: \($0.summary)."] } ?? []) + lines()
                }
            )
        }
    }

    /// Near misses: pins that match the wrong position, or certificates sent outside the verified path.
    private static func notes(policy: DomainPolicy, certificates: [PresentedCertificate]) -> [String] {
        var lines: [String] = []
        for entry in certificates {
            for pin in policy.pins where entry.details.pinValue(pin.type) == pin.value {
                if !entry.inVerifiedPath {
                    lines.append(
                        "Pin \(pin.value) matches \(entry.details.subject), which the server sent but which is not "
                            + "part of the verified path; it does not count."
                    )
                } else {
                    lines.append(
                        "Pin \(pin.value) matches level \(entry.level) but is restricted to position "
                            + "\(pin.position.rawValue)."
                    )
                }
            }
        }
        return lines
    }

    static func listing(_ certificates: [PresentedCertificate], pinned policy: DomainPolicy?) -> [String] {
        var lines = ["Presented:"]
        for entry in certificates {
            let place = entry.inVerifiedPath ? "[\(entry.level)]" : "[sent, not in path]"
            lines.append("  \(place) \(entry.details.subject)")
            lines.append("      spki-sha256 \(entry.details.spkiPin)  cert-sha256 \(entry.details.certPin)")
        }
        if let policy {
            lines.append("Pinned for \(policy.host) (\(policy.mode.rawValue)):")
            if policy.pins.isEmpty { lines.append("  (none)") }
            for pin in policy.pins {
                let label = pin.label.map { "  " + $0 } ?? ""
                lines.append(
                    "  \(pin.type.rawValue) \(pin.value) \(pin.role.rawValue), \(pin.position.rawValue)\(label)")
            }
        }
        return lines
    }

    /// The revocation evidence judged for the verified path's leaf and its issuer.
    static func revocationCheck(_ evidence: RevocationEvidence, path: [Certificate], at time: Date) -> RevocationCheck {
        switch evidence {
        case .none(let reason):
            return .notChecked(reason)
        case .ocspResponse(let der, let source):
            guard path.count >= 2 else { return .notChecked(.noIssuer) }
            return OCSPResponseJudge.judge(der, leaf: path[0], issuer: path[1], at: time, source: source)
        }
    }
}
