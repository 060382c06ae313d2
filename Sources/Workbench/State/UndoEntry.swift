import PinningCore

/// A manifest as it was before an edit, and what the edit was, so undo can say what it undid.
public struct UndoEntry: Hashable, Sendable {
    public var manifest: PinManifest
    public var description: String
    /// The domain the edit concerned, re-validated after undo.
    public var host: String?

    public init(manifest: PinManifest, description: String, host: String? = nil) {
        self.manifest = manifest
        self.description = description
        self.host = host
    }
}
