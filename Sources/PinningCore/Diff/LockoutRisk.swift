import Foundation

/// A way a changed domain could lock an app's users out, judged against the chain its server serves.
public struct LockoutRisk: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// No pin of the enforced domain matches the served chain: every connection would be rejected.
        case pinsMatchNothingServed = "pins-match-nothing-served"
        /// No backup pin is outside the served chain: losing that chain (a compromised or rotated key) would leave
        /// nothing to fall back on but an app update.
        case noBackupOutsideServed = "no-backup-outside-served"
        /// Fewer than two pins enforced (lint's `too-few-pins`): one key change locks every installed app out.
        /// Judged without a served chain.
        case tooFewPins = "too-few-pins"
        /// No pin has the backup role (lint's `no-backup-pin`): a forced rotation needs an app update first.
        /// Judged without a served chain.
        case noBackupPin = "no-backup-pin"
    }

    public var host: String
    public var kind: Kind
    /// True when the domain as it was before the change had the same risk: the change did not bring it in.
    public var alsoBefore: Bool
    public var message: String

    public init(host: String, kind: Kind, alsoBefore: Bool, message: String) {
        self.host = host
        self.kind = kind
        self.alsoBefore = alsoBefore
        self.message = message
    }
}

/// The lockout risk of a change: what each added or changed domain risks with the chain its server serves.
public struct LockoutAssessment: Hashable, Sendable {
    public var risks: [LockoutRisk]
    /// Enforced domains the change touches for which no served chain was given, so they could not be judged.
    public var unchecked: [String]

    /// Risks that the change brings in (not those the domain had before).
    public var introduced: [LockoutRisk] { risks.filter { !$0.alsoBefore } }
    public var isRisky: Bool { risks.contains { !$0.alsoBefore } }
}

extension ManifestDiff {
    /// Judges every added or changed domain as it is after the change: its pin set by the linter's own rules
    /// (too few pins, no backup), and against `served` (chains by normalized host,
    /// as the validator judged them: see ``ServedChain``) at `now`. Only enforced domains whose pins have not lapsed
    /// can lock anyone out. "Matches" is the validator's and the lockout guard's rule (``ServedChain/matches(_:)``,
    /// ``ServedChain/keepsBackupOutside(_:)``), not a second one.
    public func lockoutRisks(served: [String: ServedChain], now: Date) -> LockoutAssessment {
        var risks: [LockoutRisk] = []
        var unchecked: [String] = []
        for change in domains {
            guard let domain = change.new, Self.canLockOut(domain, now: now) else { continue }
            let structuralBefore = change.old.map { Self.structuralRisks(of: $0, now: now) } ?? []
            for (kind, message) in Self.structuralRisks(of: domain, now: now) {
                risks.append(
                    LockoutRisk(
                        host: change.host, kind: kind, alsoBefore: structuralBefore.contains { $0.0 == kind },
                        message: message))
            }
            guard let chain = served[change.host] else {
                unchecked.append(change.host)
                continue
            }
            let before = change.old.map { Self.kinds(of: $0, chain: chain, now: now) } ?? []
            for kind in Self.kinds(of: domain, chain: chain, now: now) {
                risks.append(
                    LockoutRisk(
                        host: change.host, kind: kind, alsoBefore: before.contains(kind),
                        message: Self.describe(kind, domain: domain)))
            }
        }
        return LockoutAssessment(risks: risks, unchecked: unchecked)
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

    private static func kinds(of domain: DomainPolicy, chain: ServedChain, now: Date) -> [LockoutRisk.Kind] {
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
        case .tooFewPins, .noBackupPin:
            return ""  // judged by the linter, with its words (structuralRisks)
        }
    }
}
