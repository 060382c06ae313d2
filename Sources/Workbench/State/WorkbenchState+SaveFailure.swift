import PinningCore

extension WorkbenchState {
    /// What the status line says when a write was refused or failed.
    ///
    /// A manifest changed on disk since it was loaded is never overwritten, and the workbench does not merge the
    /// other edit in either: the write gate showed the user a diff and lint findings for this session's manifest,
    /// and a merge would write one they never reviewed. Their edits stay in the session (unsaved, `m` shows them);
    /// to combine the two, they quit, reopen (which loads the other edit) and redo theirs.
    static func explain(_ error: ManifestError) -> String {
        let name = document(pathOf: error)
        switch error.code {
        case .changedOnDisk:
            return "\(name) changed on disk since it was loaded (another edit); your edits are kept (m shows them). "
                + "To combine: quit, reopen, redo them."
        case .locked:
            return "another program is writing \(name) (its lock is held); press w to try again in a moment"
        default:
            return error.description
        }
    }

    private static func document(pathOf error: ManifestError) -> String {
        error.path.split(separator: "/").last.map(String.init) ?? error.path
    }
}
