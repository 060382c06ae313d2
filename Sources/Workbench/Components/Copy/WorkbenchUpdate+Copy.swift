import PinningCore

extension WorkbenchUpdate {
    /// `y`: sends the selected level's SPKI pin (in the Pins pane: the selected pin) to the clipboard and opens the
    /// copy dialog with its other values.
    mutating func openCopyDialog() -> [Effect] {
        if selection.focus == .pins, let domain = selectedDomainPolicy {
            guard let pin = selection.pinsPane.selectedPin(in: domain.pins) else {
                say(.nothingToCopyFromPins)
                return []
            }
            return showCopy(
                subject: "\(domain.host) pin \(pin.label ?? pin.type.rawValue) (\(pin.role.rawValue))",
                values: [.init("Pin (\(pin.type.rawValue))", pin.value)])
        }
        guard let domain = selectedDomainPolicy, let level = selectedChainLevel else {
            say(.nothingToCopy)
            return []
        }
        let d = level.details
        // A report's chain is the sender's (a proxy's, perhaps an attacker's): said, never passed off as the server's.
        let report = state.reports.opened.flatMap { $0.host == domain.normalizedHost ? $0.id : nil }
        return showCopy(
            subject: (report.map { "report #\($0)'s chain (the sender's, not the server's): " } ?? "")
                + "\(domain.host) level \(selection.selectedLevel) (\(level.kind(level: selection.selectedLevel))): \(d.subject)",
            values: [
                .init("SPKI pin (spki-sha256)", d.spkiPin),
                .init("Certificate pin (cert-sha256)", d.certPin),
                .init("SHA-256 fingerprint", d.sha256Fingerprint),
                .init("SHA-1 fingerprint", d.sha1Fingerprint),
            ])
    }

    /// Copies the first of `values` and opens the copy dialog on them: the entry point for any pane with something
    /// to copy (a pin of the Pins view passes its value, type and label).
    mutating func showCopy(subject: String, values: [CopyDialog.Value]) -> [Effect] {
        var dialog = CopyDialog(subject: subject, values: values)
        let outcome = dialog.update(.copy)
        overlay = .copy(dialog)
        return clipboardEffects(outcome)
    }

    mutating func handleCopyDialogKey(_ key: Key, _ dialog: CopyDialog) -> [Effect] {
        var dialog = dialog
        let outcome = dialog.update(keyMap.command(for: key, in: [.copyDialog, .global]))
        overlay = outcome == .close ? nil : .copy(dialog)
        return clipboardEffects(outcome)
    }

    private mutating func clipboardEffects(_ outcome: CopyDialog.Action) -> [Effect] {
        guard case .copy(let text) = outcome else { return [] }
        guard text.utf8.count <= OutputRequest.clipboardLimit else {
            say(.clipboardTooLong)
            return []
        }
        return [.output(.clipboard(text))]
    }
}
