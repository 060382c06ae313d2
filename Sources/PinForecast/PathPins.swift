import Foundation
import PinningCore

/// The pins a verified path would offer, level by level (0 is the leaf): all a pin rule can see of a path. A
/// certificate or key nobody has seen yet offers no value, so no pin of any release can hold it.
public struct PathPins: Hashable, Sendable {
    /// One certificate of the path.
    public struct Level: Hashable, Sendable {
        /// The SPKI pin of its key, nil for a new key.
        public var spki: String?
        /// The pin of the certificate itself, nil for a new certificate.
        public var certificate: String?
        /// When the certificate expires, nil for one not issued yet: by then it must have been replaced.
        public var notAfter: Date?

        public init(spki: String?, certificate: String?, notAfter: Date? = nil) {
            self.spki = spki
            self.certificate = certificate
            self.notAfter = notAfter
        }

        /// A certificate nobody has seen, with a key nobody has seen.
        public static let unseen = Level(spki: nil, certificate: nil)

        /// The same key in a new certificate.
        public var reissued: Level { Level(spki: spki, certificate: nil) }

        func value(_ type: PinType) -> String? {
            switch type {
            case .spkiSHA256: return spki
            case .certSHA256: return certificate
            }
        }
    }

    public var levels: [Level]

    public init(levels: [Level]) {
        self.levels = levels
    }

    /// The pins of a verdict's verified path, leaf first.
    public init(verifiedPathOf verdict: Verdict) {
        levels = verdict.certificates.filter(\.inVerifiedPath).sorted { $0.level < $1.level }.map {
            Level(
                spki: $0.pinValue(.spkiSHA256), certificate: $0.pinValue(.certSHA256), notAfter: $0.notAfter)
        }
    }

    /// What the pins of `policy` decide on this path at `time`: the validator's own rule (``PinRule``).
    public func judge(_ policy: DomainPolicy, at time: Date) -> PinRule.Outcome {
        PinRule.judge(policy, pathLength: levels.count, at: time) { level, type in levels[level].value(type) }
    }
}
