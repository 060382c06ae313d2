import ArgumentParser

/// The range check every number given on the command line passes before a command runs: finite (no `nan`, no
/// `inf`) and within the range the command can use, or bad input (exit 2) naming the option and its range. A value
/// that passes converts to `Int` milliseconds, a `Duration` or a file's number without trapping.
///
/// A numeric option is declared with `parsing: .unconditional`, so that `-1` or `-inf` reaches this check instead of
/// being read as an option (which the parser reports as a missing value).
enum OptionRange {
    /// `value`, given to `option`, must be finite and within `range` (`unit` follows the bounds in the message).
    static func check(_ value: Double, _ range: ClosedRange<Double>, option: String, unit: String) throws {
        guard value.isFinite, range.contains(value) else {
            throw ValidationError(
                "\(option) \(value) is out of range: give \(number(range.lowerBound)) to \(number(range.upperBound)) "
                    + unit + ".")
        }
    }

    /// `value`, given to `option`, must be within `range`.
    static func check(_ value: Int, _ range: ClosedRange<Int>, option: String, unit: String) throws {
        guard range.contains(value) else {
            throw ValidationError(
                "\(option) \(value) is out of range: give \(range.lowerBound) to \(range.upperBound) \(unit).")
        }
    }

    /// A bound as a person writes it: `300`, not `300.0`.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
