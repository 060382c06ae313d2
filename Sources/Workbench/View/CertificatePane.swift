import PinningCore

/// The Certificate pane: the selected level's details, the domain's verdict and its pins, as wrapped lines.
///
/// Every string from a certificate or the manifest goes through `terminalSafe` here.
public enum CertificatePane {
    public struct Line: Hashable, Sendable {
        public var text: String
        public var role: StyleRole

        init(_ text: String, _ role: StyleRole = .text) {
            self.text = text
            self.role = role
        }
    }

    static func title(_ state: WorkbenchState) -> String {
        guard let level = state.selectedChainLevel else { return "Certificate" }
        return "Certificate: level \(state.selectedLevel) \(level.kind(level: state.selectedLevel))"
    }

    static let labelWidth = 10

    /// All lines of the pane for `width` columns; the pane shows those from ``WorkbenchState/certificateScroll`` on.
    public static func lines(for state: WorkbenchState, width: Int) -> [Line] {
        guard let domain = state.selectedDomainPolicy else { return [Line("No domain selected.", .dim)] }
        let live = state.live[domain.normalizedHost] ?? DomainLive()
        var lines: [Line] = []
        func field(_ label: String, _ value: String, _ role: StyleRole = .text) {
            let valueWidth = max(1, width - labelWidth - 1)
            for (i, part) in Frame.wrap(value, width: valueWidth).enumerated() {
                let prefix = i == 0 ? Frame.pad(label, toWidth: labelWidth) : String(repeating: " ", count: labelWidth)
                lines.append(Line(prefix + " " + part, role))
            }
        }
        func paragraph(_ text: String, _ role: StyleRole, indent: String = "") {
            for part in Frame.wrap(text, width: max(1, width - indent.count)) {
                lines.append(Line(indent + part, role))
            }
        }

        var heading = domain.host.terminalSafe + (domain.port == 443 ? "" : ":\(domain.port)")
        heading += "  \(domain.mode.rawValue)"
        if let expires = domain.expires { heading += ", pins expire \(expires)" }
        if let connect = domain.connect { heading += ", via \(connect.terminalSafe)" }
        paragraph(heading, .paneTitle)

        switch live.fetch {
        case .fetching: paragraph(Marker.pending.symbol + " fetching", .verdictPending)
        case .failed(let failure):
            paragraph(Marker.failed.symbol + " fetch failed: " + failure.message.terminalSafe, .error)
        case .idle where live.chain == nil: paragraph(Marker.idle.symbol + " not fetched yet: r fetches it", .dim)
        default: break
        }
        if let verdict = live.verdict {
            paragraph(VerdictLine.text(verdict).terminalSafe, verdict.marker.role)
        }
        if let facts = live.chain?.connection {
            let summary = ConnectionSection.summary(facts, verdict: live.verdict)
            paragraph(summary.text, summary.role)
        }

        if let level = state.selectedChainLevel {
            let d = level.details
            lines.append(Line(""))
            let kind = level.kind(level: state.selectedLevel)
            paragraph(
                "Level \(state.selectedLevel) \(kind), \(level.origin)"
                    + (level.verified ? ", verified path" : ", not in the verified path"), .label)
            field("Subject", d.subject.terminalSafe)
            field("Issuer", d.issuer.terminalSafe)
            field("Serial", d.serialNumber)
            let days = d.daysLeft(at: state.now)
            let validity = "\(DateText.day(d.notBefore)) to \(DateText.day(d.notAfter))"
            if days < 0 {
                field("Valid", validity + " \(Marker.rejected.symbol) expired \(-days) days ago", .certExpired)
            } else if days <= 30 {
                field("Valid", validity + " \(Marker.warning.symbol) \(days) days left", .certExpiring)
            } else {
                field("Valid", validity + " (\(days) days left)")
            }
            if !d.dnsNames.isEmpty { field("DNS", d.dnsNames.map(\.terminalSafe).joined(separator: ", ")) }
            if !d.ipAddresses.isEmpty { field("IP", d.ipAddresses.joined(separator: ", ")) }
            field("Key", d.key.summary + (d.isCertificateAuthority ? ", CA" : ""))
            field("Signature", d.signatureAlgorithm.terminalSafe)
            for (label, value) in d.usage.labelledValues { field(label, value.terminalSafe) }
            field("SHA-256", d.sha256Fingerprint)
            field("SHA-1", d.sha1Fingerprint)
            let pins = state.pinsAt(level, in: domain)
            func pinState(_ value: String) -> (String, StyleRole) {
                guard let pin = pins.first(where: { $0.value == value }) else { return ("", .text) }
                return pin.role == .active
                    ? ("  \(Marker.activePin.symbol) pinned, active", .pinActive)
                    : ("  \(Marker.backupPin.symbol) pinned, backup", .pinBackup)
            }
            let spki = pinState(d.spkiPin)
            field("SPKI pin", d.spkiPin + spki.0, spki.1)
            let cert = pinState(d.certPin)
            field("Cert pin", d.certPin + cert.0, cert.1)
        }

        if let verdict = live.verdict, !verdict.explanation.isEmpty {
            lines.append(Line(""))
            paragraph("Why", .label)
            for line in verdict.explanation { paragraph(line.terminalSafe, .dim, indent: "  ") }
        }
        lines += ConnectionSection.lines(live.chain, verdict: live.verdict, width: width)

        lines.append(Line(""))
        paragraph("Pins (\(domain.pins.count))", .label)
        if domain.pins.isEmpty { paragraph("none: p pins the selected level's key", .dim, indent: "  ") }
        for pin in domain.pins {
            let marker = pin.role == .active ? Marker.activePin.symbol : Marker.backupPin.symbol
            let text = "\(marker) \(pin.role.rawValue) \(pin.type.rawValue) \(pin.position.rawValue) \(pin.value)"
            paragraph(text, pin.role == .active ? .pinActive : .pinBackup, indent: "  ")
            if let label = pin.label { paragraph(label.terminalSafe, .dim, indent: "    ") }
        }
        return lines
    }

    /// The pane's lines wrapped as drawn, and the rows they are drawn in.
    public struct Page: Sendable {
        public var lines: [Line]
        public var rows: Int
    }

    /// The page inside a pane border `inside`: text starts one column in, so it wraps one column narrower.
    static func page(for state: WorkbenchState, inside: Rect) -> Page {
        Page(lines: lines(for: state, width: max(1, inside.width - 1)), rows: max(0, inside.height))
    }

    /// The page at the pane's place in the layout (or where it would be if focused, when it is not on screen).
    /// Scrolling, search and the view all wrap through this, so a scroll limit cannot disagree with what is drawn.
    public static func page(for state: WorkbenchState) -> Page {
        let rect =
            state.layout.panes[.certificate]
            ?? Layout(size: state.size, focus: .certificate).panes[.certificate]
            ?? Rect(x: 0, y: 0, width: state.size.width, height: state.size.height)
        return page(for: state, inside: rect.inset(by: 1))
    }

    static func draw(into frame: inout Frame, rect: Rect, state: WorkbenchState) {
        guard rect.width > 1 else { return }
        let shown = Self.page(for: state, inside: rect)
        let all = shown.lines
        let start = state.certificateScroll.shownOffset(lineCount: all.count, rows: shown.rows)
        for (row, line) in all.dropFirst(start).prefix(rect.height).enumerated() {
            frame.text(line.text, at: Point(x: rect.x + 1, y: rect.y + row), width: rect.width - 1, role: line.role)
        }
        SearchHighlight.draw(into: &frame, rect: rect, lines: all, start: start, search: state.search)
        if start > 0 { frame.put(Marker.up.symbol, at: Point(x: rect.maxX - 1, y: rect.y), role: .dim) }
        if start + rect.height < all.count {
            frame.put(Marker.down.symbol, at: Point(x: rect.maxX - 1, y: rect.maxY - 1), role: .dim)
        }
    }
}
