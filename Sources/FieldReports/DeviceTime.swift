import Foundation
import PinningCore

/// A report's `date-time` as the device wrote it: an instant, or for TrustKit Android a local time whose zone is
/// unknown. TrustKit Android formats the time with `android.text.format.DateFormat` and the pattern
/// `yyyy-MM-dd'T'HH:mm:ssZ`; that class supports no `Z` (only `acdEHhLKkLMmsyz`), so it writes the device's local
/// wall-clock time followed by a literal `Z`. Read as UTC, a device east or west of Greenwich would be judged hours
/// off: such a time stands for every instant the world's zones allow (UTC−12 to UTC+14).
public struct DeviceTime: Hashable, Sendable {
    /// The time as written, read as UTC (the offset applied when the text carries one).
    public let written: Date
    /// False for a local time whose zone the report does not say.
    public let zoneKnown: Bool

    /// The farthest a local time is ahead of UTC (UTC+14, Kiribati) and behind it (UTC−12).
    public static let aheadOfUTC: TimeInterval = 14 * 3_600
    public static let behindUTC: TimeInterval = 12 * 3_600

    public init(written: Date, zoneKnown: Bool) {
        self.written = written
        self.zoneKnown = zoneKnown
    }

    /// Every instant the written time can stand for: one, or a local time's 26 hours.
    public var instants: ClosedRange<Date> {
        guard !zoneKnown else { return written...written }
        return written.addingTimeInterval(-Self.aheadOfUTC)...written.addingTimeInterval(Self.behindUTC)
    }

    /// Reads RFC 3339 (`Z` or an offset `+01:00`, also `+0100` as Java's `Z` pattern writes it, fractional seconds
    /// allowed). With `localWhenZ` (TrustKit Android), a trailing `Z` means "zone unknown", not UTC. Nil when the text
    /// is not such a time or the offset is beyond ±14:00.
    public static func read(_ text: String, localWhenZ: Bool) -> DeviceTime? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 40 else { return nil }
        // The offset: `Z`, `±HH:MM` or `±HHMM` at the end.
        var offset: TimeInterval = 0
        var zoneKnown = true
        let body: ArraySlice<UInt8>
        if bytes.last == UInt8(ascii: "Z") {
            body = bytes.dropLast()
            zoneKnown = !localWhenZ
        } else {
            let colon = bytes[bytes.count - 3] == UInt8(ascii: ":")
            let length = colon ? 6 : 5
            let sign = bytes[bytes.count - length]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
            let digits = bytes[(bytes.count - length + 1)...].filter { $0 != UInt8(ascii: ":") }
            guard digits.count == 4, digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
            let values = digits.map { Int($0) - 48 }
            let hours = values[0] * 10 + values[1]
            let minutes = values[2] * 10 + values[3]
            guard minutes < 60, hours * 60 + minutes <= 14 * 60 else { return nil }
            offset = TimeInterval((hours * 60 + minutes) * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
            body = bytes.dropLast(length)
        }
        // The rest is `YYYY-MM-DDTHH:MM:SS` with optional fractional seconds (nothing else: the format styles below
        // would take a second offset), read as UTC by the manifest's one timestamp reader.
        let fraction = body.dropFirst(19)
        guard body.count >= 19,
            fraction.isEmpty
                || (fraction.first == UInt8(ascii: ".") && (2...10).contains(fraction.count)
                    && fraction.dropFirst().allSatisfy({ (48...57).contains($0) }))
        else { return nil }
        guard let date = Timestamp.parse(String(decoding: body, as: UTF8.self) + "Z") else { return nil }
        return DeviceTime(written: date.addingTimeInterval(-offset), zoneKnown: zoneKnown)
    }
}
