import Foundation
import PinningCore

/// What the next release must carry so that a scenario does not lock its users out, and by when it must ship.
public struct ForecastAdvice: Hashable, Sendable {
    /// A pin of today's path that would still hold the scenario's path.
    public struct Candidate: Hashable, Sendable, Encodable {
        /// 0 is the leaf; the last level is the root.
        public let level: Int
        public let type: PinType
        public let value: String
    }

    public let scenario: Scenario
    /// Whether the candidate release (the working manifest) already holds the scenario.
    public let safe: Bool
    /// The pins of today's path that would hold it, key pins first, leaf first: any one of them is enough.
    public let candidates: [Candidate]
    /// The scenario replaces the leaf key: a backup key generated now (`pinbench backup-key`) and pinned lets the
    /// renewal use it.
    public let backupKeyHelps: Bool
    /// The last day the release must ship: the expiry that forces the scenario, less the lead time; nil when no
    /// certificate of today's path forces it.
    public let shipBy: Date?

    /// Advice for every synthesised scenario `today` allows, for the domain `candidate` pins in the next release.
    public static func advise(
        candidate: DomainPolicy?, today: PathPins, at time: Date, leadTimeDays: Int
    ) -> [ForecastAdvice] {
        Scenario.synthesised.compactMap { scenario in
            guard let path = ScenarioSynthesis.path(scenario, from: today) else { return nil }
            let safe = candidate.map { ForecastCell.judging($0, path: path, at: time).connects } ?? true
            return ForecastAdvice(
                scenario: scenario, safe: safe, candidates: candidates(on: path),
                backupKeyHelps: path.levels.first?.spki == nil,
                shipBy: forcedBy(scenario, today: today).map { $0.addingTimeInterval(-Double(leadTimeDays) * 86_400) })
        }
    }

    private static func candidates(on path: PathPins) -> [Candidate] {
        let keys = path.levels.enumerated().compactMap { level, pins in
            pins.spki.map { Candidate(level: level, type: .spkiSHA256, value: $0) }
        }
        let certificates = path.levels.enumerated().compactMap { level, pins in
            pins.certificate.map { Candidate(level: level, type: .certSHA256, value: $0) }
        }
        return keys + certificates
    }

    /// The expiry that makes the scenario happen at the latest: the leaf's for a renewal, the issuing CA's for a
    /// sibling issuer, the earliest CA's below the root for a new path to it, the root's for a new CA.
    private static func forcedBy(_ scenario: Scenario, today: PathPins) -> Date? {
        let levels = today.levels
        switch scenario {
        case .current, .planned: return nil
        case .renewalSameKey, .renewalNewKey: return levels.first?.notAfter
        case .issuerRotation: return levels.count > 2 ? levels[1].notAfter : nil
        case .rootOnly: return levels.dropFirst().dropLast().compactMap(\.notAfter).min()
        case .caSwitch: return levels.last?.notAfter
        }
    }
}
