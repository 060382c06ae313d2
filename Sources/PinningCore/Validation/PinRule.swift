import Foundation

/// How a domain's pins judge a verified path: the rule the validator applies to a real chain and the lockout
/// forecast applies to a path it synthesises, so that both always agree on what a pin accepts.
public enum PinRule {
    /// What the pins say about a path, before the domain's mode turns a mismatch into a rejection or a report.
    public enum Outcome: Hashable, Sendable {
        /// The domain's pins expired (its `expires` day has passed): they are not checked, default trust decides.
        case lapsed
        /// The domain lists no pins.
        case noPins
        /// `pin` holds the certificate at `level` (0 is the leaf): the first match, leaf first, pins in order.
        case matched(pin: Pin, level: Int)
        /// No pin holds any certificate of the path.
        case mismatch
    }

    /// Judges a verified path of `pathLength` certificates, leaf first. `pinValue(level, type)` is the pin value of
    /// the certificate at `level`, or nil when no pin can hold it (a certificate or key nobody has seen yet).
    public static func judge(
        _ policy: DomainPolicy, pathLength: Int, at time: Date, pinValue: (Int, PinType) -> String?
    ) -> Outcome {
        if policy.hasLapsed(at: time) { return .lapsed }
        if policy.pins.isEmpty { return .noPins }
        for level in 0..<pathLength {
            for pin in policy.pins where pin.position.admits(level: level) && pinValue(level, pin.type) == pin.value {
                return .matched(pin: pin, level: level)
            }
        }
        return .mismatch
    }
}
