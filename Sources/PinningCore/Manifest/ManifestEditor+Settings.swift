extension ManifestEditor {
    /// Changes `host`'s settings with `change`, which starts from the settings the domain has now. Says what changed
    /// setting by setting, or that nothing did.
    public static func updateSettings(
        host: String, in manifest: inout PinManifest, _ change: (inout DomainSettings) -> Void
    ) -> Outcome {
        guard let index = manifest.indexOfDomain(host) else {
            return .unchanged("\(host) is not in the manifest; nothing changed")
        }
        let old = DomainSettings(manifest.domains[index])
        var new = old
        change(&new)
        let phrases = new.changes(from: old)
        guard !phrases.isEmpty else {
            return .unchanged("\(host) already has these settings; nothing changed")
        }
        new.apply(to: &manifest.domains[index])
        return .changed("\(host): " + phrases.joined(separator: ", "))
    }

    /// Sets the note of `host`'s pin `value`; an empty or nil note removes it.
    public static func setNote(
        _ note: String?, value: String, host: String, in manifest: inout PinManifest
    )
        -> Outcome
    {
        guard let index = manifest.indexOfDomain(host) else {
            return .unchanged("\(host) is not in the manifest; nothing changed")
        }
        guard let pinIndex = manifest.domains[index].pins.firstIndex(where: { $0.value == value }) else {
            return .unchanged("\(host) has no pin \(value); nothing changed")
        }
        let new = note.flatMap { $0.isEmpty ? nil : $0 }
        guard manifest.domains[index].pins[pinIndex].note != new else {
            return .unchanged("pin \(value) of \(host) already has this note; nothing changed")
        }
        manifest.domains[index].pins[pinIndex].note = new
        return .changed(new == nil ? "removed the note of pin \(value) of \(host)" : "noted pin \(value) of \(host)")
    }
}
