import Foundation
import PinForecast
import PinningCore

/// Draws the Forecast view (`F`) over the panes, as large as the screen: for the selected domain, where the
/// releases come from, the release-by-scenario matrix with the share of installs each scenario locks out, the
/// timeline of the coming months, what the next release must carry, and the renewal calendar (each renewal's window,
/// issuers and key, the hierarchy's events, each release's first lockout). It only draws what the state holds: the
/// forecast itself was computed off the loop (``ForecastOutlook``).
enum ForecastView {
    /// The width the view's lines are laid out at on a screen of `size` (inside the box, a blank on each side).
    static func textWidth(_ size: Size) -> Int { LineOverlay.textWidth(size) }
    /// Rows for lines (the last inner row holds the hint line).
    static func bodyHeight(_ size: Size) -> Int { LineOverlay.bodyHeight(size) }

    /// Every line of the view for `state`'s selected domain at `width` columns.
    static func lines(_ state: WorkbenchState, width: Int) -> [ForecastLine] {
        guard let domain = state.selectedDomainPolicy else { return [ForecastLine("No domain selected.", .dim)] }
        let host = domain.normalizedHost
        var lines = releaseLines(state.forecast.releases, width: width)
        guard state.results.live[host]?.chain != nil else {
            let failed = state.results.live[host].map { if case .failed = $0.fetch { true } else { false } } ?? false
            let why = failed ? "The last fetch of \(host) failed" : "No chain fetched for \(host) yet"
            lines += ForecastLine.wrapped(
                Marker.warning.symbol + " \(why): fetch first (r in the Domains pane, R for every domain); the "
                    + "forecast judges the chain the server serves today.", width: width, role: .verdictWarning)
            return lines
        }
        if case .notRead = state.forecast.releases { return lines }
        guard let outlook = state.forecast.outlook(for: host) else {
            return lines + [ForecastLine(Marker.pending.symbol + " computing the forecast…", .verdictPending)]
        }
        if outlook.key != state.currentForecastKey {
            lines.append(ForecastLine(Marker.pending.symbol + " updating…", .verdictPending))
        }
        let candidateName =
            "next (\(state.editing.document.url.lastPathComponent)\(state.editing.isDirty ? ", unsaved" : ""))"
        if let refusal = outlook.forecast.todayRefusalText {
            lines += ForecastLine.wrapped(
                Marker.warning.symbol + " " + refusal.prefix(1).uppercased() + refusal.dropFirst() + ".",
                width: width, role: .verdictWarning)
        }
        lines += ForecastMatrix.lines(outlook, candidateName: candidateName, width: width)
        // Where each release taken from a build got its pins here, and those found only by a code pattern.
        for line in ForecastText.builds(outlook.forecast) {
            lines += ForecastLine.wrapped(line.terminalSafe, width: width, role: .dim, indent: 2)
        }
        let timeline = ForecastTimeline.lines(outlook, candidateName: candidateName, width: width)
        if !timeline.isEmpty { lines += [ForecastLine("")] + timeline }
        lines += adviceLines(outlook, width: width)
        lines += calendarLines(outlook, width: width)
        return lines
    }

    /// The renewal calendar in the CLI's words (``CalendarText``), escaped and wrapped for the view; a release's
    /// first lockout is marked, so that it does not rest on colour alone.
    static func calendarLines(_ outlook: ForecastOutlook, width: Int) -> [ForecastLine] {
        guard let calendar = outlook.calendar else { return [] }
        var lines = [ForecastLine("")]
        switch calendar {
        case .failure(let unavailable):
            lines.append(ForecastLine("Renewal calendar", .label))
            lines += ForecastLine.wrapped(
                "  " + Marker.warning.symbol + " not shown: " + unavailable.reason.terminalSafe, width: width,
                role: .verdictWarning, indent: 4)
        case .success(let calendar):
            let text = CalendarText.lines(calendar)
            lines.append(ForecastLine(text[0].trimmingCharacters(in: .whitespaces).terminalSafe, .label))
            let locked = Set(
                calendar.releases.compactMap { release -> String? in
                    guard case .locksOut = release.verdict else { return nil }
                    return CalendarText.sentence(release, calendar)
                })
            for line in text.dropFirst() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                // CalendarText indents under a domain's heading: two blanks less here, under the view's own.
                let indent = String(repeating: " ", count: max(0, line.prefix { $0 == " " }.count - 2))
                let isLockout = locked.contains(trimmed)
                let role: StyleRole = isLockout ? .verdictRejected : trimmed.hasPrefix("?") ? .dim : .overlayText
                let shown = indent + (isLockout ? Marker.rejected.symbol + " " : "") + trimmed.terminalSafe
                lines += ForecastLine.wrapped(shown, width: width, role: role, indent: indent.count + 2)
            }
        }
        return lines
    }

    /// Where the shipped releases come from, or why there are none.
    private static func releaseLines(_ releases: ReleasesOnDisk, width: Int) -> [ForecastLine] {
        switch releases {
        case .notRead:
            return [ForecastLine(Marker.pending.symbol + " reading the releases file…", .verdictPending)]
        case .missing(let path):
            return ForecastLine.wrapped(
                "No releases file (\(path.terminalSafe)): only the next release is judged. Add the versions in the "
                    + "field with `pinbench release add NAME --from REV|FILE [--share PCT]`.", width: width,
                role: .dim)
        case .unreadable(let error):
            return ForecastLine.wrapped(
                Marker.rejected.symbol + " " + error.description.terminalSafe + " (only the next release is judged)",
                width: width, role: .error, indent: 2)
        case .loaded(let path, let book, let problems):
            let count = book.releases.count
            var lines = ForecastLine.wrapped(
                "\(count) shipped release\(count == 1 ? "" : "s") from \(path.terminalSafe), and the next release "
                    + "(the manifest as edited)", width: width, role: .dim)
            for release in book.releases {
                guard let from = release.pinsFrom else { continue }
                lines += ForecastLine.wrapped(
                    "\(release.name.terminalSafe): pins from \(from.terminalSafe)", width: width, role: .dim,
                    indent: 4)
            }
            for problem in problems {
                lines += ForecastLine.wrapped(
                    Marker.rejected.symbol + " not judged: " + problem.terminalSafe, width: width, role: .error,
                    indent: 2)
            }
            return lines
        }
    }

    /// What the next release must carry for each scenario that locks it out, and by when.
    private static func adviceLines(_ outlook: ForecastOutlook, width: Int) -> [ForecastLine] {
        let unsafe = outlook.advice.filter { !$0.safe }
        guard !unsafe.isEmpty else {
            return outlook.advice.isEmpty
                ? []
                : [ForecastLine(Marker.accepted.symbol + " The next release holds every scenario.", .verdictAccepted)]
        }
        let levels = outlook.forecast.today?.levels.count ?? 0
        var lines = [ForecastLine(""), ForecastLine("The next release", .label)]
        for advice in unsafe {
            let keys = Array(Set(advice.candidates.filter { $0.type == .spkiSHA256 }.map(\.level))).sorted()
            let named = keys.map { $0 == 0 ? "the leaf" : $0 == levels - 1 ? "the root" : "CA \($0)" }
            var text = Marker.rejected.symbol + " \(advice.scenario.rawValue) locks it out"
            if !named.isEmpty { text += ": pin the key of " + named.joined(separator: " or ") }
            if advice.backupKeyHelps { text += (named.isEmpty ? ": " : ", or ") + "pin a backup key (K)" }
            if let shipBy = advice.shipBy {
                text +=
                    "; ship by \(DateText.day(shipBy))"
                    + ForecastTimeline.relativeDay(shipBy, now: outlook.window.lowerBound)
            }
            lines += ForecastLine.wrapped(text, width: width, role: .verdictRejected, indent: 2)
        }
        return lines
    }

    static func draw(into frame: inout Frame, state: WorkbenchState, panel: ForecastPanel) {
        LineOverlay.drawDomainView(into: &frame, state: state, name: "Forecast", closeKey: "F", scroll: panel.scroll) {
            lines(state, width: $0)
        }
    }
}
