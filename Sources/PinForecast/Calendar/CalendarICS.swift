import Foundation
import PinningCore

/// The dates a release manager acts on, as an iCalendar file (RFC 5545): for each domain the day a release must
/// ship by (the first lockout less the lead time), each release's first lockout, the expiry of today's certificate,
/// and the hierarchy's events (once each, whichever domains they touch). All-day events; every text from a manifest
/// or certificate escaped as TEXT (`\`, `;`, `,`, newline) with other control characters dropped; lines folded at
/// 75 octets between whole characters; CRLF line ends.
public struct CalendarICS: Sendable {
    /// One all-day event.
    public struct Entry: Hashable, Sendable {
        public let day: CalendarDay
        /// Unique within the file and stable between runs of the same forecast.
        public let uid: String
        public let summary: String
        public let description: String
    }

    public private(set) var entries: [Entry] = []
    private var seenEvents: Set<HierarchyEvent> = []
    private let leadTimeDays: Int

    public init(leadTimeDays: Int) {
        self.leadTimeDays = leadTimeDays
    }

    /// Adds the dates of one domain's calendar.
    public mutating func add(_ calendar: DomainCalendar) {
        let host = calendar.host
        var firstLockout: Renewal?
        for (index, release) in calendar.releases.enumerated() {
            guard case .locksOut(let number, _, _) = release.verdict,
                let renewal = calendar.renewals.first(where: { $0.number == number })
            else { continue }
            if firstLockout.map({ renewal.due < $0.due }) ?? true { firstLockout = renewal }
            entries.append(
                Entry(
                    day: renewal.due, uid: "lockout-\(host)-r\(index)-\(renewal.due)",
                    summary: "\(host): renewal #\(number) may lock out \(release.release)",
                    description: CalendarText.sentence(release, calendar)))
        }
        if let renewal = firstLockout, let day = renewal.due.adding(days: -leadTimeDays) {
            entries.append(
                Entry(
                    day: day, uid: "ship-by-\(host)-\(day)",
                    summary: "\(host): last day to ship pins that survive renewal #\(renewal.number)",
                    description: "Renewal #\(renewal.number) is due \(renewal.due) and may lock out a release; "
                        + "a release carrying pins for every issuer it may come from (the forecast's advice) must "
                        + "ship \(leadTimeDays) days before."))
        }
        if let first = calendar.renewals.first {
            entries.append(
                Entry(
                    day: first.deadline, uid: "expires-\(host)-\(first.deadline)",
                    summary: "\(host): today's certificate expires",
                    description: "Renew from \(first.due); the renewed certificate must be served by \(first.deadline)."
                ))
        }
        for event in calendar.events where seenEvents.insert(event).inserted {
            entries.append(
                Entry(
                    day: event.day, uid: "ca-\(event.kind.rawValue)-\(event.label)-\(event.day)",
                    summary: CalendarText.event(event), description: "As the CA catalog dates it."))
        }
    }

    /// The file's text, stamped `stamp` (DTSTAMP: when it was written).
    public func text(stamp: Date) -> String {
        let stampText = Self.stamp(stamp)
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//PinBench//Renewal calendar//EN", "CALSCALE:GREGORIAN",
        ]
        for entry in entries.sorted(by: { ($0.day, $0.uid) < ($1.day, $1.uid) }) {
            let end = entry.day.adding(days: 1) ?? entry.day
            lines += [
                "BEGIN:VEVENT",
                "UID:" + Self.escape(entry.uid + "@pinbench"),
                "DTSTAMP:" + stampText,
                "DTSTART;VALUE=DATE:" + Self.date(entry.day),
                "DTEND;VALUE=DATE:" + Self.date(end),
                "SUMMARY:" + Self.escape(entry.summary),
                "DESCRIPTION:" + Self.escape(entry.description),
                "TRANSP:TRANSPARENT",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.fold).joined()
    }

    /// RFC 5545 3.3.11 TEXT: backslash, semicolon, comma and newline escaped; other control characters (which TEXT
    /// may not hold) dropped.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case ";": escaped += "\\;"
            case ",": escaped += "\\,"
            case "\n": escaped += "\\n"
            case "\t": escaped.unicodeScalars.append(scalar)
            default:
                if scalar.properties.generalCategory == .control || scalar.value == 0x7F { continue }
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// RFC 5545 3.1: a content line longer than 75 octets goes on in lines that start with a space, split between
    /// Unicode scalars (never inside one's UTF-8 sequence); every line ends in CRLF. Not between characters: one
    /// character (a letter with forty combining marks) can be longer than a line.
    public static func fold(_ line: String) -> String {
        var result = String.UnicodeScalarView()
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if octets + size > 75 {
                result.append(contentsOf: "\r\n ".unicodeScalars)
                octets = 1
            }
            result.append(scalar)
            octets += size
        }
        return String(result) + "\r\n"
    }

    private static func date(_ day: CalendarDay) -> String {
        String(format: "%04d%02d%02d", day.year, day.month, day.day)
    }

    private static func stamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}

/// A forecast sink that hands every domain on to `inner` and keeps the dates of its calendar for the iCalendar
/// file (`--ics`): the fleet is still streamed, and only the dates are held.
public struct CalendarICSSink<Inner: ForecastSink>: ForecastSink {
    public var inner: Inner
    public private(set) var ics: CalendarICS
    /// False when no file is asked for: the domains are only handed on.
    private let collects: Bool

    public init(_ inner: Inner, leadTimeDays: Int, collects: Bool = true) {
        self.inner = inner
        self.collects = collects
        ics = CalendarICS(leadTimeDays: leadTimeDays)
    }

    public mutating func begin(_ head: ForecastHead) throws { try inner.begin(head) }

    public mutating func domain(_ outlook: DomainOutlook) throws {
        if collects, let calendar = outlook.calendar { ics.add(calendar) }
        try inner.domain(outlook)
    }

    public mutating func end(unreachable: [String], gate: ForecastGate) throws {
        try inner.end(unreachable: unreachable, gate: gate)
    }
}
