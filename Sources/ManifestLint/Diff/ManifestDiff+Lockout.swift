import Foundation
import PinningCore

extension ManifestDiff {
    /// Judges the change from `old` to `new` (the manifests this diff was made from): every added or changed domain
    /// by its pin set alone (the linter's too-few-pins and no-backup-pin), and every served chain in `served` (by
    /// normalized host) under the policy that governs that host on each side (``PinManifest/policy(for:)``: the
    /// exact domain, or a parent with `includeSubdomains`). A served chain is judged when the change touches its
    /// policy, or when the trust anchors changed (then every policy can be locked out). A chain that fails default
    /// trust locks out every mode; a pin risk needs enforced pins that have not lapsed. "Matches" is the validator's
    /// and the lockout guard's
    /// rule (``ServedChain/matches(_:)``, ``ServedChain/keepsBackupOutside(_:)``), not a second one.
    public func lockoutRisks(
        from old: PinManifest, to new: PinManifest, served: [String: ServedEvidence], now: Date
    ) -> LockoutAssessment {
        let anchorsChanged = !trustAnchorsAdded.isEmpty || !trustAnchorsRemoved.isEmpty
        let touched = Set(domains.filter { $0.new != nil }.map(\.host))
        var judged: [ServedJudging] = []
        for (servedHost, evidence) in served.sorted(by: { $0.key < $1.key }) {
            guard let policy = new.policy(for: servedHost),
                anchorsChanged || touched.contains(policy.normalizedHost)
            else { continue }
            judged.append(
                ServedJudging(
                    servedHost: DomainPolicy.normalize(servedHost), evidence: evidence,
                    before: old.policy(for: servedHost), after: policy))
        }
        return assess(judged, now: now)
    }

    /// Judges every added or changed domain as it is after the change: its pin set by the linter's own rules, and
    /// against `served` (chains by the normalized host of the changed domain, as the validator judged them: see
    /// ``ServedChain``) at `now`, with the trust anchors taken as unchanged.
    public func lockoutRisks(served: [String: ServedChain], now: Date) -> LockoutAssessment {
        let judged = domains.compactMap { change -> ServedJudging? in
            guard let domain = change.new, let chain = served[change.host] else { return nil }
            let judgement = ServedEvidence.Judgement(chain: chain, trustFailure: nil)
            return ServedJudging(
                servedHost: change.host, evidence: ServedEvidence(judgement), before: change.old, after: domain)
        }
        return assess(judged, now: now)
    }

    /// A served chain with the policies that govern its host before and after the change.
    private struct ServedJudging {
        let servedHost: String
        let evidence: ServedEvidence
        let before: DomainPolicy?
        let after: DomainPolicy
    }

    /// The risks of each changed domain (its pin set's, then its served chains'), then those of the served chains
    /// of domains the change left alone (judged because the trust anchors changed).
    private func assess(_ judged: [ServedJudging], now: Date) -> LockoutAssessment {
        var risks: [LockoutRisk] = []
        var unchecked: [String] = []
        let byPolicy = Dictionary(grouping: judged, by: \.after.normalizedHost)
        for change in domains {
            guard let domain = change.new else { continue }
            let served = byPolicy[change.host] ?? []
            if Self.canLockOut(domain, now: now) {
                let structuralBefore = change.old.map { Self.structuralRisks(of: $0, now: now) } ?? []
                for (kind, message) in Self.structuralRisks(of: domain, now: now) {
                    risks.append(
                        LockoutRisk(
                            host: change.host, kind: kind, alsoBefore: structuralBefore.contains { $0.0 == kind },
                            message: message))
                }
                if served.isEmpty { unchecked.append(change.host) }
            }
            // A chain that fails default trust is refused whatever the pins say: judged for every mode.
            for entry in served { risks += servedRisks(entry, now: now) }
        }
        let changedHosts = Set(domains.map(\.host))
        for entry in judged where !changedHosts.contains(entry.after.normalizedHost) {
            risks += servedRisks(entry, now: now)
        }
        return LockoutAssessment(risks: risks, unchecked: unchecked)
    }

    /// The risks one served chain shows for the policy that governs its host after the change; each marked
    /// `alsoBefore` when the policy before the change, with the old trust anchors, had it too. A trust failure is
    /// a lockout in every mode (report-only, lapsed or pinless too: the connection fails before pins are looked
    /// at); the pin risks only where enforced pins can lock anyone out.
    private func servedRisks(_ entry: ServedJudging, now: Date) -> [LockoutRisk] {
        let domain = entry.after
        let before = entry.evidence.before
        let after = entry.evidence.after
        var risks: [LockoutRisk] = []
        func add(_ kind: LockoutRisk.Kind, alsoBefore: Bool, _ message: String, dropped: [String]? = nil) {
            let trustKind = kind == .servedChainUntrusted || kind == .trustAnchorDropped
            risks.append(
                LockoutRisk(
                    host: domain.normalizedHost, kind: kind, alsoBefore: alsoBefore, message: message,
                    servedHost: entry.servedHost, trustFailure: trustKind ? after.trustFailure : nil,
                    trustAnchorsDropped: dropped))
        }
        if let failure = after.trustFailure {
            let reason = failure.sentence
            if before.trustFailure == nil && !trustAnchorsRemoved.isEmpty {
                let anchors = trustAnchorsRemoved.joined(separator: ", ")
                add(
                    .trustAnchorDropped, alsoBefore: false,
                    "the served chain is trusted with the old trust anchors but not without \(anchors), which the "
                        + "change drops (\(reason)): every connection would be rejected.",
                    dropped: trustAnchorsRemoved)
            } else {
                add(
                    .servedChainUntrusted, alsoBefore: before.trustFailure != nil,
                    "the served chain fails default trust (\(reason)): every connection is rejected before pins "
                        + "are checked (its pins are compared with the chain as sent).")
            }
        }
        let kindsBefore = entry.before.map { Self.pinKinds(of: $0, chain: before.chain, now: now) } ?? []
        for kind in Self.pinKinds(of: domain, chain: after.chain, now: now) {
            add(kind, alsoBefore: kindsBefore.contains(kind), Self.describe(kind, domain: domain))
        }
        return risks
    }

    /// The risks a domain's pin set has whatever its server serves, decided by the linter's own rules.
    private static func structuralRisks(of domain: DomainPolicy, now: Date) -> [(LockoutRisk.Kind, String)] {
        guard canLockOut(domain, now: now) else { return [] }
        return ManifestLinter().lint(domain, now: now, served: nil).compactMap { finding in
            switch finding.rule {
            case .tooFewPins: return (.tooFewPins, finding.message)
            case .noBackupPin: return (.noBackupPin, finding.message)
            default: return nil
            }
        }
    }

    private static func canLockOut(_ domain: DomainPolicy, now: Date) -> Bool {
        domain.mode == .enforce && !domain.hasLapsed(at: now) && !domain.pins.isEmpty
    }

    private static func pinKinds(of domain: DomainPolicy, chain: ServedChain, now: Date) -> [LockoutRisk.Kind] {
        guard canLockOut(domain, now: now) else { return [] }
        var kinds: [LockoutRisk.Kind] = []
        if !domain.pins.contains(where: chain.matches) { kinds.append(.pinsMatchNothingServed) }
        if !chain.keepsBackupOutside(domain.pins) { kinds.append(.noBackupOutsideServed) }
        return kinds
    }

    private static func describe(_ kind: LockoutRisk.Kind, domain: DomainPolicy) -> String {
        switch kind {
        case .pinsMatchNothingServed:
            return "none of its \(domain.pins.count) enforced pins matches the chain the server serves: every "
                + "connection would be rejected."
        case .noBackupOutsideServed:
            return "no backup pin is outside the chain the server serves: losing that key or chain locks users out "
                + "until an app update."
        case .tooFewPins, .noBackupPin, .servedChainUntrusted, .trustAnchorDropped:
            return ""  // judged with their own words (structuralRisks, servedRisks)
        }
    }
}
