extension DiffSide {
    /// The sides `diff`'s options name (`--old-file`/`--old-rev`/`--old-release`, and the same for the new side),
    /// each side given once: two options for one side, or more positional words than the sides left free, are
    /// refused in words.
    public static func explicit(
        oldFile: String?, oldRevision: String?, newFile: String?, newRevision: String?, oldRelease: String? = nil,
        newRelease: String? = nil, positional: Int
    ) throws(DiffSideChoiceError) -> (old: DiffSide?, new: DiffSide?) {
        if [oldFile, oldRevision, oldRelease].compactMap({ $0 }).count > 1 {
            throw DiffSideChoiceError("give one of --old-file, --old-rev and --old-release.")
        }
        if [newFile, newRevision, newRelease].compactMap({ $0 }).count > 1 {
            throw DiffSideChoiceError("give one of --new-file, --new-rev and --new-release.")
        }
        let old = oldFile.map(DiffSide.file) ?? oldRevision.map(DiffSide.revision) ?? oldRelease.map(DiffSide.release)
        let new = newFile.map(DiffSide.file) ?? newRevision.map(DiffSide.revision) ?? newRelease.map(DiffSide.release)
        let free = (old == nil ? 1 : 0) + (new == nil ? 1 : 0)
        if positional > free {
            throw DiffSideChoiceError(
                "each side is given once: the --old-* and --new-* options leave room for "
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
