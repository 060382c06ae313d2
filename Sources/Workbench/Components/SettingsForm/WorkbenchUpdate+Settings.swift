import ManifestEditing
import PinningCore

/// The settings form (`e`) opened, driven and applied.
extension WorkbenchUpdate {
    /// Opens the form for the selected domain, linted as it stands.
    mutating func openSettings() {
        guard let domain = selectedDomainPolicy else {
            say(.noDomainSelected)
            return
        }
        var form = SettingsForm(domain: domain)
        form.lint(
            manifest, now: chrome.now, served: servedChains, environment: editing.lintEnvironment,
            chain: results.live[domain.normalizedHost]?.chain?.certificates)
        overlay = .settings(form)
    }

    /// A key while the form is open: the form's own context in the key table decides what it means.
    mutating func handleSettingsKey(_ key: Key, _ current: SettingsForm) -> [Effect] {
        var form = current
        let action = form.update(key: key, command: keyMap.command(for: key, in: [.settings]))
        switch action {
        case .stay:
            overlay = .settings(form)
        case .relint:
            form.lint(
                manifest, now: chrome.now, served: servedChains, environment: editing.lintEnvironment,
                chain: results.live[DomainPolicy(host: form.host).normalizedHost]?.chain?.certificates)
            overlay = .settings(form)
        case .cancel:
            overlay = nil
            say(.settingsUnchanged(host: form.host))
        case .apply(let settings):
            overlay = nil
            return applySettings(settings, host: form.host)
        }
        return []
    }

    /// Applies `settings` to `host` as one undoable edit; a new port or address to dial fetches the chain again.
    mutating func applySettings(_ settings: DomainSettings, host: String) -> [Effect] {
        var edited = manifest
        let before = manifest.indexOfDomain(host).map { DomainSettings(manifest.domains[$0]) }
        let outcome = ManifestEditor.updateSettings(host: host, in: &edited) { $0 = settings }
        let text = outcome.description.terminalSafe
        say(.edited(outcome))
        guard outcome.didChange else { return [] }
        let key = DomainPolicy(host: host).normalizedHost
        commitEdit(edited, undo: text, previous: manifest, host: key)
        if before?.port != settings.port || before?.connect != settings.connect,
            let domain = manifest.domains.first(where: { $0.normalizedHost == key })
        {
            return fetch([domain])
        }
        return revalidate(key)
    }
}
