import Foundation

/// Dates as the workbench shows them: UTC, day precision, no locale surprises in golden screens.
enum DateText {
    /// The Gregorian calendar in UTC, made once: making one costs more than the rest of a line of dates.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    static func day(_ date: Date) -> String {
        let c = utc.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    /// `HH:MM:SS` in UTC (the message log's times).
    static func time(_ date: Date) -> String {
        let c = utc.dateComponents([.hour, .minute, .second], from: date)
        return String(format: "%02d:%02d:%02d", c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }
}

extension DateText {
    /// `2026-11-22 10:04 UTC`: when a pin was added, to the minute.
    static func minute(_ date: Date) -> String {
        let c = utc.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d UTC", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
    }
}
