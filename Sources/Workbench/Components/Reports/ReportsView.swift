import FieldReports
import Foundation
import PinningCore

/// Draws the Reports view (`V`) over the panes: the field reports `pinbench collect` stored for the selected domain,
/// counted per judgement and release with when they were first and last seen, then the latest reports. Hosts,
/// issuers, versions and the judge's sentences about them come from whoever posted: every one goes through the
/// terminal-safe text.
enum ReportsView {
    /// The view's lines at `width` columns, and the line each of the latest reports starts on.
    static func layout(
        _ state: WorkbenchState, panel: ReportsPanel, width: Int
    ) -> (
        lines: [ForecastLine], reportLines: [Int]
    ) {
        guard let domain = state.selectedDomainPolicy else { return ([ForecastLine("No domain selected.", .dim)], []) }
        let host = domain.normalizedHost
        let feed = state.reports
        switch feed.onDisk {
        case .notRead:
            return ([ForecastLine(Marker.pending.symbol + " reading the report database…", .verdictPending)], [])
        case .missing(let path):
            let hint =
                "No field reports yet (\(path.terminalSafe) does not exist). Collect them with "
                + "`pinbench collect --listen 127.0.0.1:8080 --db \(path.terminalSafe)` and point the apps' "
                + "report-uri at it; they appear here."
            return (ForecastLine.wrapped(hint, width: width, role: .dim), [])
        case .unreadable(let path, let why):
            return (
                ForecastLine.wrapped(
                    Marker.rejected.symbol + " \(path.terminalSafe): \(why.terminalSafe)", width: width, role: .error,
                    indent: 2), []
            )
        case .loaded:
            break
        }
        guard let reports = feed.reports(for: host) else {
            return ([ForecastLine(Marker.pending.symbol + " reading the reports of \(host.terminalSafe)…", .dim)], [])
        }
        guard !reports.groups.isEmpty else {
            return (ForecastLine.wrapped("No field report for \(host.terminalSafe).", width: width, role: .dim), [])
        }
        var lines = groupLines(reports.groups, width: width)
        lines.append(ForecastLine(""))
        lines.append(
            ForecastLine(
                "Latest \(reports.latest.count) (Enter shows a report's chain in the Chain and Certificate panes; "
                    + "l the live chain)", .label))
        var starts: [Int] = []
        for (index, entry) in reports.latest.enumerated() {
            starts.append(lines.count)
            let opened = feed.opened?.host == host && feed.opened?.id == entry.summary.id
            lines += entryLines(entry, selected: index == panel.selected, opened: opened, width: width)
        }
        return (lines, starts)
    }

    static func lines(_ state: WorkbenchState, panel: ReportsPanel, width: Int) -> [ForecastLine] {
        layout(state, panel: panel, width: width).lines
    }

    /// A table: judgement, release, reports received, distinct reports, first and last seen.
    private static func groupLines(_ groups: [HostReports.Group], width: Int) -> [ForecastLine] {
        func cell(_ text: String, _ width: Int) -> String {
            let cut = String(text.prefix(width))
            return cut.padding(toLength: width, withPad: " ", startingAt: 0)
        }
        var lines = [
            ForecastLine(
                "  " + cell("judgement", 14) + cell("release", 10) + cell("reports", 9) + cell("distinct", 9)
                    + cell("first seen", 22) + "last seen", .label)
        ]
        for group in groups {
            let (marker, role) = style(group.judgement)
            let counts = cell(String(group.occurrences), 9) + cell(String(group.distinct), 9)
            lines.append(
                ForecastLine([
                    ForecastLine.Span(text: marker.symbol + " " + cell(group.judgement.rawValue, 14), role: role),
                    ForecastLine.Span(
                        text: cell((group.release ?? "(none)").terminalSafe, 10) + counts
                            + cell(DateText.minute(group.firstSeen), 22) + DateText.minute(group.lastSeen),
                        role: .overlayText),
                ]))
        }
        return lines
    }

    /// A report: its judgement and reason, release and app, how many times, when last; then the judge's sentence.
    private static func entryLines(
        _ entry: HostReports.Entry, selected: Bool, opened: Bool, width: Int
    ) -> [ForecastLine] {
        let report = entry.summary
        let (marker, role) = style(report.judgement)
        let app = [report.appVersion.map { "app " + $0 }, report.platform].compactMap { $0 }.joined(separator: ", ")
        let head =
            (selected ? Marker.selectedRow.symbol : " ") + " " + marker.symbol + " #\(report.id) "
            + "\(report.judgement.rawValue) (\(report.reason.rawValue)) · release \(report.release ?? "(none)")"
            + (app.isEmpty ? "" : " · \(app)")
            + " · \(report.count) received · last \(DateText.minute(report.lastSeen))"
            + (opened ? " · chain shown" : "")
        var lines = ForecastLine.wrapped(head.terminalSafe, width: width, role: selected ? .listSelected : role)
        var notes = [report.detail.terminalSafe]
        if let problem = entry.chainProblem { notes.append("no chain to show: " + problem.terminalSafe) }
        // Under the report's line, four columns in (the wrap drops leading blanks, so they go in a span of their own).
        for note in notes {
            lines += ForecastLine.wrapped(note, width: max(1, width - 4), role: .dim).map {
                ForecastLine([ForecastLine.Span(text: "    ", role: .dim)] + $0.spans)
            }
        }
        return lines
    }

    /// A judgement's marker and colour: interceptions, suspicious certificates and lockouts are alarms.
    static func style(_ kind: ReportJudgement.Kind) -> (Marker, StyleRole) {
        switch kind {
        case .lockout, .interception, .suspicious: return (.rejected, .verdictRejected)
        case .invalidChain: return (.warning, .verdictWarning)
        case .clientFault, .unjudgeable: return (.idle, .overlayText)
        }
    }

    static func draw(into frame: inout Frame, state: WorkbenchState, panel: ReportsPanel) {
        LineOverlay.drawDomainView(into: &frame, state: state, name: "Reports", closeKey: "V", scroll: panel.scroll) {
            lines(state, panel: panel, width: $0)
        }
    }
}
