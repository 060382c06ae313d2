import ManifestLint
import PinningCore

/// Draws the settings form as an overlay: one row per setting (a `*` marks a changed one, and the lint rule it sets
/// off is named beside it), the line being typed, then the lint findings for the domain with the draft, marked new
/// or resolved against the settings it has now, and last the draft's effective issuance with its provenance.
enum SettingsFormView {
    static let nameWidth = 18

    static func lines(_ form: SettingsForm, width: Int) -> [CertificatePane.Line] {
        var lines = SettingsForm.Field.allCases.map { row(of: $0, in: form) }
        if let error = form.error {
            for part in Frame.wrap("✗ " + error.description.terminalSafe, width: width) {
                lines.append(.init(part, .error))
            }
        } else if form.editing != nil {
            lines.append(.init(hint(for: form.field), .dim))
        } else {
            lines.append(.init(form.field.isChoice ? "Enter toggles this setting" : "Enter types a new value", .dim))
        }
        lines.append(.init(""))

        let changes = form.draft.changes(from: form.original)
        lines.append(
            .init(
                changes.isEmpty
                    ? "No changes yet." : "Lint for \(form.host.terminalSafe) with these settings:", .label))
        if form.draftFindings.isEmpty {
            lines.append(.init("✓ no findings", .verdictAccepted))
        }
        for finding in form.draftFindings {
            let isError = finding.severity == .error
            let isNew = form.newFindings.contains(finding)
            let head =
                (isError ? "✗ error " : "! warning ") + "[\(finding.rule.rawValue)] " + finding.message.terminalSafe
                + (isNew ? " (new)" : "")
            for part in Frame.wrap(head, width: width) {
                lines.append(.init(part, isError ? .verdictRejected : .verdictWarning))
            }
        }
        for finding in form.resolvedFindings {
            for part in Frame.wrap(
                "✓ resolved [\(finding.rule.rawValue)] " + finding.message.terminalSafe, width: width)
            {
                lines.append(.init(part, .verdictAccepted))
            }
        }
        // The draft's effective issuance, each value with where it comes from; a CA move is a warning.
        if !form.issuanceLines.isEmpty { lines.append(.init("")) }
        for line in form.issuanceLines {
            for part in Frame.wrap(line.terminalSafe, width: width) { lines.append(.init(part, .overlayText)) }
        }
        for part in form.issuanceWarning.map({ Frame.wrap($0.terminalSafe, width: width) }) ?? [] {
            lines.append(.init(part, .verdictWarning))
        }
        return lines
    }

    /// A setting's row: its name, its value (or the text being typed), and the lint rules it sets off, in the
    /// error colour when one of them is an error.
    static func row(of field: SettingsForm.Field, in form: SettingsForm) -> CertificatePane.Line {
        let selected = field == form.field
        var value = form.text(of: field, in: form.draft).terminalSafe
        if selected, let typed = form.editing { value = typed.terminalSafe + "▏" }
        let consequences = form.findings(for: field)
        var text =
            (selected ? "▸ " : "  ") + (form.isChanged(field) ? "* " : "  ")
            + Frame.pad(field.label, toWidth: nameWidth)
            + " " + value
        if !consequences.isEmpty { text += "   " + consequences.map(consequenceText).joined(separator: ", ") }
        let role: StyleRole =
            consequences.contains { $0.severity == .error } ? .verdictRejected : (selected ? .label : .overlayText)
        return .init(text, role)
    }

    /// A lint rule a setting sets off, as its row names it: `✗` for an error, `!` for a warning.
    static func consequenceText(_ finding: LintFinding) -> String {
        (finding.severity == .error ? "✗ " : "! ") + finding.rule.rawValue
    }

    static func hint(for field: SettingsForm.Field) -> String {
        switch field {
        case .expires: return "YYYY-MM-DD or none · Enter takes it · Esc drops it"
        case .port: return "1 to 65535 · Enter takes it · Esc drops it"
        case .connect: return "ADDRESS:PORT or none · Enter takes it · Esc drops it"
        case .issuanceCA: return "a CA catalog id (letsencrypt), private, or none · Enter takes it · Esc drops it"
        case .issuanceProfile: return "a profile of the CA (classic) or none · Enter takes it · Esc drops it"
        case .lifetimeDays:
            let range = DomainIssuance.lifetimeDaysRange
            return "days, \(range.lowerBound) to \(range.upperBound), or none · Enter takes it · Esc drops it"
        case .mode, .includeSubdomains, .keyReuse: return ""
        }
    }

    static func draw(into frame: inout Frame, form: SettingsForm) {
        let width = max(20, min(frame.size.width - 8, 90))
        let footer =
            form.editing != nil
            ? "Enter take value · Esc drop it"
            : "↑↓ field · Enter change · y apply (z undoes) · Esc cancel"
        DialogOverlays.drawScrolling(
            into: &frame, title: "Settings: \(form.host.terminalSafe)", lines: lines(form, width: width), scroll: 0,
            footer: footer)
    }
}
