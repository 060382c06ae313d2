import PinningCore

/// The distinct pin sets a fleet's releases ship, each numbered once: a policy's pins, mode and expiry, which is all
/// the pin rule reads of it. Number 0 is "no policy". Hosts of one release usually share one pins array (the reader
/// shares repeated pins), so the last set numbered is checked first by its storage before any hashing.
struct PinSetNumbering: Sendable {
    private struct Key: Hashable {
        let pins: [Pin]
        let mode: EnforcementMode
        let expires: CalendarDay?
    }

    private var numbers: [Key: UInt32] = [:]
    /// The first policy numbered with each set, by number - 1.
    private var policies: [DomainPolicy] = []
    /// The set numbered last, with its pins array held: while it is held its storage cannot be freed and reused by
    /// another array, so the same storage means the same pins.
    private var last: (pins: [Pin], mode: EnforcementMode, expires: CalendarDay?, number: UInt32)?

    /// The number of `policy`'s pin set, numbering it if it is new.
    mutating func number(_ policy: DomainPolicy?) -> UInt32 {
        guard let policy else { return 0 }
        if let last, last.mode == policy.mode, last.expires == policy.expires, Self.sameStorage(last.pins, policy.pins)
        {
            return last.number
        }
        let key = Key(pins: policy.pins, mode: policy.mode, expires: policy.expires)
        let number: UInt32
        if let known = numbers[key] {
            number = known
        } else {
            precondition(policies.count < Int(UInt32.max - 1), "more pin sets than a ledger numbers")
            policies.append(policy)
            number = UInt32(policies.count)
            numbers[key] = number
        }
        last = (policy.pins, policy.mode, policy.expires, number)
        return number
    }

    /// True when `a` and `b` are one array's storage (then equal without comparing a pin).
    private static func sameStorage(_ a: [Pin], _ b: [Pin]) -> Bool {
        guard a.count == b.count, !a.isEmpty else { return a.isEmpty && b.isEmpty }
        return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }

    /// The first policy numbered `number`, or nil for 0.
    func policy(_ number: UInt32) -> DomainPolicy? {
        number == 0 ? nil : policies[Int(number) - 1]
    }
}
