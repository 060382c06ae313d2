import PinningCore

/// Undo and redo for manifest edits: each entry is a whole manifest (edits are small and values share storage), with
/// the edit's words so undo and redo can say what they did.
///
/// A new edit clears the redo stack (the undone future no longer follows from the present); both stacks are capped
/// at `limit` entries so a long session cannot grow without bound.
public struct EditHistory: Hashable, Sendable {
    public private(set) var undoEntries: [UndoEntry] = []
    public private(set) var redoEntries: [UndoEntry] = []
    public let limit: Int

    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Records an edit: `entry` holds the manifest from before it.
    public mutating func record(_ entry: UndoEntry) {
        undoEntries.append(entry)
        Self.cap(&undoEntries, limit)
        redoEntries.removeAll()
    }

    /// Steps back: returns the entry to restore and keeps `current` (with the same words) for redo.
    public mutating func undo(current: PinManifest) -> UndoEntry? {
        guard let entry = undoEntries.popLast() else { return nil }
        redoEntries.append(UndoEntry(manifest: current, description: entry.description, host: entry.host))
        Self.cap(&redoEntries, limit)
        return entry
    }

    /// Steps forward again after an undo: returns the entry to restore and keeps `current` for undo.
    public mutating func redo(current: PinManifest) -> UndoEntry? {
        guard let entry = redoEntries.popLast() else { return nil }
        undoEntries.append(UndoEntry(manifest: current, description: entry.description, host: entry.host))
        Self.cap(&undoEntries, limit)
        return entry
    }

    private static func cap(_ entries: inout [UndoEntry], _ limit: Int) {
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
    }
}
