import PinningCore

/// Where a ``PinningCore/StoredDocument`` is kept, as a target that must not write files sees it: read it, or change
/// it without losing another writer's update.
///
/// The CT watch's round keeps its state through one, so that the pure workbench, which links the watch, links no
/// writer; the runtime and the CLI hand it ManifestFiles' `DocumentFile` (the manifest's lock and atomic write).
public protocol DocumentStore<Document>: Sendable {
    associatedtype Document: StoredDocument

    /// The document as kept now; nil when there is none yet.
    func read() throws(ManifestError) -> Document?

    /// Applies `edit` to the document as kept now (``PinningCore/StoredDocument/empty`` when there is none) and keeps
    /// the result if it changed, all before another writer may do the same. Returns what `edit` returned; errors of
    /// `edit` pass through and nothing is kept.
    func update<Result>(_ edit: (inout Document) throws -> Result) throws -> Result
}
