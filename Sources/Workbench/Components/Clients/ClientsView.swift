import ClientModels
import PinningCore

/// Draws the Clients view (`C`) over the panes, as large as the screen: PinBench's verdict on the selected domain's
/// live chain first, then one entry per client (its outcome, the level its pin matched, the reason in its own terms),
/// the clients that decide otherwise marked ``Marker/differs`` with what differs. Every string that came from a
/// certificate, the manifest or a server goes through the terminal-safe text.
enum ClientsView {
    /// The most lines one client's reason takes; a longer one (a certificate's long subject) ends in `…`.
    static let reasonLineLimit = 3

    /// Every line of the view for `state`'s selected domain at `width` columns.
    static func lines(_ state: WorkbenchState, width: Int) -> [ForecastLine] {
        switch ClientsBoard.of(state) {
        case .waiting(let why): return waitingLines(why, width: width)
        case .judged(let board): return judgedLines(board, width: width)
        }
    }

    /// Why nothing is judged, and what to do about it.
    private static func waitingLines(_ why: ClientsBoard.Waiting, width: Int) -> [ForecastLine] {
        let fetchHint =
            "fetch it first (r in the Domains pane, R for every domain): the clients judge the chain the "
            + "server serves."
        switch why {
        case .noDomain:
            return [ForecastLine("No domain selected.", .dim)]
        case .notFetched(let host):
            return ForecastLine.wrapped(
                Marker.warning.symbol + " No chain fetched for \(host.terminalSafe) yet: " + fetchHint, width: width,
                role: .verdictWarning, indent: 2)
        case .fetching(let host):
            return ForecastLine.wrapped(
                Marker.pending.symbol + " fetching the chain of \(host.terminalSafe)…", width: width,
                role: .verdictPending, indent: 2)
        case .fetchFailed(let host, let failure):
            return ForecastLine.wrapped(
                Marker.failed.symbol
                    + " The last fetch of \(host.terminalSafe) failed (\(failure.description.terminalSafe)"
                    + "): no chain to judge. r fetches it again.", width: width, role: .error, indent: 2)
        case .judging(let host):
            return ForecastLine.wrapped(
                Marker.pending.symbol + " PinBench is judging the chain of \(host.terminalSafe)…", width: width,
                role: .verdictPending, indent: 2)
        case .noValidatorVerdict(let host):
            return ForecastLine.wrapped(
                Marker.warning.symbol + " The verdict held for \(host.terminalSafe) was not made by the validator: r "
                    + "fetches and judges the chain again.", width: width, role: .verdictWarning, indent: 2)
        }
    }

    /// PinBench's verdict, how many clients differ, then every client.
    private static func judgedLines(_ board: ClientsBoard.Judged, width: Int) -> [ForecastLine] {
        let pinBench = board.pinBench
        var lines = ForecastLine.wrapped(
            pinBench.marker.symbol + " PinBench: " + pinBench.statement.terminalSafe, width: width,
            role: pinBench.marker.role, indent: 2)
        if board.recomputing {
            lines.append(ForecastLine(Marker.pending.symbol + " PinBench is judging the edit…", .verdictPending))
        }
        if board.refreshing {
            lines.append(ForecastLine(Marker.pending.symbol + " fetching the chain again…", .verdictPending))
        }
        var note = "Each client with the pins its export carries from the manifest as edited"
        if board.unpinned { note += "; \(board.host.terminalSafe) lists no pin" }
        lines += ForecastLine.wrapped(note + ".", width: width, role: .dim)
        lines += summaryLines(board, width: width)
        lines.append(ForecastLine(""))
        let outcomeWidth = board.clients.map { $0.outcome.rawValue.count }.max() ?? 0
        lines.append(
            ForecastLine(
                "    " + pad("client", nameWidth) + "  " + pad("outcome", outcomeWidth) + "  pin matched", .label))
        for client in board.clients {
            lines += clientLines(client, board: board, outcomeWidth: outcomeWidth, width: width)
        }
        return lines
    }

    /// `✓ Every client decides as PinBench does.`, or how many differ, naming those that differ on whether the
    /// connection proceeds apart from those that differ on the outcome only.
    private static func summaryLines(_ board: ClientsBoard.Judged, width: Int) -> [ForecastLine] {
        let differing = board.differing
        guard !differing.isEmpty else {
            return [ForecastLine(Marker.accepted.symbol + " Every client decides as PinBench does.", .verdictAccepted)]
        }
        let onConnection = differing.filter(board.differsOnConnection)
        let outcomeOnly = differing.filter { !board.differsOnConnection($0) }
        func names(_ clients: [ClientVerdict]) -> String {
            clients.map(\.client.displayName).joined(separator: ", ")
        }
        var parts: [String] = []
        if !onConnection.isEmpty { parts.append(names(onConnection) + " on whether the connection proceeds") }
        if !outcomeOnly.isEmpty { parts.append(names(outcomeOnly) + " on the outcome only") }
        return ForecastLine.wrapped(
            Marker.differs.symbol + " \(differing.count) of \(board.clients.count) clients decide otherwise than "
                + "PinBench: " + parts.joined(separator: "; ") + ".", width: width,
            role: onConnection.isEmpty ? .verdictWarning : .verdictRejected, indent: 2)
    }

    /// The client's row (difference mark, outcome marker, name, outcome, matched level), its reason, and what
    /// differs from PinBench when something does.
    private static func clientLines(
        _ client: ClientVerdict, board: ClientsBoard.Judged, outcomeWidth: Int, width: Int
    ) -> [ForecastLine] {
        let (marker, role) = outcomeMarker(client.outcome)
        let differs = client.difference != nil
        let onConnection = board.differsOnConnection(client)
        let differsRole: StyleRole = onConnection ? .verdictRejected : .verdictWarning
        let level = client.matchedLevel.map { levelName($0, path: board.path) } ?? "-"
        var lines = [
            ForecastLine([
                ForecastLine.Span(text: differs ? Marker.differs.symbol + " " : "  ", role: differsRole),
                ForecastLine.Span(text: marker.symbol + " ", role: role),
                ForecastLine.Span(text: pad(client.client.displayName, nameWidth) + "  ", role: .label),
                ForecastLine.Span(text: pad(client.outcome.rawValue, outcomeWidth) + "  ", role: role),
                ForecastLine.Span(text: level, role: .overlayText),
            ])
        ]
        lines += clipped(client.reason.terminalSafe, width: width - 6).map { ForecastLine("      " + $0, .overlayText) }
        if let difference = client.difference {
            lines += ForecastLine.wrapped(
                Marker.differs.symbol + " " + difference.terminalSafe, width: width - 6, role: differsRole, indent: 2
            ).map { ForecastLine("      " + $0.text, differsRole) }
        }
        return lines
    }

    /// `text` wrapped at `width` columns in at most ``reasonLineLimit`` lines, the last ending in `…` (within the
    /// width) when some were left out.
    static func clipped(_ text: String, width: Int) -> [String] {
        let lines = Frame.wrap(text, width: max(2, width))
        guard lines.count > reasonLineLimit else { return lines }
        var last = lines[reasonLineLimit - 1]
        while !last.isEmpty, CharacterWidth.of(last) + 1 > max(2, width) { last.removeLast() }
        return lines.prefix(reasonLineLimit - 1) + [last + Marker.pending.symbol]
    }

    /// `leaf`, `intermediate, level 1`, `root, level 2`: where in the verified path a pin matched.
    static func levelName(_ level: Int, path: [ChainLevel]) -> String {
        guard level > 0 else { return "leaf" }
        guard path.indices.contains(level) else { return "level \(level)" }
        return (path[level].details.isSelfIssued ? "root" : "intermediate") + ", level \(level)"
    }

    /// The outcome's marker and colour: never colour alone.
    static func outcomeMarker(_ outcome: ClientVerdict.Outcome) -> (Marker, StyleRole) {
        switch outcome {
        case .accepted: return (.accepted, .verdictAccepted)
        case .rejected, .configurationRefused: return (.rejected, .verdictRejected)
        case .notPinned, .pinsLapsed, .reportOnlyViolation: return (.warning, .verdictWarning)
        }
    }

    /// The widest client name, so the columns line up.
    private static let nameWidth = PinClient.allCases.map { CharacterWidth.of($0.displayName) }.max() ?? 0

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - CharacterWidth.of(text)))
    }

    static func draw(into frame: inout Frame, state: WorkbenchState, panel: ClientsPanel) {
        LineOverlay.drawDomainView(into: &frame, state: state, name: "Clients", closeKey: "C", scroll: panel.scroll) {
            lines(state, width: $0)
        }
    }
}
