import Foundation
import PinningCore

/// What one release decides for one domain under one scenario.
public enum ForecastCell: Hashable, Sendable {
    /// A pin of the release holds the path: `role` pin at `level`.
    case accepted(role: PinRole, level: Int)
    /// The release enforces pins and none holds the path: its users cannot connect until they update.
    case lockedOut
    /// The release's pins for the domain have expired: default trust only.
    case lapsed
    /// No pin holds the path, but the release only reports: the connection goes through.
    case reportOnly
    /// The release pins nothing for this host.
    case notPinned
    /// The chain itself is refused before pins are looked at (untrusted, expired, wrong host…): a real chain only.
    case refused(Verdict.Rejection)

    /// Whether the release's users can connect.
    public var connects: Bool {
        switch self {
        case .accepted, .lapsed, .reportOnly, .notPinned: return true
        case .lockedOut, .refused: return false
        }
    }

    /// The cell for a release whose pins for the domain are `policy` (nil: none) on a path the scenario produces.
    package static func judging(_ policy: DomainPolicy?, path: PathPins, at time: Date) -> ForecastCell {
        guard let policy else { return .notPinned }
        switch path.judge(policy, at: time) {
        case .lapsed: return .lapsed
        case .noPins: return .notPinned
        case .matched(let pin, let level): return .accepted(role: pin.role, level: level)
        case .mismatch: return policy.mode == .reportOnly ? .reportOnly : .lockedOut
        }
    }

    /// The cell for a verdict of the whole validator on a real chain.
    public init(_ verdict: Verdict) {
        switch verdict.outcome {
        case .accepted:
            let match = verdict.matchedPin
            self = .accepted(role: match?.pin.role ?? .active, level: match?.level ?? 0)
        case .notPinned: self = .notPinned
        case .pinsLapsed: self = .lapsed
        case .reportOnlyViolation: self = .reportOnly
        case .rejected:
            self = verdict.rejection == .pinMismatch ? .lockedOut : .refused(verdict.rejection ?? .untrustedChain)
        }
    }
}
