import Foundation

/// ISO 8601 timestamps in UTC with whole seconds: the manifest's only time format.
///
/// The format styles are values built once: a manifest of 10,000 domains holds tens of thousands of timestamps, and
/// building a formatter per timestamp made loading it take seconds.
public enum Timestamp {
    private static let wholeSeconds = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
    private static let fractionalSeconds = Date.ISO8601FormatStyle(
        includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC")!)

    public static func format(_ date: Date) -> String {
        wholeSeconds.format(date)
    }

    /// Parses `2027-01-10T00:00:00Z`, with or without fractional seconds, or a bare `2027-01-10` (midnight UTC).
    /// An impossible date such as `2026-02-29T00:00:00Z` is refused, not moved to the next valid day.
    /// A time outside ``representable`` is refused too.
    public static func parse(_ text: String) -> Date? {
        guard let date = parseAnyYear(text), representable.contains(date) else { return nil }
        return date
    }

    /// The times pinbench reads and judges at: up to the last second of 9999, the last a certificate can state (RFC
    /// 5280 GeneralizedTime; the certificate library traps on a later one), from the year 1600, where the calendars
    /// of its readers agree (earlier, Foundation reads a date in the Julian calendar).
    public static let representable =
        Date(timeIntervalSince1970: -11_676_096_000)...Date(timeIntervalSince1970: 253_402_300_799)

    private static func parseAnyYear(_ text: String) -> Date? {
        switch readCanonical(text) {
        case .date(let date): return date
        case .impossible: return nil
        case .otherForm: break
        }
        if let date = try? wholeSeconds.parse(text) { return date }
        if let date = try? fractionalSeconds.parse(text) { return date }
        return CalendarDay(text)?.startDate
    }

    enum CanonicalReading: Equatable {
        case date(Date)
        /// The canonical shape with a field out of range: a month 13, a 29 February in a common year, a minute 60.
        case impossible
        case otherForm
    }

    /// Reads the exact form pinbench writes (`YYYY-MM-DDTHH:MM:SSZ`, from the year 1600) by arithmetic; other forms
    /// and earlier years (which Foundation reads in the Julian calendar) are left to the format styles. Loading a
    /// large manifest spent a sixth of its time in the format style, which also moved impossible dates to the next
    /// day; tests check this reader against it.
    static func readCanonical(_ text: String) -> CanonicalReading {
        let reading = text.utf8.withContiguousStorageIfAvailable { bytes -> CanonicalReading in
            guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                bytes[19] == UInt8(ascii: "Z")
            else { return .otherForm }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    let digit = Int(bytes[index]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
                let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
                year >= 1600
            else { return .otherForm }
            guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
                hour < 24, minute < 60, second < 60
            else { return .impossible }
            let days = daysSinceEpoch(year: year, month: month, day: day)
            return .date(Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second)))
        }
        return reading ?? .otherForm
    }

    /// The days of `month` (1 to 12) in the Gregorian `year`.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a Gregorian date from the year 1600 (counted in 400-year eras that start on 1 March,
    /// so the leap day ends a year).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = shiftedYear / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
