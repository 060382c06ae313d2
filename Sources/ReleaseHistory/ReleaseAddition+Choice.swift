import PinForecast

extension ReleaseAddition.Source {
    /// The source `release add`'s arguments choose: `--tags GLOB` alone, or `NAME --from REV|FILE` (with its day and
    /// share); a name the candidate next release holds, or a mix of both ways, is refused in words.
    public static func chosen(
        name: String?, from: String?, shipped: String?, share: Double?, tags: String?
    ) throws(ReleaseAdditionError) -> Self {
        if let name, Release.isCandidateName(name) { throw ReleaseAdditionError(Release.candidateNameRefusal(name)) }
        if let tags {
            if name != nil || from != nil {
                throw ReleaseAdditionError("give either --tags GLOB, or NAME --from REV|FILE.")
            }
            if shipped != nil || share != nil {
                throw ReleaseAdditionError(
                    "--tags dates each release by its tag; add --shipped and --share one by one.")
            }
            return .tags(tags)
        }
        // A build states its version: the name may be left to it.
        if let from, ReleaseFromBuild.isArtifact(from) {
            return .build(name: name, artifact: from, shipped: shipped, share: share)
        }
        guard let name, let from else { throw ReleaseAdditionError("give NAME --from REV|FILE (or --tags GLOB).") }
        return .word(name: name, from: from, shipped: shipped, share: share)
    }
}

/// `release add`'s arguments that choose no source, or two: a usage error, in words.
public struct ReleaseAdditionError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
