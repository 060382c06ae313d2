extension DiffSide {
    /// The sides `diff`'s options name (`--old-file`/`--old-rev`, `--new-file`/`--new-rev`), each side given once:
    /// two options for one side, or more positional words than the sides left free, are refused in words.
    public static func explicit(
        oldFile: String?, oldRevision: String?, newFile: String?, newRevision: String?, positional: Int
    ) throws(DiffSideChoiceError) -> (old: DiffSide?, new: DiffSide?) {
        if oldFile != nil && oldRevision != nil { throw DiffSideChoiceError("give either --old-file or --old-rev.") }
        if newFile != nil && newRevision != nil { throw DiffSideChoiceError("give either --new-file or --new-rev.") }
        let old = oldFile.map(DiffSide.file) ?? oldRevision.map(DiffSide.revision)
        let new = newFile.map(DiffSide.file) ?? newRevision.map(DiffSide.revision)
        let free = (old == nil ? 1 : 0) + (new == nil ? 1 : 0)
        if positional > free {
            throw DiffSideChoiceError(
                "each side is given once: --old-file/--old-rev and --new-file/--new-rev leave room for "
                    + "\(free) positional side\(free == 1 ? "" : "s").")
        }
        return (old, new)
    }
}

/// `diff`'s sides given more than once: a usage error, in words.
public struct DiffSideChoiceError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
