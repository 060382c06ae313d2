import Foundation
import PinningCore

/// The one path for every write of a manifest (or another ``StoredDocument``), which cannot lose an update.
///
/// Every write takes the manifest's lock (``ManifestLock``: `flock` on `.NAME.lock` beside the file), re-reads or
/// re-checks the file under it, and replaces the file atomically (``AtomicFileWriter``). Symbolic links are followed
/// to the file they name, which is the one replaced; the link stays a link.
extension ManifestStore {
    /// How long a writer waits for another before giving up: far longer than any ordinary write takes, short
    /// enough that a stuck process is reported (with the lock file and its holder) instead of waited on forever.
    public static let defaultLockTimeout: Duration = .seconds(10)

    /// Changes the manifest at `url` without losing anyone's update: takes the lock, reads the file as it is now
    /// (an empty manifest when it does not exist and `createIfMissing`), applies `edit`, and, if the manifest
    /// changed, runs `beforeWriting` (the lint gate: throw to refuse) and writes it, all before anyone else may
    /// read-modify-write the same file. Returns what `edit` returned.
    ///
    /// Errors thrown by `edit` or `beforeWriting` pass through unchanged and nothing is written; the store's own
    /// are ``ManifestError``s (`.locked` when another writer holds the lock past `lockTimeout`).
    @discardableResult
    public static func update<Result>(
        at url: URL,
        createIfMissing: Bool = true,
        lockTimeout: Duration = defaultLockTimeout,
        beforeWriting gate: (PinManifest) throws -> Void = { _ in },
        _ edit: (inout PinManifest) throws -> Result
    ) throws -> Result {
        try update(
            PinManifest.self, at: url, createIfMissing: createIfMissing, lockTimeout: lockTimeout,
            beforeWriting: gate, edit)
    }

    /// ``update(at:createIfMissing:lockTimeout:beforeWriting:_:)`` for any ``StoredDocument``: the same lock, the
    /// same re-read under it, the same atomic write.
    @discardableResult
    public static func update<Document: StoredDocument, Result>(
        _ type: Document.Type,
        at url: URL,
        createIfMissing: Bool = true,
        lockTimeout: Duration = defaultLockTimeout,
        beforeWriting gate: (Document) throws -> Void = { _ in },
        _ edit: (inout Document) throws -> Result
    ) throws -> Result {
        try withLock(url, timeout: lockTimeout) { target throws -> Result in
            let data = try readIfPresent(target.path, shownPath: url.path)
            if data == nil && !createIfMissing {
                throw ManifestError(.notFound, path: url.path, reason: Document.missingReason)
            }
            let loaded = try data.map { data throws(ManifestError) in try Document.decode(data, path: url.path) }
            var document = loaded ?? Document.empty
            let result = try edit(&document)
            if document == (loaded ?? Document.empty) { return result }
            try gate(document)
            try AtomicFileWriter.write(document.encoded(), to: target)
            return result
        }
    }

    /// Writes `document.manifest` if, under the lock, the file on disk is still the one that was loaded (or still
    /// absent, for a new document). Returns the document as now on disk.
    ///
    /// When someone else changed the file since it was loaded, this refuses (`.changedOnDisk`) and writes nothing,
    /// rather than merging: the caller showed its user a diff and lint findings for *this* manifest, and a merge
    /// would write one nobody reviewed. The caller loads the file again to get the other change and re-applies its
    /// own edits (``update(at:createIfMissing:lockTimeout:beforeWriting:_:)`` does that for edits it can replay).
    @discardableResult
    public static func save(
        _ document: ManifestDocument, lockTimeout: Duration = defaultLockTimeout
    ) throws(ManifestError) -> ManifestDocument {
        let url = document.url
        do {
            return try withLock(url, timeout: lockTimeout) { target throws(ManifestError) -> ManifestDocument in
                let current = try readIfPresent(target.path, shownPath: url.path)
                let currentFingerprint = current.map(fingerprint)
                if currentFingerprint != document.loadedFingerprint {
                    let what =
                        document.loadedFingerprint == nil
                        ? "was created by someone else after it was opened"
                        : (current == nil ? "was deleted" : "was changed by someone else")
                    throw ManifestError(
                        .changedOnDisk,
                        path: url.path,
                        reason: "the manifest \(what) since it was loaded; nothing was written. "
                            + "Load it again to get that change, then apply your edits again."
                    )
                }
                let data = ManifestCodec.encode(document.manifest)
                try AtomicFileWriter.write(data, to: target)
                return ManifestDocument(manifest: document.manifest, url: url, loadedFingerprint: fingerprint(data))
            }
        } catch let error as ManifestError {
            throw error
        } catch {
            throw ManifestError(.writeFailed, path: url.path, reason: "could not write; the old file is untouched")
        }
    }

    /// Resolves `url` to its target, takes the target's lock, clears temporary files of dead writers, runs `body`.
    private static func withLock<Result>(
        _ url: URL, timeout: Duration, _ body: (ManifestTarget) throws -> Result
    ) throws -> Result {
        let target = try ManifestTarget.resolve(url)
        let lock = try ManifestLock.acquire(for: target, timeout: timeout)
        defer { lock.release() }
        AtomicFileWriter.removeStaleTemporaries(of: target)
        return try body(target)
    }

}
