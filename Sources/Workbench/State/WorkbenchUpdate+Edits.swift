import Foundation
import ManifestEditing
import PinningCore

/// Manifest edits from the Chain and Certificate panes and the Domains pane. Each goes through the core's
/// ``ManifestEditor`` (so the CLI and the workbench say the same thing), records undo, and asks for a new verdict.
extension WorkbenchUpdate {
    /// Pins the selected level's key (`p`) or whole certificate (`P`). Pinning what is already pinned says so and
    /// changes nothing; it never toggles.
    mutating func pin(_ type: PinType) -> [Effect] {
        guard let (domain, level) = selectedLevelOrExplain() else { return [] }
        let pin = Pin(
            certificate: level.details, level: selection.selectedLevel, type: type, role: .active, added: chrome.now)
        var edited = manifest
        let outcome = ManifestEditor.addPin(pin, host: domain.host, to: &edited)
        let offPathLevel = outcome.didChange && !level.verified ? selection.selectedLevel : nil
        return commit(outcome, edited, host: domain.normalizedHost) { .pinned($0, offPathLevel: offPathLevel) }
    }

    /// Flips the selected level's pin (the one pinned last, key or certificate) between active and backup.
    mutating func toggleBackup() -> [Effect] {
        guard let (domain, level) = selectedLevelOrExplain() else { return [] }
        guard let pin = levelPin(level, in: domain) else {
            say(.nothingToToggle(level: selection.selectedLevel))
            return []
        }
        var edited = manifest
        let outcome = ManifestEditor.toggleBackup(value: pin.value, host: domain.host, in: &edited)
        return commitLevelEdit(outcome, edited, pin: pin, level: level, domain: domain)
    }

    /// Removes the selected level's pin (the one pinned last, key or certificate).
    mutating func unpin() -> [Effect] {
        guard let (domain, level) = selectedLevelOrExplain() else { return [] }
        guard let pin = levelPin(level, in: domain) else {
            say(.nothingToUnpin(level: selection.selectedLevel))
            return []
        }
        var edited = manifest
        let outcome = ManifestEditor.removePin(value: pin.value, host: domain.host, from: &edited)
        return commitLevelEdit(outcome, edited, pin: pin, level: level, domain: domain)
    }

    /// Commits a chain-level edit and says which pin type it touched, and that the other type was left alone.
    private mutating func commitLevelEdit(
        _ outcome: ManifestEditor.Outcome, _ edited: PinManifest, pin: Pin, level: ChainLevel, domain: DomainPolicy
    ) -> [Effect] {
        let index = selection.selectedLevel
        let otherPinUnchanged = pinsAt(level, in: domain).count > 1
        return commit(outcome, edited, host: domain.normalizedHost) {
            .levelPinEdited($0, type: pin.type, level: index, otherPinUnchanged: otherPinUnchanged)
        }
    }

    /// Adds the domain typed at the prompt (`host`, `host:port` or `[IPv6]:port`), selects it and fetches it. The
    /// host passes the same rule as the manifest's (``HostName``); a refusal says what to type instead.
    mutating func addDomain(_ text: String) -> [Effect] {
        let endpoint: HostEndpoint
        do {
            endpoint = try HostEndpoint(text.trimmingCharacters(in: .whitespaces))
        } catch {
            say(.domainRefused(error))
            return []
        }
        // The defaults every front end gives a new domain (report-only until it has a backup pin).
        let domain = DomainPolicy.newDomain(host: endpoint.host.text, port: endpoint.port ?? 443)
        var edited = manifest
        let outcome = ManifestEditor.addDomain(domain, to: &edited)
        var effects = commit(outcome, edited, host: domain.normalizedHost)
        guard outcome.didChange else { return effects }
        if !selection.filter.isEmpty, !domain.host.contains(selection.filter.lowercased()) { setFilter("") }
        if let index = selection.visibleDomains.firstIndex(where: {
            manifest.domains[$0].normalizedHost == domain.normalizedHost
        }
        ) {
            selection.selectedDomain = index
            startAtTopOfDomain()
        }
        effects += fetch([domain])
        return effects
    }

    mutating func deleteDomain(_ host: String) -> [Effect] {
        var edited = manifest
        let outcome = ManifestEditor.removeDomain(host: host, from: &edited)
        return commit(outcome, edited, host: DomainPolicy(host: host).normalizedHost)
    }

    /// Restores the manifest before the last edit; `Z` brings the edit back.
    mutating func undo() -> [Effect] {
        guard let entry = stepHistory(undo: true) else {
            say(.nothingToUndo)
            return []
        }
        let before = entry.host.flatMap(policy(normalized:))
        replaceManifest(entry.manifest)
        say(.undid(entry.description))
        return afterHistoryStep(entry, before: before)
    }

    /// Re-applies the edit undone last. A new edit clears what can be redone.
    mutating func redo() -> [Effect] {
        guard let entry = stepHistory(undo: false) else {
            say(.nothingToRedo)
            return []
        }
        let before = entry.host.flatMap(policy(normalized:))
        replaceManifest(entry.manifest)
        say(.redid(entry.description))
        return afterHistoryStep(entry, before: before)
    }

    /// After undo or redo: a domain whose port or address to dial changed is fetched again, else re-judged.
    private mutating func afterHistoryStep(_ entry: UndoEntry, before: DomainPolicy?) -> [Effect] {
        guard let host = entry.host else { return [] }
        if let before, let after = policy(normalized: host), FetchRequest(before) != FetchRequest(after) {
            return fetch([after])
        }
        return revalidate(host)
    }

    private func policy(normalized host: String) -> DomainPolicy? {
        manifest.domains.first { $0.normalizedHost == host }
    }

    // MARK: - Helpers

    private mutating func selectedLevelOrExplain() -> (DomainPolicy, ChainLevel)? {
        guard let domain = selectedDomainPolicy else {
            say(.noDomainSelected)
            return nil
        }
        guard state.reports.opened?.host != domain.normalizedHost else {
            say(.reportChainNotPinnable)
            return nil
        }
        guard let level = selectedChainLevel else {
            say(.noChainYet(host: domain.host))
            return nil
        }
        return (domain, level)
    }

    /// Commits an edit (undo, re-validation) and posts one notice for it: `report` turns the outcome into the
    /// notice, so a caller that adds to it still records it once in the log.
    private mutating func commit(
        _ outcome: ManifestEditor.Outcome, _ edited: PinManifest, host: String,
        report: (ManifestEditor.Outcome) -> Notice = { .edited($0) }
    ) -> [Effect] {
        let text = outcome.description.terminalSafe
        say(report(outcome))
        guard outcome.didChange else { return [] }
        commitEdit(edited, undo: text, previous: manifest, host: host)
        return revalidate(host)
    }
}

extension WorkbenchState {
    /// The pin `b` and `u` act on at a chain level: of the level's key and certificate pins, the one pinned last
    /// (the later in the manifest's list), so `P` then `b` makes that certificate pin the backup. The other stays as
    /// it is; the Pins pane (4) reaches every pin.
    func levelPin(_ level: ChainLevel, in domain: DomainPolicy) -> Pin? {
        pinsAt(level, in: domain).last
    }

    /// The pins of `domain` that match a level's key or certificate.
    func pinsAt(_ level: ChainLevel, in domain: DomainPolicy) -> [Pin] {
        domain.pins.filter { $0.value == level.details.spkiPin || $0.value == level.details.certPin }
    }
}
