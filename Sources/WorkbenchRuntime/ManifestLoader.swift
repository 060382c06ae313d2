import ClientModels
import Foundation
import ManifestEditing
import ManifestFiles
import ManifestLint
import PinningCore
import Workbench

/// The one place the workbench's runtime reads a manifest file: the first time (`pinbench workbench`) and every
/// time it changed on disk (``FileWatcher``). What a session needs to know about a manifest's surroundings when
/// it loads belongs here, so that a reload learns it the same way as the start.
public enum ManifestLoader {
    /// The manifest at `url` for a new session, or a new empty document when there is no file yet.
    public static func open(_ url: URL) throws(ManifestError) -> ManifestDocument {
        try ManifestStore.loadOrCreate(url)
    }

    /// The manifest at `url` as it is on disk now, or why it cannot be used (gone, unreadable, invalid).
    public static func reload(_ url: URL) -> Result<ManifestDocument, ManifestError> {
        Result { () throws(ManifestError) in try ManifestStore.load(url) }
    }

    /// What the lint needs from the disk around `document` (its trust-anchor files, the public suffix list),
    /// gathered here so that the workbench's update never reads a file; `clients`, the clients the manifest is
    /// exported to (`--clients`), are kept by the session across reloads.
    public static func lintFacts(for document: ManifestDocument, clients: [PinClient] = []) -> LintEnvironment {
        LintEnvironment.gather(for: document, clients: clients)
    }

    /// The message a change on disk posts: the manifest as read now, with its lint facts gathered again (an anchor
    /// file named or broken since the start is seen).
    public static func reloadMessage(_ url: URL) -> WorkbenchMessage {
        let result = reload(url)
        return .manifestOnDisk(result, lint: (try? result.get()).map { lintFacts(for: $0) })
    }
}
