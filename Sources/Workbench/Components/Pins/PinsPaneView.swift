import Foundation
import PinForecast
import PinningCore

/// Draws the Pins pane: every pin of the selected domain, live or not, one row each, then the selected pin's
/// details (value, type, role, position, where it matches the live chain, label, note, added, notAfter).
///
/// Every string from the manifest goes through `terminalSafe` here.
enum PinsPaneView {
    static func title(_ state: WorkbenchState) -> String {
        guard let domain = state.selectedDomainPolicy else { return "Pins" }
        return "Pins: \(domain.host.terminalSafe) (\(domain.pins.count))"
    }

    /// Rows the list takes in a pane `inside` rows high: all pins while half the pane holds them, leaving the rest
    /// for the details.
    static func listHeight(count: Int, inside: Int) -> Int {
        max(0, min(count, max(3, inside / 2)))
    }

    static let labelWidth = 9

    /// The details of `pin`, wrapped to `width` columns.
    static func details(
        of pin: Pin, match: PinLiveMatch, now: Date, width: Int, build: PinBuildMatch? = nil
    ) -> [CertificatePane.Line] {
        var lines: [CertificatePane.Line] = []
        func field(_ label: String, _ value: String, _ role: StyleRole = .text) {
            let valueWidth = max(1, width - labelWidth - 1)
            for (i, part) in Frame.wrap(value, width: valueWidth).enumerated() {
                let prefix = i == 0 ? Frame.pad(label, toWidth: labelWidth) : String(repeating: " ", count: labelWidth)
                lines.append(.init(prefix + " " + part, role))
            }
        }
        field("Value", pin.value.terminalSafe)
        let roleMarker = pin.role == .active ? "● active" : "○ backup"
        field(
            "Pin", "\(pin.type.rawValue), \(roleMarker), position \(pin.position.rawValue)",
            pin.role == .active ? .pinActive : .pinBackup)
        let matchRole: StyleRole
        switch match {
        case .level(_, _, let verified): matchRole = verified ? .verdictAccepted : .verdictWarning
        case .notInLiveChain: matchRole = .verdictWarning
        case .noLiveChain: matchRole = .dim
        }
        field(
            "Live", (matchRole == .verdictAccepted ? "✓ " : matchRole == .dim ? "? " : "! ") + match.sentence, matchRole
        )
        if let build { field("Build", build.sentence(pin), build.carries(pin) ? .verdictAccepted : .verdictWarning) }
        field("Label", pin.label?.terminalSafe ?? "none", pin.label == nil ? .dim : .text)
        field("Note", pin.note?.terminalSafe ?? "none (n adds one)", pin.note == nil ? .dim : .text)
        field("Added", pin.added.map(DateText.minute) ?? "unknown", pin.added == nil ? .dim : .text)
        if let notAfter = pin.notAfter {
            let days = Int((notAfter.timeIntervalSince(now) / 86_400).rounded(.down))
            if days < 0 {
                field("NotAfter", DateText.day(notAfter) + " ✗ expired \(-days) days ago", .certExpired)
            } else if days <= 30 {
                field("NotAfter", DateText.day(notAfter) + " ! \(days) days left", .certExpiring)
            } else {
                field("NotAfter", DateText.day(notAfter) + " (\(days) days left)")
            }
        } else {
            field("NotAfter", "unknown", .dim)
        }
        return lines
    }

    static func draw(into frame: inout Frame, rect: Rect, state: WorkbenchState, focused: Bool) {
        guard rect.width > 1, let domain = state.selectedDomainPolicy else { return }
        let pins = domain.pins
        guard !pins.isEmpty else {
            let text = "No pins. In the Chain pane (2), p pins a level's key, P its certificate."
            for (i, line) in Frame.wrap(text, width: max(1, rect.width - 1)).prefix(rect.height).enumerated() {
                frame.text(line, at: Point(x: rect.x + 1, y: rect.y + i), width: rect.width - 1, role: .dim)
            }
            return
        }
        let levels = state.results.live[domain.normalizedHost].flatMap { $0.chain == nil ? nil : $0.levels }
        let build = PinBuildMatch(releases: state.forecast.releases.book.releases, host: domain.normalizedHost)
        let listHeight = listHeight(count: pins.count, inside: rect.height)
        let listRect = Rect(x: rect.x, y: rect.y, width: rect.width, height: listHeight)
        let pane = state.selection.pinsPane
        frame.list(
            in: listRect, count: pins.count, selection: pane.selection, viewport: pane.viewport, focused: focused
        ) { index in
            let pin = pins[index]
            let match = PinLiveMatch(pin, levels: levels)
            let kind = pin.type == .spkiSHA256 ? "key " : "cert"
            let text =
                "\(kind) \(Frame.pad(pin.role.rawValue, toWidth: 6)) \(Frame.pad(pin.position.rawValue, toWidth: 4))  "
                + (build?.rowMark(pin) ?? "")
                + (pin.label?.terminalSafe ?? pin.value)
            let live: Bool
            if case .level = match { live = true } else { live = false }
            return ListRow(
                marker: pin.role == .active ? "●" : "○", markerRole: pin.role == .active ? .pinActive : .pinBackup,
                text: text, role: live ? .text : .dim, trailing: match.tag)
        }
        if listHeight < pins.count {
            let shown = pane.viewport.visibleRange(count: pins.count, height: listHeight)
            if shown.lowerBound > 0 { frame.put("↑", at: Point(x: rect.maxX - 1, y: rect.y), role: .dim) }
            if shown.upperBound < pins.count {
                frame.put("↓", at: Point(x: rect.maxX - 1, y: rect.y + listHeight - 1), role: .dim)
            }
        }
        guard let pin = pane.selectedPin(in: pins) else { return }
        let top = rect.y + listHeight + 1
        let room = rect.maxY - top
        guard room > 0 else { return }
        let lines = details(
            of: pin, match: PinLiveMatch(pin, levels: levels), now: state.chrome.now, width: rect.width - 1,
            build: build)
        for (row, line) in lines.prefix(room).enumerated() {
            frame.text(line.text, at: Point(x: rect.x + 1, y: top + row), width: rect.width - 1, role: line.role)
        }
    }
}
