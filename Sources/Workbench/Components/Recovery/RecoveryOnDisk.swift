import PinningCore

/// A recovery file the runtime found beside the manifest at the start: the unsaved edits of a session that ended
/// without saving (a crash, `kill -9`, a lost terminal), kept as an editor keeps a swap file.
public enum RecoveryOnDisk: Hashable, Sendable {
    /// A recovery file the strict manifest reader accepted: the edited manifest it keeps.
    case found(path: String, manifest: PinManifest)
    /// A recovery file that cannot be used (corrupt, too large, a link, not a file), and why: it is never used,
    /// and it is left as it is for the user to look at.
    case unusable(path: String, reason: String)

    /// The file's path.
    public var path: String {
        switch self {
        case .found(let path, _), .unusable(let path, _): return path
        }
    }
}

/// What the workbench asks the runtime to do with a recovery file (``Effect/recovery(_:)``).
public enum RecoveryRequest: Hashable, Sendable {
    /// The edits were recovered: this session keeps its own unsaved edits in that file from now on.
    case adopt(path: String)
    /// Remove the file: its edits are not wanted.
    case discard(path: String)
    /// Leave the file for a later start; this session keeps its own edits in another one.
    case keep(path: String)
}
