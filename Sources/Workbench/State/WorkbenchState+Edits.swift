import Foundation
import PinningCore

/// Manifest edits from the Chain and Certificate panes and the Domains pane. Each goes through the core's
/// ``ManifestEditor`` (so the CLI and the workbench say the same thing), records undo, and asks for a new verdict.
extension WorkbenchState {
    /// Pins the selected level's key (`p`) or whole certificate (`P`). Pinning what is already pinned says so and
    /// changes nothing; it never toggles.
    mutating func pin(_ type: PinType) -> [Effect] {
        guard let (domain, level) = selectedLevelOrExplain() else { return [] }
        let pin = Pin(certificate: level.details, level: selectedLevel, type: type, role: .active, added: now)
        var edited = manifest
        let outcome = ManifestEditor.addPin(pin, host: domain.host, to: &edited)
        let effects = commit(outcome, edited, host: domain.normalizedHost)
        if outcome.didChange, !level.verified {
            message = StatusMessage(
                outcome.message.terminalSafe + " (warning: level \(selectedLevel) is not in the verified path, "
                    + "so this pin cannot match until it is)", isError: true)
        }
        return effects
    }

    /// Flips every pin of the selected level between active and backup.
    mutating func toggleBackup() -> [Effect] {
        guard let (domain, level) = selectedLevelOrExplain() else { return [] }
        let values = pinsAt(level, in: domain).map(\.value)
        guard !values.isEmpty else {
            message = StatusMessage("level \(selectedLevel) is not pinned; p pins its key, P the certificate")
            return []
        }
        var edited = manifest
        let outcomes = values.map { ManifestEditor.toggleBackup(value: $0, host: domain.host, in: &edited) }
        return commit(outcomes, edited, host: domain.normalizedHost)
    }

    /// Removes every pin of the selected level.
    mutating func unpin() -> [Effect] {
        guard let (domain, level) = selectedLevelOrExplain() else { return [] }
        let values = pinsAt(level, in: domain).map(\.value)
        guard !values.isEmpty else {
            message = StatusMessage("level \(selectedLevel) is not pinned; nothing changed")
            return []
        }
        var edited = manifest
        let outcomes = values.map { ManifestEditor.removePin(value: $0, host: domain.host, from: &edited) }
        return commit(outcomes, edited, host: domain.normalizedHost)
    }

    /// Adds the domain typed at the prompt (`host`, `host:port` or `[IPv6]:port`), selects it and fetches it. The
    /// host passes the same rule as the manifest's (``HostName``); a refusal says what to type instead.
    mutating func addDomain(_ text: String) -> [Effect] {
        let endpoint: HostEndpoint
        do {
            endpoint = try HostEndpoint(text.trimmingCharacters(in: .whitespaces))
        } catch {
            message = StatusMessage(error.description, isError: true)
            return []
        }
        let domain = DomainPolicy(host: endpoint.host.text, port: endpoint.port ?? 443)
        var edited = manifest
        let outcome = ManifestEditor.addDomain(domain, to: &edited)
        var effects = commit(outcome, edited, host: domain.normalizedHost)
        guard outcome.didChange else { return effects }
        if !filter.isEmpty, !domain.host.contains(filter.lowercased()) { setFilter("") }
        if let index = visibleDomains.firstIndex(where: { manifest.domains[$0].normalizedHost == domain.normalizedHost }
        ) {
            selectedDomain = index
            selectedLevel = 0
            certificateScroll = 0
        }
        effects += fetch([domain])
        return effects
    }

    mutating func deleteDomain(_ host: String) -> [Effect] {
        var edited = manifest
        let outcome = ManifestEditor.removeDomain(host: host, from: &edited)
        return commit(outcome, edited, host: DomainPolicy(host: host).normalizedHost)
    }

    /// Restores the manifest before the last edit.
    mutating func undo() -> [Effect] {
        guard let entry = undoStack.popLast() else {
            message = StatusMessage("nothing to undo")
            return []
        }
        replaceManifest(entry.manifest)
        message = StatusMessage("undid: \(entry.description.terminalSafe)")
        return entry.host.map(revalidate) ?? []
    }

    // MARK: - Helpers

    /// The pins of `domain` that match a level's key or certificate.
    func pinsAt(_ level: ChainLevel, in domain: DomainPolicy) -> [Pin] {
        domain.pins.filter { $0.value == level.details.spkiPin || $0.value == level.details.certPin }
    }

    private mutating func selectedLevelOrExplain() -> (DomainPolicy, ChainLevel)? {
        guard let domain = selectedDomainPolicy else {
            message = StatusMessage("no domain selected; a adds one")
            return nil
        }
        guard let level = selectedChainLevel else {
            message = StatusMessage("no chain for \(domain.host.terminalSafe) yet: r fetches it")
            return nil
        }
        return (domain, level)
    }

    private mutating func commit(_ outcome: ManifestEditor.Outcome, _ edited: PinManifest, host: String) -> [Effect] {
        commit([outcome], edited, host: host)
    }

    private mutating func commit(_ outcomes: [ManifestEditor.Outcome], _ edited: PinManifest, host: String) -> [Effect]
    {
        let text = outcomes.map(\.message).joined(separator: "; ").terminalSafe
        guard outcomes.contains(where: \.didChange) else {
            message = StatusMessage(text)
            return []
        }
        commitEdit(edited, undo: text, previous: manifest, host: host)
        message = StatusMessage(text)
        return revalidate(host)
    }
}
