import Foundation
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
        return "Certificate: level \(state.selection.selectedLevel) \(level.kind(level: state.selection.selectedLevel))"
    }

    static let labelWidth = 10

    /// All lines of the pane for `width` columns; the pane shows those from ``WorkbenchSelection/certificateScroll`` on.
    public static func lines(for state: WorkbenchState, width: Int) -> [Line] {
        guard let domain = state.selectedDomainPolicy else { return [Line("No domain selected.", .dim)] }
        let live = state.shownLive(host: domain.normalizedHost)
        var text = PaneText(width: width)
        heading(domain, live, into: &text)
        if let level = state.selectedChainLevel {
            let pins = state.pinsAt(level, in: domain)
            certificate(level, at: state.selection.selectedLevel, pins: pins, now: state.chrome.now, into: &text)
        }
        if let verdict = live.verdict, !verdict.explanation.isEmpty {
            text.lines.append(Line(""))
            text.paragraph("Why", .label)
            for line in verdict.explanation { text.paragraph(line.terminalSafe, .dim, indent: "  ") }
        }
        text.lines += ConnectionSection.lines(live.chain, verdict: live.verdict, width: width)
        pinList(domain, into: &text)
        return text.lines
    }

    /// The pane's two shapes of line, wrapped to its width: a labelled field and a paragraph.
    struct PaneText {
        let width: Int
        var lines: [Line] = []

        mutating func field(_ label: String, _ value: String, _ role: StyleRole = .text) {
            let valueWidth = max(1, width - labelWidth - 1)
            for (i, part) in Frame.wrap(value, width: valueWidth).enumerated() {
                let prefix = i == 0 ? Frame.pad(label, toWidth: labelWidth) : String(repeating: " ", count: labelWidth)
                lines.append(Line(prefix + " " + part, role))
            }
        }

        mutating func paragraph(_ text: String, _ role: StyleRole, indent: String = "") {
            for part in Frame.wrap(text, width: max(1, width - indent.count)) {
                lines.append(Line(indent + part, role))
            }
        }
    }

    /// The domain's name and settings, its fetch state, verdict and connection summary.
    private static func heading(_ domain: DomainPolicy, _ live: DomainLive, into text: inout PaneText) {
        var heading = domain.host.terminalSafe + (domain.port == 443 ? "" : ":\(domain.port)")
        heading += "  \(domain.mode.rawValue)"
        if let expires = domain.expires { heading += ", pins expire \(expires)" }
        if let connect = domain.connect { heading += ", via \(connect.terminalSafe)" }
        text.paragraph(heading, .paneTitle)

        switch live.fetch {
        case .fetching: text.paragraph(Marker.pending.symbol + " fetching", .verdictPending)
        case .failed(let failure):
            text.paragraph(Marker.failed.symbol + " fetch failed: " + failure.description.terminalSafe, .error)
        case .idle where live.chain == nil: text.paragraph(Marker.idle.symbol + " not fetched yet: r fetches it", .dim)
        default: break
        }
        if let verdict = live.verdict {
            text.paragraph(VerdictLine.text(verdict).terminalSafe, verdict.marker.role)
        }
        if let facts = live.chain?.connection {
            let summary = ConnectionSection.summary(facts, verdict: live.verdict)
            text.paragraph(summary.text, summary.role)
        }
    }

    /// The selected level's certificate: names, validity, key, fingerprints, and its pins' state.
    private static func certificate(
        _ level: ChainLevel, at index: Int, pins: [Pin], now: Date, into text: inout PaneText
    ) {
        let d = level.details
        text.lines.append(Line(""))
        text.paragraph(
            "Level \(index) \(level.kind(level: index)), \(level.origin)"
                + (level.verified ? ", verified path" : ", not in the verified path"), .label)
        text.field("Subject", d.subject.terminalSafe)
        text.field("Issuer", d.issuer.terminalSafe)
        text.field("Serial", d.serialNumber)
        let days = d.daysLeft(at: now)
        let validity = "\(DateText.day(d.notBefore)) to \(DateText.day(d.notAfter))"
        if days < 0 {
            text.field("Valid", validity + " \(Marker.rejected.symbol) expired \(-days) days ago", .certExpired)
        } else if days <= 30 {
            text.field("Valid", validity + " \(Marker.warning.symbol) \(days) days left", .certExpiring)
        } else {
            text.field("Valid", validity + " (\(days) days left)")
        }
        if !d.dnsNames.isEmpty { text.field("DNS", d.dnsNames.map(\.terminalSafe).joined(separator: ", ")) }
        if !d.ipAddresses.isEmpty { text.field("IP", d.ipAddresses.joined(separator: ", ")) }
        text.field("Key", d.key.summary + (d.isCertificateAuthority ? ", CA" : ""))
        text.field("Signature", d.signatureAlgorithm.terminalSafe)
        for (label, value) in d.usage.labelledValues { text.field(label, value.terminalSafe) }
        text.field("SHA-256", d.sha256Fingerprint)
        text.field("SHA-1", d.sha1Fingerprint)
        func pinState(_ value: String) -> (String, StyleRole) {
            guard let pin = pins.first(where: { $0.value == value }) else { return ("", .text) }
            return pin.role == .active
                ? ("  \(Marker.activePin.symbol) pinned, active", .pinActive)
                : ("  \(Marker.backupPin.symbol) pinned, backup", .pinBackup)
        }
        let spki = pinState(d.spkiPin)
        text.field("SPKI pin", d.spkiPin + spki.0, spki.1)
        let cert = pinState(d.certPin)
        text.field("Cert pin", d.certPin + cert.0, cert.1)
    }

    /// Every pin of the domain, with its role, type, position and label.
    private static func pinList(_ domain: DomainPolicy, into text: inout PaneText) {
        text.lines.append(Line(""))
        text.paragraph("Pins (\(domain.pins.count))", .label)
        if domain.pins.isEmpty { text.paragraph("none: p pins the selected level's key", .dim, indent: "  ") }
        for pin in domain.pins {
            let marker = pin.role == .active ? Marker.activePin.symbol : Marker.backupPin.symbol
            let line = "\(marker) \(pin.role.rawValue) \(pin.type.rawValue) \(pin.position.rawValue) \(pin.value)"
            text.paragraph(line, pin.role == .active ? .pinActive : .pinBackup, indent: "  ")
            if let label = pin.label { text.paragraph(label.terminalSafe, .dim, indent: "    ") }
        }
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
            ?? Layout(size: state.chrome.size, focus: .certificate).panes[.certificate]
            ?? Rect(x: 0, y: 0, width: state.chrome.size.width, height: state.chrome.size.height)
        return page(for: state, inside: rect.inset(by: 1))
    }

    static func draw(into frame: inout Frame, rect: Rect, state: WorkbenchState) {
        guard rect.width > 1 else { return }
        let shown = Self.page(for: state, inside: rect)
        let all = shown.lines
        let start = state.selection.certificateScroll.shownOffset(lineCount: all.count, rows: shown.rows)
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
