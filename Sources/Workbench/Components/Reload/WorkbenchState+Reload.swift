import ManifestEditing
import ManifestLint
import PinningCore

/// Live reload: the backend watches the manifest file and sends what it reads (``WorkbenchMessage/manifestOnDisk``).
///
/// With no unsaved edits the disk's version is taken in at once. With unsaved edits the user chooses in the
/// ``ReloadPrompt`` overlay. A file that cannot be read or is not a valid manifest is never taken in: the session
/// keeps its manifest and its edits. The write's own check (``ManifestStore/save(_:lockTimeout:)`` refuses a file
/// changed since it was loaded) stays the last guard: nothing here writes.
extension WorkbenchState {
    mutating func diskChanged(_ result: Result<ManifestDocument, ManifestError>, lint: LintEnvironment?) -> [Effect] {
        let name = editing.document.url.lastPathComponent.terminalSafe
        let disk: ManifestDocument
        switch result {
        case .failure(let error):
            let what =
                error.code == .notFound
                ? "\(name) is gone from disk (deleted or moved)"
                : "\(name) on disk cannot be used now: \(error.description)"
            chrome.message = StatusMessage(
                what.terminalSafe + "; not reloaded, the workbench keeps its copy", isError: true)
            return []
        case .success(let read):
            disk = read
        }
        // Our own write, or the file touched without a change of content.
        guard disk.loadedFingerprint != editing.document.loadedFingerprint else {
            editing.hold(nil, lint: nil)
            return []
        }
        if !editing.isDirty {
            return reload(disk, lint: lint)
        }
        editing.hold(disk, lint: lint)
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
        let choice = prompt.update(command, page: pageSize)
        overlay = .reload(prompt)
        guard let choice else { return [] }
        return choose(choice, prompt)
    }

    mutating func choose(_ choice: ReloadPrompt.Choice, _ prompt: ReloadPrompt) -> [Effect] {
        overlay = nil
        let name = editing.document.url.lastPathComponent.terminalSafe
        switch choice {
        case .reload:
            return reload(prompt.disk, lint: prompt.lint, droppingEdits: true)
        case .reapply:
            let before = manifest
            let mine = ManifestDiff(from: editing.savedManifest, to: manifest)
            let (merged, conflicts) = mine.apply(to: prompt.disk.manifest)
            adoptDiskVersion(prompt.disk, lint: prompt.lint, edited: merged)
            guard !conflicts.isEmpty else {
                chrome.message = StatusMessage("re-applied your edits onto \(name) as changed on disk; w writes both")
                return revalidate(changedBetween: before, manifest)
            }
            let list = conflicts.map { "\($0.host): \($0.detail)" }.joined(separator: "; ")
            chrome.message = StatusMessage(
                "re-applied your edits onto \(name) as changed on disk, except \(conflicts.count) the disk changed "
                    + "too (kept the disk's): \(list.terminalSafe)",
                isError: true)
            return revalidate(changedBetween: before, manifest)
        case .keepEditing:
            chrome.message = StatusMessage(
                "kept your edits; \(name) changed on disk, so w refuses until you reload (r) or re-apply (a) "
                    + "in the dialog it opens")
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
        let dropped = droppingEdits ? "; your edits were dropped" : ""
        chrome.message = StatusMessage("reloaded \(name): changed on disk (\(change.summary))\(dropped)")
        return revalidate(changedBetween: before, manifest)
    }

    /// New verdicts for the domains whose policy differs between two manifests (a verdict depends on its policy).
    private func revalidate(changedBetween old: PinManifest, _ new: PinManifest) -> [Effect] {
        ManifestDiff(from: old, to: new).domains.flatMap { revalidate($0.host) }
    }
}
