import PinningCore

extension ManifestEditor {
    /// Changes `host`'s settings with `change`, which starts from the settings the domain has now. Says what changed
    /// setting by setting, or that nothing did.
    public static func updateSettings(
        host: String, in manifest: inout PinManifest, _ change: (inout DomainSettings) -> Void
    ) -> Outcome {
        guard let index = manifest.indexOfDomain(host) else {
            return .unknownDomain(host)
        }
        let old = DomainSettings(manifest.domains[index])
        var new = old
        change(&new)
        guard !new.changes(from: old).isEmpty else { return .settingsAlreadySet(host) }
        new.apply(to: &manifest.domains[index])
        return .settingsChanged(host, from: old, to: new)
    }

    /// Sets the note of `host`'s pin `value`; an empty or nil note removes it.
    public static func setNote(
        _ note: String?, value: String, host: String, in manifest: inout PinManifest
    )
        -> Outcome
    {
        guard let index = manifest.indexOfDomain(host) else {
            return .unknownDomain(host)
        }
        guard let pinIndex = manifest.domains[index].pins.firstIndex(where: { $0.value == value }) else {
            return .unknownPin(value, host: host)
        }
        let new = note.flatMap { $0.isEmpty ? nil : $0 }
        guard manifest.domains[index].pins[pinIndex].note != new else {
            return .noteAlreadySet(value, host: host)
        }
        manifest.domains[index].pins[pinIndex].note = new
        return new == nil ? .noteRemoved(value, host: host) : .noted(value, host: host)
    }
}
