import Foundation

/// Dates in `--json` as Foundation's `.iso8601` strategy writes them (`2027-01-10T00:00:00Z`: UTC, whole seconds,
/// rounded down), by arithmetic.
///
/// Foundation's strategy builds a Gregorian calendar in the machine's time zone for every date, and the time zone
/// makes it read ICU's data (0.6 MiB of a 500-host `check`'s peak). Dates from the year 1600 to 9999, all a
/// certificate or a manifest states, are written here; others by Foundation, so the text never differs.
enum JSONDate {
    static func string(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970
        // -11_676_096_000 is 1600-01-01T00:00:00Z, 253_402_300_800 is 10000-01-01T00:00:00Z.
        guard interval.isFinite, interval >= -11_676_096_000, interval < 253_402_300_800 else {
            return date.formatted(.iso8601)
        }
        let seconds = Int(interval.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(daysSinceEpoch: days)
        var bytes = [UInt8]()
        bytes.reserveCapacity(20)
        func append(_ value: Int, digits: Int) {
            var divisor = 1
            for _ in 1..<digits { divisor *= 10 }
            while divisor > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10))
                divisor /= 10
            }
        }
        append(year, digits: 4)
        bytes.append(UInt8(ascii: "-"))
        append(month, digits: 2)
        bytes.append(UInt8(ascii: "-"))
        append(day, digits: 2)
        bytes.append(UInt8(ascii: "T"))
        append(secondOfDay / 3_600, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay / 60 % 60, digits: 2)
        bytes.append(UInt8(ascii: ":"))
        append(secondOfDay % 60, digits: 2)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The Gregorian date `days` after 1970-01-01 (Howard Hinnant's civil_from_days, in 400-year eras that start on
    /// 1 March); `days` is at least that of 1600-01-01, so every division below is of a non-negative number.
    private static func civil(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
