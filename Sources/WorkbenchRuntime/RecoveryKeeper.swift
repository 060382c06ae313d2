import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore
import Workbench

/// Keeps this session's unsaved edits in a recovery file beside the manifest (``RecoveryFile``), so that a crash,
/// a `kill -9` or a lost terminal never loses an edit: after every turn of the loop that leaves the document dirty
/// with a new edit the file is written again, atomically; once nothing is unsaved (written, undone, reloaded) it is
/// removed, and so on a clean quit. A termination signal (SIGHUP, SIGTERM) leaves it, to be offered at the next
/// start.
///
/// The keeper only ever removes the file it wrote itself: the recovery files found at the start stay until the user
/// chooses (``RecoveryRequest``).
final class RecoveryKeeper {
    private let manifest: URL
    private let inputs: [InputFile]
    /// This session's recovery file: chosen at its first write, or the one whose edits were recovered.
    private var url: URL?
    /// Recovery files this session must not write over (kept for later, or found unusable).
    private var reserved: Set<String> = []
    private var written = false
    private var lastGeneration: Int?
    /// The last failure said, so that a disk that stays full is said once, not at every edit.
    private var lastFailure: String?

    init(manifest: URL, inputs: [InputFile]) {
        self.manifest = manifest
        self.inputs = inputs
    }

    /// Reads the recovery files beside the manifest; those the user has not chosen about yet are not written over.
    func findAtStart() -> [RecoveryOnDisk] {
        let found = RecoveryFile.find(besideManifest: manifest)
        reserved = Set(found.map(\.path))
        return found
    }

    /// Carries out the user's choice about a recovery file found at the start; a message when it failed.
    func handle(_ request: RecoveryRequest) -> WorkbenchMessage? {
        switch request {
        case .adopt(let path):
            reserved.remove(path)
            if written, let url, url.path != path { _ = RecoveryFile.remove(url) }
            url = URL(fileURLWithPath: path)
            written = true
            lastGeneration = nil
        case .discard(let path):
            reserved.remove(path)
            if let failure = RecoveryFile.remove(URL(fileURLWithPath: path)) {
                return .notice(.recoveryFileProblem("could not remove the recovery file: \(failure)"))
            }
        case .keep:
            break  // stays reserved
        }
        return nil
    }

    /// After a turn: writes the recovery file when `editing` holds an unsaved edit it has not written yet, removes
    /// it when nothing is unsaved. A message when this failed (said once per distinct failure).
    func follow(_ editing: EditedDocument) -> WorkbenchMessage? {
        guard editing.isDirty else {
            lastGeneration = editing.generation
            return removeOwn()
        }
        guard editing.generation != lastGeneration else { return nil }
        guard let url = url ?? freeSlot() else {
            return report(
                "no recovery file is free beside the manifest (\(RecoveryFile.slots) are kept); unsaved edits are "
                    + "not kept for a crash: write them (w), or remove recovery files you do not need")
        }
        self.url = url
        if let failure = RecoveryFile.write(editing.manifest, to: url, inputs: inputs) {
            return report("unsaved edits are not kept for a crash: \(failure)")
        }
        written = true
        lastGeneration = editing.generation
        lastFailure = nil
        return nil
    }

    /// A clean quit: the session's own recovery file goes (its edits were written or discarded).
    func quit() -> WorkbenchMessage? {
        removeOwn()
    }

    private func removeOwn() -> WorkbenchMessage? {
        guard written, let url else { return nil }
        written = false
        if let failure = RecoveryFile.remove(url) { return report("could not remove the recovery file: \(failure)") }
        return nil
    }

    private func freeSlot() -> URL? {
        RecoveryFile.urls(besideManifest: manifest).first { !reserved.contains($0.path) && !RecoveryFile.exists($0) }
    }

    private func report(_ text: String) -> WorkbenchMessage? {
        guard text != lastFailure else { return nil }
        lastFailure = text
        return .notice(.recoveryFileProblem(text))
    }
}
