import PinningCore

/// A manifest diff in lines a reviewer reads, shared by `pinbench diff` and the workbench's `m` and write gate.
///
/// Lines are plain text: manifest strings (hosts, labels, notes) appear as they are, so every front end passes them
/// through its own output encoder (the terminal's ``TerminalSafeText``) before showing them.
public struct ManifestDiffLine: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// A domain's heading line.
        case domain
        case added, removed, changed
        /// A lockout risk the change brings in, and one the domain already had.
        case risk, priorRisk
        /// A pin some of the clients the manifest is exported to can never match, or a domain one refuses
        /// (``ClientWarning``); the same kind whether or not the domain had it before.
        case clientWarning
        /// Context: unchecked domains, nothing changed.
        case note
    }

    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }
}

extension ManifestDiff {
    /// The diff as lines: `+`, `-` and `~` domains with their settings and pins, then the lockout risks if
    /// `assessment` is given, then the client warnings. An empty diff is the single line `no changes`.
    public func lines(
        assessment: LockoutAssessment? = nil, clientWarnings: [ClientWarning] = []
    ) -> [ManifestDiffLine] {
        var lines: [ManifestDiffLine] = []
        if isEmpty { lines.append(ManifestDiffLine(.note, "no changes")) }
        for path in trustAnchorsAdded { lines.append(ManifestDiffLine(.added, "+ trust anchor \(path)")) }
        for path in trustAnchorsRemoved { lines.append(ManifestDiffLine(.removed, "- trust anchor \(path)")) }
        if let caCatalog {
            let name = { (folder: String?) in folder.map { "\"\($0)\"" } ?? "none" }
            lines.append(
                ManifestDiffLine(.changed, "~ caCatalog: \(name(caCatalog.old)) → \(name(caCatalog.new))"))
        }
        if let releaseFieldDays {
            let days = { (value: String?) in value.map { "\($0) days" } ?? "default" }
            lines.append(
                ManifestDiffLine(
                    .changed,
                    "~ releaseFieldDays: \(days(releaseFieldDays.old)) → \(days(releaseFieldDays.new))"))
        }
        for change in domains { lines += change.lines() }
        if let assessment { lines += Self.lines(assessment) }
        for warning in clientWarnings {
            let prefix = warning.alsoBefore ? "  (already before) clients: " : "! CLIENTS "
            let host = warning.finding.host ?? "manifest"
            lines.append(ManifestDiffLine(.clientWarning, "\(prefix)\(host): \(warning.finding.message)"))
        }
        return lines
    }

    /// The lockout risks' lines, then the note on domains whose risk could not be checked.
    private static func lines(_ assessment: LockoutAssessment) -> [ManifestDiffLine] {
        var lines: [ManifestDiffLine] = []
        for risk in assessment.risks {
            let prefix = risk.alsoBefore ? "  (already before) " : "✗ LOCKOUT RISK "
            let via = risk.servedHost.map { $0 == risk.host ? "" : " (as \($0) serves it, includeSubdomains)" } ?? ""
            lines.append(
                ManifestDiffLine(
                    risk.alsoBefore ? .priorRisk : .risk, "\(prefix)\(risk.host)\(via): \(risk.message)"))
        }
        if !assessment.unchecked.isEmpty {
            let hosts = assessment.unchecked.prefix(5).joined(separator: ", ")
            let more = assessment.unchecked.count > 5 ? " and \(assessment.unchecked.count - 5) more" : ""
            lines.append(
                ManifestDiffLine(.note, "? lockout risk not checked (no served chain) for \(hosts)\(more)"))
        }
        return lines
    }

    /// `2 domains changed, 1 added; 3 pins added, 1 removed`: the diff in one line, for status messages.
    public var summary: String {
        guard !isEmpty else { return "no changes" }
        var parts: [String] = []
        for kind in [DomainChange.Kind.added, .removed, .changed] {
            let count = domains.filter { $0.kind == kind }.count
            if count > 0 { parts.append("\(count) \(count == 1 ? "domain" : "domains") \(kind.rawValue)") }
        }
        let anchors = trustAnchorsAdded.count + trustAnchorsRemoved.count
        if anchors > 0 { parts.append("\(anchors) trust anchor\(anchors == 1 ? "" : "s") changed") }
        if caCatalog != nil { parts.append("caCatalog changed") }
        if releaseFieldDays != nil { parts.append("releaseFieldDays changed") }
        return parts.joined(separator: ", ")
    }
}

extension DomainChange {
    func lines() -> [ManifestDiffLine] {
        var lines: [ManifestDiffLine] = []
        let domain = new ?? old
        let port = domain.map { $0.port == 443 ? "" : ":\($0.port)" } ?? ""
        switch kind {
        case .added:
            let mode = new.map { "\($0.mode.rawValue), \(pinCount($0.pins.count))" } ?? ""
            lines.append(ManifestDiffLine(.domain, "+ \(host)\(port) (new domain: \(mode))"))
        case .removed:
            lines.append(
                ManifestDiffLine(.domain, "- \(host)\(port) (removed with \(pinCount(old?.pins.count ?? 0)))"))
        case .changed:
            lines.append(ManifestDiffLine(.domain, "~ \(host)\(port)"))
        }
        for setting in settings {
            let (old, new) = setting.values
            lines.append(ManifestDiffLine(.changed, "    \(setting.field): \(old) → \(new)"))
        }
        for pin in pins { lines.append(pin.line()) }
        return lines
    }

    private func pinCount(_ count: Int) -> String { "\(count) pin\(count == 1 ? "" : "s")" }
}

extension PinChange {
    func line() -> ManifestDiffLine {
        switch kind {
        case .added:
            return ManifestDiffLine(.added, "    + pin " + Self.describe(new))
        case .removed:
            return ManifestDiffLine(.removed, "    - pin " + Self.describe(old))
        case .changed:
            let parts = fields.map { field in
                let before = old.flatMap(field.read).map(Self.quoted(field)) ?? "none"
                let after = new.flatMap(field.read).map(Self.quoted(field)) ?? "none"
                return "\(field.rawValue) \(before) → \(after)"
            }
            return ManifestDiffLine(.changed, "    ~ pin \(value): " + parts.joined(separator: ", "))
        }
    }

    private static func describe(_ pin: Pin?) -> String {
        guard let pin else { return "" }
        let label = pin.label.map { " \"\($0)\"" } ?? ""
        return "\(pin.type.rawValue) \(pin.value) \(pin.role.rawValue), \(pin.position.rawValue)\(label)"
    }

    private static func quoted(_ field: Field) -> (String) -> String {
        { field == .label || field == .note ? "\"\($0)\"" : $0 }
    }
}
