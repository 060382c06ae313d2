import ManifestEditing
import PinningCore

/// The Pins pane's requests carried out: each edit goes through the core's ``ManifestEditor`` and ``commitEdit``
/// (undo, re-validation), as the Chain pane's do.
extension WorkbenchUpdate {
    /// Runs `command` in the Pins pane; nil when the pane leaves it to the rest of the workbench.
    mutating func performInPins(_ command: Command) -> [Effect]? {
        switch command {
        case .moveUp, .moveDown, .pageUp, .pageDown, .moveTop, .moveBottom, .unpin, .toggleBackup, .editNote:
            break
        default:
            return nil
        }
        guard let domain = selectedDomainPolicy else {
            say(.noDomainSelected)
            return []
        }
        let action = selection.pinsPane.update(command, pins: domain.pins, pageSize: pageSize)
        switch action {
        case .stay:
            return []
        case .explain(let text):
            say(.pinsPaneHint(text))
            return []
        case .unpin(let pin):
            var edited = manifest
            let outcome = ManifestEditor.removePin(value: pin.value, host: domain.host, from: &edited)
            return commitPinsEdit(outcome, edited, host: domain.normalizedHost)
        case .toggleRole(let pin):
            var edited = manifest
            let outcome = ManifestEditor.toggleBackup(value: pin.value, host: domain.host, in: &edited)
            return commitPinsEdit(outcome, edited, host: domain.normalizedHost)
        case .editNote(let pin):
            prompt = Prompt(kind: .pinNote(host: domain.host, value: pin.value), text: pin.note ?? "")
            return []
        }
    }

    /// Sets the note typed at the prompt on `host`'s pin `value` (empty removes it).
    mutating func setNote(_ text: String, value: String, host: String) -> [Effect] {
        let note = text.trimmingCharacters(in: .whitespaces)
        if let problem = PinText.problem(note) {
            say(.noteRefused(problem: problem))
            return []
        }
        var edited = manifest
        let outcome = ManifestEditor.setNote(note, value: value, host: host, in: &edited)
        return commitPinsEdit(outcome, edited, host: DomainPolicy(host: host).normalizedHost)
    }

    private mutating func commitPinsEdit(
        _ outcome: ManifestEditor.Outcome, _ edited: PinManifest, host: String
    )
        -> [Effect]
    {
        let text = outcome.description.terminalSafe
        say(.edited(outcome))
        guard outcome.didChange else { return [] }
        commitEdit(edited, undo: text, previous: manifest, host: host)
        return revalidate(host)
    }
}
