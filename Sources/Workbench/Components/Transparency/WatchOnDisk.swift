import CTWatch

/// The CT watch's state file (`ct-watch.json` beside the manifest) as the runtime last read it: written by the
/// workbench's own rounds or by `pinbench watch` in another terminal, so findings from either appear here.
public enum WatchOnDisk: Hashable, Sendable {
    case notRead
    /// No watch has run beside this manifest yet.
    case missing(path: String)
    /// The file is there but is not a state file this pinbench reads: why, with its file, line and column.
    case unreadable(String)
    case loaded(WatchState)

    /// The state read, or an empty one.
    var state: WatchState {
        if case .loaded(let state) = self { return state }
        return WatchState()
    }
}
