import Foundation
import ManifestLint
import PinningCore

/// Views of the state's parts (``EditedDocument``, ``WorkbenchSelection``, ``LiveResults``, ``WorkbenchChrome``)
/// that no part answers alone. Callers read a part's own values through the part: `state.chrome.message`,
/// `state.selection.focus`. Nothing is stored here.
extension WorkbenchState {
    /// The edits `z` can undo, oldest first.
    public var undoStack: [UndoEntry] { editing.history.undoEntries }
}
