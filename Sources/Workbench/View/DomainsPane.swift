import PinningCore

/// The Domains pane: one row per domain that matches the filter, with its live status marker and pin counts.
enum DomainsPane {
    static func title(_ state: WorkbenchState) -> String {
        var title = "Domains"
        let total = state.manifest.domains.count
        if state.selection.filter.isEmpty {
            title += " (\(total))"
        } else {
            title += " \(state.selection.visibleDomains.count)/\(total) /\(state.selection.filter.terminalSafe)"
        }
        if state.results.pendingFetches > 0 {
            title += " \(Marker.pending.symbol) \(state.results.pendingFetches) fetching"
        }
        return title
    }

    static func draw(into frame: inout Frame, rect: Rect, state: WorkbenchState, focused: Bool) {
        guard !state.selection.visibleDomains.isEmpty else {
            let text = state.manifest.domains.isEmpty ? "No domains yet: a adds one." : "No domain matches the filter."
            frame.text(text, at: Point(x: rect.x + 1, y: rect.y), width: rect.width - 1, role: .dim)
            return
        }
        frame.list(
            in: rect, count: state.selection.visibleDomains.count, selection: state.selection.selectedDomain,
            viewport: state.selection.domainViewport, focused: focused
        ) { index in
            let domain = state.manifest.domains[state.selection.visibleDomains[index]]
            let live = state.results.live[domain.normalizedHost] ?? DomainLive()
            let marker = live.marker
            var name = domain.host.terminalSafe
            if domain.port != 443 { name += ":\(domain.port)" }
            return ListRow(marker: marker.symbol, markerRole: marker.role, text: name, trailing: pinSummary(domain))
        }
    }

    /// `●2 ○1` (active and backup pins), `no pins`, and `ro` for report-only domains: ``DomainMarker``'s table.
    static func pinSummary(_ domain: DomainPolicy) -> String {
        DomainMarker.markers(for: domain).map(\.text).joined(separator: " ")
    }
}
