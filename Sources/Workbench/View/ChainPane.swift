import PinningCore

/// The Chain pane: the selected domain's levels from leaf to root, where each came from, and what is pinned.
enum ChainPane {
    static func title(_ state: WorkbenchState) -> String {
        guard let domain = state.selectedDomainPolicy else { return "Chain" }
        if let opened = state.reports.opened, opened.host == domain.normalizedHost {
            return "Chain: " + domain.host.terminalSafe + ", report #\(opened.id)"
        }
        return "Chain: " + domain.host.terminalSafe
    }

    static func draw(into frame: inout Frame, rect: Rect, state: WorkbenchState, focused: Bool) {
        guard let domain = state.selectedDomainPolicy else { return }
        let live = state.shownLive(host: domain.normalizedHost)
        let levels = live.levels
        guard !levels.isEmpty else {
            let text: String
            switch live.fetch {
            case .fetching: text = Marker.pending.symbol + " fetching the chain"
            case .failed(let failure):
                text = Marker.failed.symbol + " fetch failed: " + failure.description.terminalSafe
            default: text = Marker.idle.symbol + " not fetched yet: r fetches it"
            }
            for (i, line) in Frame.wrap(text, width: max(1, rect.width - 1)).prefix(rect.height).enumerated() {
                frame.text(line, at: Point(x: rect.x + 1, y: rect.y + i), width: rect.width - 1, role: .dim)
            }
            return
        }
        frame.list(
            in: rect, count: levels.count, selection: state.selection.selectedLevel,
            viewport: state.selection.chainViewport,
            focused: focused
        ) { index in
            let level = levels[index]
            let pins = state.pinsAt(level, in: domain)
            let marker: (String, StyleRole) =
                pins.contains { $0.role == .active }
                ? (Marker.activePin.symbol, .pinActive)
                : (pins.isEmpty ? (" ", .text) : (Marker.backupPin.symbol, .pinBackup))
            let name = (level.details.commonName ?? level.details.subject).terminalSafe
            var tags: [String] = pins.map {
                ($0.type == .spkiSHA256 ? "key" : "cert")
                    + ($0.role == .active ? Marker.activePin.symbol : Marker.backupPin.symbol)
            }
            if live.verdict?.matchedLevel == index { tags.append(Marker.accepted.symbol + "match") }
            let days = level.details.daysLeft(at: state.chrome.now)
            if days < 0 {
                tags.append(Marker.rejected.symbol + "expired")
            } else if days <= 30 {
                tags.append(Marker.warning.symbol + "\(days)d")
            }
            tags.append(level.origin)
            return ListRow(
                marker: marker.0, markerRole: marker.1, text: "\(index) \(level.kind(level: index)) \(name)",
                role: level.verified ? .text : .dim, trailing: tags.joined(separator: " "))
        }
    }
}
