import CommandText
import Foundation
import PinningCore

/// `pinbench forecast` as a reader sees it: per domain the release-by-scenario matrix, the share locked out per
/// scenario, the first unavoidable lockout, the dates ahead and the advice. Lines only: the caller escapes them for its output.
public enum ForecastText {
    /// The whole report: each domain, the hosts `--live` could not reach, and the gate.
    public static func lines(_ report: ForecastReport) -> [String] {
        var lines = ["Forecast at \(day(report.at)) for \(counted(report.shippedReleases, "release"))"]
        for outlook in report.domains { lines += self.lines(outlook, at: report.at, until: report.until) }
        lines += report.unreachable.map { "? \($0): could not be reached, so its current chain is unknown" }
        let gate = report.gate
        if !gate.scenarios.isEmpty {
            lines += [""] + gate.lines
            if gate.passed {
                lines.append(
                    "Gate passed: \(gate.scenarios.map(\.rawValue).joined(separator: ", ")) within --max-lockout.")
            }
        }
        return lines
    }

    public static func lines(_ outlook: DomainOutlook, at time: Date, until end: Date) -> [String] {
        let forecast = outlook.forecast
        var lines = ["", forecast.host]
        if let note = outlook.note { lines.append("  " + note) }
        guard !forecast.scenarios.isEmpty else { return lines + (outlook.calendar.map(CalendarText.lines) ?? []) }
        lines += matrix(outlook).map { "  " + $0 }
        lines += builds(forecast).map { "  " + $0 }
        if let event = outlook.firstUnavoidable {
            lines.append("  First unavoidable lockout: " + sentence(event, outlook))
        } else if forecast.today != nil {
            lines.append("  No lockout is unavoidable until \(day(end)).")
        }
        let ahead = outlook.events.filter { $0.date != outlook.firstUnavoidable?.date }
        if !ahead.isEmpty {
            lines.append("  Dates ahead:")
            lines += ahead.map { "    " + sentence($0, outlook) }
        }
        lines += outlook.advice.map { "  " + advice($0, at: time) }
        if let calendar = outlook.calendar { lines += CalendarText.lines(calendar) }
        return lines
    }

    /// The releases by scenarios, then the share of installs each scenario locks out.
    private static func matrix(_ outlook: DomainOutlook) -> [String] {
        let forecast = outlook.forecast
        let header = ["RELEASE", "SHARE"] + forecast.scenarios.map(\.rawValue)
        var rows = forecast.releases.indices.map { row in
            [forecast.releases[row].name, forecast.releases[row].share.map(ReleaseShare.percent) ?? "-"]
                + forecast.cells(ofRelease: row).map(word)
        }
        rows.append(
            ["locked out", ""]
                + forecast.scenarios.map { scenario in
                    let lockout = forecast.installsLockedOut(scenario, shipped: outlook.shipped)
                    return ReleaseShare.percent(lockout.percent)
                        + (lockout.withoutShare.isEmpty ? "" : " +\(lockout.withoutShare.count)?")
                })
        return columns([header] + rows)
    }

    /// Where each release taken from a build got its pins for this host, and its pins found only by a code pattern
    /// (which the app may never run): "4.1: pins from build app.apk 4.1 (41), SHA-256 3f2a…; found only by a code
    /// pattern: spki-sha256:AAAA…", and the pins another mechanism of the app checks too, which the forecast does not judge.
    public static func builds(_ forecast: DomainForecast) -> [String] {
        forecast.releases.compactMap { release in
            guard let build = release.build, let domain = build.domain(governing: forecast.host) else { return nil }
            let code = domain.pins.filter(\.codePatternOnly).map(\.text)
            let also = domain.alsoChecked.map(\.text)
            return "\(release.name): pins from \(build.shown)"
                + (ReleaseBuild.codePatternMark(code).map { "; " + $0 } ?? "")
                + (also.isEmpty
                    ? ""
                    : "; the app also checks (both must pass; not judged here): "
                        + also.joined(separator: ", "))
        }
    }

    /// A cell as one word or two.
    public static func word(_ cell: ForecastCell) -> String {
        switch cell {
        case .accepted: return "accepted"
        case .lockedOut: return "LOCKED OUT"
        case .lapsed: return "lapsed"
        case .reportOnly: return "report-only"
        case .notPinned: return "not pinned"
        case .refused(let rejection): return "refused (\(rejection.rawValue))"
        }
    }

    /// "the leaf expires 2027-02-24: renewal-new-key locks out 4.1 (38% of installs); renewal-same-key and
    /// issuer-rotation are safe for every release".
    public static func sentence(_ event: ForecastEvent, _ outlook: DomainOutlook) -> String {
        var parts: [String] = []
        if !event.unavoidable.isEmpty {
            parts.append("whatever the server presents then, it locks out " + who(event.unavoidable, outlook))
        }
        for lockout in event.lockouts where !lockout.releases.isEmpty {
            parts.append("\(lockout.scenario.rawValue) locks out " + who(lockout.releases, outlook))
        }
        let safe = event.lockouts.filter(\.releases.isEmpty).map(\.scenario.rawValue)
        if !safe.isEmpty {
            parts.append(
                safe.joined(separator: " or ") + (safe.count == 1 ? " is" : " are") + " safe for every release")
        }
        return "\(trigger(event.trigger)) \(day(event.date)): " + parts.joined(separator: "; ")
    }

    private static func trigger(_ trigger: ForecastEvent.Trigger) -> String {
        switch trigger {
        case .leafExpires: return "the leaf expires"
        case .issuerExpires(let level): return "the issuing CA at level \(level) expires"
        case .rootExpires: return "the root expires"
        case .releaseLapses(let release): return "the pins of \(release) lapse"
        }
    }

    /// "4.1, 4.2 (38% of installs)", with the releases that state no share said apart.
    private static func who(_ releases: [Release], _ outlook: DomainOutlook) -> String {
        let shipped = Set(outlook.forecast.releases.prefix(outlook.shipped).map(\.name))
        let lockout = InstallLockout(shippedLockedOut: releases.filter { shipped.contains($0.name) })
        let unknown = lockout.withoutShare.count
        let share =
            ReleaseShare.percent(lockout.percent) + " of installs"
            + (unknown == 0 ? "" : ", \(unknown) of unknown share")
        return releases.map(\.name).joined(separator: ", ") + " (\(share))"
    }

    /// What the next release must carry for `advice`'s scenario, and by when.
    public static func advice(_ advice: ForecastAdvice, at time: Date) -> String {
        let head = "Advice for \(advice.scenario.rawValue): "
        if advice.safe { return head + "the next release already holds it." }
        let pins = advice.candidates.map {
            "\($0.type.rawValue) \($0.value) (\($0.level == 0 ? "leaf" : "level \($0.level)"))"
        }
        var text = head + "the next release is locked out"
        if !pins.isEmpty { text += "; pin any one of: " + pins.joined(separator: ", ") }
        if advice.backupKeyHelps {
            text += pins.isEmpty ? "; " : "; or "
            text += "generate a backup key now (pinbench backup-key), pin it, and renew with it"
        }
        if let shipBy = advice.shipBy {
            let due = CalendarDay(containing: shipBy)
            let today = CalendarDay(containing: time)
            text += "; ship that release by \(due)" + (due < today ? " (already past)" : due == today ? " (today)" : "")
        }
        return text + "."
    }

    public static func day(_ date: Date) -> String { CalendarDay(containing: date).description }

    /// Left-aligned columns two spaces apart, each cell made terminal-safe before it is measured (as the CLI's other
    /// tables are laid out).
    private static func columns(_ rows: [[String]]) -> [String] {
        let safe = rows.map { $0.map(\.terminalSafe) }
        let widths = (safe.first ?? []).indices.map { column in safe.map { $0[column].count }.max() ?? 0 }
        return safe.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
    }
}
