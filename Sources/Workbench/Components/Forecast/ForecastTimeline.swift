import Foundation
import PinForecast

/// The Forecast view's timeline of the coming months: a column per few days from today, a bar for each
/// certificate of today's path while it is valid, a mark on the day each release's pins lapse, and on the day the
/// next release must ship for a renewal with a new key (the leaf's expiry less the lead time, as the advice says).
enum ForecastTimeline {
    static let labelWidth = 12
    /// Room after the bar for a date, and "(past)".
    static let dateWidth = 18

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func lines(_ outlook: ForecastOutlook, candidateName: String, width: Int) -> [ForecastLine] {
        guard let today = outlook.forecast.today else { return [] }
        let barWidth = max(10, width - labelWidth - dateWidth - 1)
        let scale = Scale(window: outlook.window, columns: barWidth)
        var lines = [
            ForecastLine(
                "Timeline \(DateText.day(outlook.window.lowerBound)) to \(DateText.day(outlook.window.upperBound))"
                    + " (\("│") today)", .label),
            ForecastLine([
                .init(text: String(repeating: " ", count: labelWidth), role: .dim),
                .init(text: months(scale), role: .dim),
            ]),
        ]
        for (level, pins) in today.levels.enumerated() {
            let name = level == 0 ? "leaf" : level == today.levels.count - 1 ? "root" : "CA \(level)"
            lines.append(validity(name, notAfter: pins.notAfter, scale: scale))
        }
        for event in outlook.events {
            guard case .releaseLapses(let release) = event.trigger else { continue }
            let shown = release == outlook.forecast.releases.last?.name ? candidateName : release
            lines.append(mark(shown + " lapses", at: event.date, marker: Marker.lapse, role: .verdictWarning, scale))
        }
        if let advice = outlook.advice.first(where: { $0.scenario == .renewalNewKey }), let shipBy = advice.shipBy {
            lines.append(
                mark(
                    "ship backup", at: shipBy, marker: Marker.shipBy,
                    role: advice.safe ? .verdictAccepted : .verdictRejected, scale))
        }
        return lines
    }

    /// Which column each day falls in.
    struct Scale {
        let window: ClosedRange<Date>
        let columns: Int

        /// The column of `date`: negative before the window, `columns` or more after it.
        func column(_ date: Date) -> Int {
            let span = window.upperBound.timeIntervalSince(window.lowerBound)
            guard span > 0 else { return 0 }
            return Int((date.timeIntervalSince(window.lowerBound) / span * Double(columns)).rounded(.down))
        }

        /// The middle of `column`.
        func date(_ column: Int) -> Date {
            let span = window.upperBound.timeIntervalSince(window.lowerBound)
            return window.lowerBound.addingTimeInterval(span * (Double(column) + 0.5) / Double(columns))
        }
    }

    /// The month names at the columns where each month begins, where they do not overlap.
    private static func months(_ scale: Scale) -> String {
        let calendar = DateText.utc
        var row = Array(repeating: Character(" "), count: scale.columns)
        var free = 0
        var month = calendar.dateInterval(of: .month, for: scale.window.lowerBound)?.end
        // At most thirteen month starts in a year's window; bounded by the window whatever it is.
        while let start = month, start <= scale.window.upperBound {
            let column = scale.column(start)
            let name = monthNames[calendar.component(.month, from: start) - 1]
            if column >= free, column + name.count <= scale.columns {
                for (offset, character) in name.enumerated() { row[column + offset] = character }
                free = column + name.count + 1
            }
            month = calendar.date(byAdding: .month, value: 1, to: start)
        }
        return String(row)
    }

    private static func label(_ text: String) -> ForecastLine.Span {
        .init(text: Frame.pad(text.terminalSafe, toWidth: labelWidth - 1) + "│", role: .label)
    }

    /// A certificate's bar: full while it is valid, its last 30 days marked as expiring, dots after.
    private static func validity(_ name: String, notAfter: Date?, scale: Scale) -> ForecastLine {
        var spans = [label(name)]
        let expiring = notAfter.map { $0.addingTimeInterval(-30 * 86_400) }
        var run = ""
        var runRole = StyleRole.dim
        for column in 0..<scale.columns {
            let day = scale.date(column)
            let (glyph, role): (String, StyleRole)
            if let notAfter, day >= notAfter {
                (glyph, role) = (Marker.idle.symbol, .dim)
            } else if let expiring, day >= expiring {
                (glyph, role) = (Marker.validity.symbol, .certExpiring)
            } else {
                (glyph, role) = (Marker.validity.symbol, .verdictAccepted)
            }
            if role != runRole, !run.isEmpty {
                spans.append(.init(text: run, role: runRole))
                run = ""
            }
            run += glyph
            runRole = role
        }
        spans.append(.init(text: run, role: runRole))
        let until = notAfter.map { " " + DateText.day($0) } ?? " (no expiry)"
        spans.append(
            .init(text: until, role: notAfter.map { $0 <= scale.window.upperBound } == true ? .certExpiring : .dim))
        return ForecastLine(spans)
    }

    /// A row with one mark on `date` (at the first column when it is already past), and the date after the bar.
    private static func mark(
        _ name: String, at date: Date, marker: Marker, role: StyleRole, _ scale: Scale
    )
        -> ForecastLine
    {
        let column = min(max(0, scale.column(date)), scale.columns - 1)
        let before = String(repeating: " ", count: column)
        let after = String(repeating: " ", count: scale.columns - column - 1)
        let past = Self.relativeDay(date, now: scale.window.lowerBound)
        return ForecastLine([
            label(name), .init(text: before, role: .dim), .init(text: marker.symbol, role: role),
            .init(text: after + " " + DateText.day(date) + past, role: role),
        ])
    }

    /// " (past)" for a day before today's, " (today)" for today's, nothing after: days, as the CLI's advice says
    /// them, not instants (a ship-by date earlier today is today, not past).
    static func relativeDay(_ date: Date, now: Date) -> String {
        let (day, today) = (DateText.day(date), DateText.day(now))
        return day < today ? " (past)" : day == today ? " (today)" : ""
    }
}
