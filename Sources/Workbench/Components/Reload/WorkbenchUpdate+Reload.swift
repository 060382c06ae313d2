import ManifestEditing
import ManifestLint
import PinningCore

/// Live reload: the backend watches the manifest file and sends what it reads (``WorkbenchMessage/manifestOnDisk``).
///
/// With no unsaved edits the disk's version is taken in at once. With unsaved edits the user chooses in the
/// ``ReloadPrompt`` overlay. A file that cannot be read or is not a valid manifest is never taken in: the session
/// keeps its manifest and its edits. The write's own check (``ManifestStore/save(_:lockTimeout:)`` refuses a file
/// changed since it was loaded) stays the last guard: nothing here writes.
extension WorkbenchUpdate {
    mutating func diskChanged(_ result: Result<ManifestDocument, ManifestError>, lint: LintEnvironment?) -> [Effect] {
        let name = editing.document.url.lastPathComponent.terminalSafe
        let disk: ManifestDocument
        switch result {
        case .failure(let error):
            say(.diskUnusable(file: name, error))
            return []
        case .success(let read):
            disk = read
        }
        // Our own write, or the file touched without a change of content.
        guard disk.loadedFingerprint != editing.document.loadedFingerprint else {
            holdDiskVersion(nil, lint: nil)
            return []
        }
        if !editing.isDirty {
            return reload(disk, lint: lint)
        }
        holdDiskVersion(disk, lint: lint)
        offerDiskVersion()
        return []
    }

    /// Opens the reload overlay for ``EditedDocument/diskVersion`` over whatever dialog was open (any write it
    /// offered would be refused now).
    mutating func offerDiskVersion() {
        guard let disk = editing.diskVersion else { return }
        overlay = .reload(
            ReloadPrompt(disk: disk, lint: editing.diskVersionLint, loaded: editing.savedManifest, edited: manifest))
    }

    mutating func handleReloadCommand(_ command: Command, _ current: ReloadPrompt) -> [Effect] {
        var prompt = current
        let action = prompt.update(command, page: pageSize)
        overlay = .reload(prompt)
        guard action != .stay else { return [] }
        return choose(action, prompt)
    }

    mutating func choose(_ action: ReloadPrompt.Action, _ prompt: ReloadPrompt) -> [Effect] {
        overlay = nil
        let name = editing.document.url.lastPathComponent.terminalSafe
        switch action {
        case .stay:
            return []
        case .reload:
            return reload(prompt.disk, lint: prompt.lint, droppingEdits: true)
        case .reapply:
            let before = manifest
            let mine = ManifestDiff(from: editing.savedManifest, to: manifest)
            let (merged, conflicts) = mine.apply(to: prompt.disk.manifest)
            adoptDiskVersion(prompt.disk, lint: prompt.lint, edited: merged)
            guard !conflicts.isEmpty else {
                say(.reapplied(file: name))
                return revalidate(changedBetween: before, manifest)
            }
            say(.reappliedExcept(file: name, conflicts: conflicts.map { "\($0.host): \($0.detail)" }))
            return revalidate(changedBetween: before, manifest)
        case .keepEditing:
            say(.keptEdits(file: name))
            return []
        }
    }

    /// Takes in `disk` as the manifest, keeping the selection on its host, and says so.
    private mutating func reload(
        _ disk: ManifestDocument, lint: LintEnvironment?, droppingEdits: Bool = false
    ) -> [Effect] {
        let before = manifest
        let change = ManifestDiff(from: editing.savedManifest, to: disk.manifest)
        adoptDiskVersion(disk, lint: lint, edited: disk.manifest)
        switch overlay {
        case .diff, .writeGate: overlay = nil  // they showed the old version
        default: break
        }
        let name = editing.document.url.lastPathComponent.terminalSafe
        say(.reloaded(file: name, summary: change.summary, droppedEdits: droppingEdits))
        return revalidate(changedBetween: before, manifest)
    }

    /// New verdicts for the domains whose policy differs between two manifests (a verdict depends on its policy).
    private func revalidate(changedBetween old: PinManifest, _ new: PinManifest) -> [Effect] {
        ManifestDiff(from: old, to: new).domains.flatMap { revalidate($0.host) }
    }
}
