import CTWatch
import Foundation
import PinForecast
import PinningCore
import TransparencyLog

/// Draws the Transparency view (`T`) over the panes, as large as the screen: how each watched log fared, then the
/// certificates logged for the selected domain, newest first, each with what every release would decide on it.
/// Every string that came from a certificate or a log list goes through the terminal-safe text.
enum TransparencyView {
    /// Every line of the view for `state`'s selected domain at `width` columns.
    static func lines(_ state: WorkbenchState, width: Int) -> [ForecastLine] {
        guard let domain = state.selectedDomainPolicy else { return [ForecastLine("No domain selected.", .dim)] }
        let feed = state.transparency
        var lines = logLines(feed, now: state.chrome.now, width: width)
        switch feed.onDisk {
        case .notRead:
            return lines + [ForecastLine(Marker.pending.symbol + " reading the watch's state file…", .verdictPending)]
        case .unreadable(let why):
            return lines
                + ForecastLine.wrapped(
                    Marker.rejected.symbol + " " + why.terminalSafe, width: width, role: .error, indent: 2)
        case .missing, .loaded:
            break
        }
        let host = domain.normalizedHost
        let findings = feed.findings(for: host)
        guard !findings.isEmpty else {
            let why =
                feed.watchedLogs.isEmpty && feed.logs.isEmpty
                ? "No CT log list configured: open the workbench with --ct-log-list FILE, or run `pinbench watch` "
                    + "beside the manifest in another terminal; its findings appear here."
                : "No certificate logged for \(host.terminalSafe) in what the watch has read."
            return lines + ForecastLine.wrapped(why, width: width, role: .dim)
        }
        let count = findings.count
        lines.append(ForecastLine("\(count) logged certificate\(count == 1 ? "" : "s"), newest first", .label))
        for finding in findings {
            lines.append(ForecastLine(""))
            lines += findingLines(finding, host: host, width: width)
        }
        return lines
    }

    /// One line per log with its last round; a troubled log says what went wrong.
    private static func logLines(_ feed: TransparencyFeed, now: Date, width: Int) -> [ForecastLine] {
        var lines: [ForecastLine] = []
        if let skipped = feed.skippedRound {
            lines += ForecastLine.wrapped(
                Marker.warning.symbol + " The workbench's last CT round did not run: \(skipped.terminalSafe); "
                    + "tried again next round.", width: width, role: .verdictWarning, indent: 2)
        }
        for log in feed.logs {
            let name = log.name.terminalSafe
            switch log.trouble {
            case .misbehaving(let detail)?:
                lines += ForecastLine.wrapped(
                    Marker.rejected.symbol + " \(name) MISBEHAVING: \(detail.terminalSafe); its position is not "
                        + "moved", width: width, role: .verdictRejected, indent: 2)
            case .unreachable(let detail)?:
                lines += ForecastLine.wrapped(
                    Marker.warning.symbol + " \(name) unreachable: \(detail.terminalSafe); tried again next round",
                    width: width, role: .verdictWarning, indent: 2)
            case nil:
                let advanced = log.advanced.map { "advanced " + TransparencyFeed.ago($0, now: now) } ?? "not advanced"
                lines += ForecastLine.wrapped(
                    Marker.accepted.symbol + " \(name): \(advanced), checked "
                        + TransparencyFeed.ago(log.checked, now: now), width: width, role: .dim, indent: 2)
            }
        }
        if feed.logs.isEmpty, feed.skippedRound == nil, !feed.watchedLogs.isEmpty {
            lines.append(
                ForecastLine(
                    Marker.pending.symbol + " watching \(feed.watchedLogs.count) log(s): the first round is running",
                    .verdictPending))
        }
        return lines
    }

    /// A finding: where it was logged, the certificate, and the releases' verdicts for `host`.
    static func findingLines(_ finding: CTFinding, host: String, width: Int) -> [ForecastLine] {
        let locked = finding.verdicts.filter { $0.host == host }.flatMap { $0.lockingOut.map(\.release) }
        let marker = locked.isEmpty ? Marker.accepted : Marker.rejected
        var lines = ForecastLine.wrapped(
            marker.symbol + " \(DateText.minute(finding.found)) · \(finding.log.terminalSafe), entry \(finding.index) "
                + "(\(finding.kind.rawValue))", width: width, role: locked.isEmpty ? .label : .verdictRejected,
            indent: 2)
        let fields = [
            ("names", finding.names.joined(separator: ", ")),
            ("issuer", finding.issuer),
            ("valid", "\(DateText.day(finding.notBefore)) to \(DateText.day(finding.notAfter))"),
            ("key", "sha256/" + finding.spkiPin),
        ]
        for (label, value) in fields {
            lines += indented(
                label.padding(toLength: 9, withPad: " ", startingAt: 0) + value.terminalSafe, width: width,
                role: .overlayText, hanging: 9)
        }
        if let cut = finding.pathCut {
            lines += indented(
                Marker.warning.symbol + " path not proven beyond the issuers judged: " + cut.terminalSafe,
                width: width, role: .verdictWarning, hanging: 2)
        }
        if finding.namesLeftOut > 0 || finding.hostsLeftOut > 0 {
            lines += indented(
                "kept in part: \(finding.namesLeftOut) more names and \(finding.hostsLeftOut) more hosts not kept",
                width: width, role: .dim, hanging: 2)
        }
        for verdict in finding.verdicts where verdict.host == host {
            lines += releaseLines(verdict, width: width)
        }
        if !locked.isEmpty {
            lines += indented(
                Marker.rejected.symbol + " LOCKS OUT \(locked.map(\.terminalSafe).joined(separator: ", ")), "
                    + "still enforcing pins: its users could not connect if this certificate were served",
                width: width, role: .verdictRejected, hanging: 2)
        }
        return lines
    }

    /// `text` wrapped two columns in from the finding's first line, later parts `hanging` columns further in.
    private static func indented(_ text: String, width: Int, role: StyleRole, hanging: Int) -> [ForecastLine] {
        ForecastLine.wrapped(text, width: max(1, width - 2), role: role, indent: hanging).map { line in
            ForecastLine([ForecastLine.Span(text: "  ", role: role)] + line.spans)
        }
    }

    /// `releases  1.0 ✓ accepted  2.0 ✗ LOCKED OUT  next ✓ accepted`, each cell in its verdict's colour, wrapped.
    private static func releaseLines(_ verdict: WatchVerdict, width: Int) -> [ForecastLine] {
        let lead = "  releases "
        var lines: [ForecastLine] = []
        var spans = [ForecastLine.Span(text: lead, role: .overlayText)]
        var used = lead.count
        for row in verdict.rows {
            let (marker, role, word) = cell(row.cell)
            // A release taken from a build says when some of its pins were found only by a code pattern.
            let mark = row.codePatternMark.map { " (\($0))" } ?? ""
            let text = "\(row.release.terminalSafe) \(marker.symbol) \(word)\(mark)  "
            let length = CharacterWidth.of(text)
            if used + length > width, spans.count > 1 {
                lines.append(ForecastLine(spans))
                spans = [ForecastLine.Span(text: String(repeating: " ", count: lead.count), role: .overlayText)]
                used = lead.count
            }
            spans.append(ForecastLine.Span(text: text, role: role))
            used += length
        }
        lines.append(ForecastLine(spans))
        return lines
    }

    /// A release's cell as a marker, a colour and a word (`LOCKED OUT` in capitals, as `pinbench watch` says it).
    private static func cell(_ cell: ForecastCell) -> (Marker, StyleRole, String) {
        switch cell {
        case .accepted: return (.accepted, .verdictAccepted, "accepted")
        case .lockedOut: return (.rejected, .verdictRejected, "LOCKED OUT")
        case .refused: return (.rejected, .verdictRejected, cell.outcome)
        case .lapsed, .reportOnly, .notPinned: return (.warning, .verdictWarning, cell.outcome)
        }
    }

    static func draw(into frame: inout Frame, state: WorkbenchState, panel: TransparencyPanel) {
        LineOverlay.drawDomainView(
            into: &frame, state: state, name: "Transparency", closeKey: "T", scroll: panel.scroll
        ) { lines(state, width: $0) }
    }
}
