import Foundation

/// A calendar date (`2027-06-30`) in UTC, as used by the manifest's `expires`.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The years a day is read from: those of ``Timestamp/representable``.
    public static let years = 1_600...9_999

    /// Parses `YYYY-MM-DD` in ``years``; nil for anything else or an impossible date.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            Self.years.contains(year), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        // By arithmetic, not the calendar: a manifest of 10,000 domains with an expiry read one a domain, and
        // asking the calendar cost more than reading the rest of the domain. Tests hold it to the calendar.
        guard day <= Timestamp.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    public init(containing date: Date) {
        let parts = Self.calendar.dateComponents([.year, .month, .day], from: date)
        year = parts.year!
        month = parts.month!
        day = parts.day!
    }

    /// Midnight UTC at the start of this day.
    public var startDate: Date? {
        Self.calendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    /// Midnight UTC at the end of this day: the first instant after it.
    public var endDate: Date? { startDate.map { $0.addingTimeInterval(86_400) } }

    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}

extension CalendarDay {
    /// The day after this one. TrustKit's `TSKExpirationDate` and Android's `expiration` name the first day
    /// *without* pins (both parse `yyyy-MM-dd` as midnight at its start), while the manifest's `expires` names the
    /// last day *with* them: exports write this day, and imports read that day's ``previous``.
    package var next: CalendarDay {
        guard let end = endDate else { return self }
        return CalendarDay(containing: end)
    }

    /// The day before this one: what an imported TrustKit or Android expiry date means as the manifest's `expires`.
    package var previous: CalendarDay {
        guard let start = startDate else { return self }
        return CalendarDay(containing: start.addingTimeInterval(-1))
    }
}
