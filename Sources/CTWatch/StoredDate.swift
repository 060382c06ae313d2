import Foundation

/// How the state file writes a time: RFC 3339 in UTC, to the second, so people can read it and files compare.
enum StoredDate {
    static func text(_ date: Date) -> String {
        formatter().string(from: date)
    }

    static func date(_ text: String) -> Date? {
        formatter().date(from: text)
    }

    /// A formatter per use: `ISO8601DateFormatter` is not `Sendable`, and the watch writes a few dates a round.
    private static func formatter() -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter
    }
}
