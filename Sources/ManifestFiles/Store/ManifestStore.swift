import Foundation
import PinningCore

/// Reads manifests strictly: bounded, never a FIFO or a device, every error with its file and place.
///
/// The reading half of the manifest's files; the writing half (locked, atomic, symlink-aware) is beside it in
/// ManifestStore+Writing.swift. The core keeps only the codec (bytes <-> manifest): an app decodes the bytes it
/// ships with ``ManifestCodec`` and never links this target.
public enum ManifestStore {
    /// Reads and decodes the manifest at `url`.
    public static func load(_ url: URL) throws(ManifestError) -> ManifestDocument {
        guard let document = try readManifest(url) else {
            throw ManifestError(.notFound, path: url.path, reason: PinManifest.missingReason)
        }
        return document
    }

    /// Loads the manifest, or starts an empty one when the file does not exist yet.
    public static func loadOrCreate(_ url: URL) throws(ManifestError) -> ManifestDocument {
        try readManifest(url) ?? ManifestDocument(manifest: PinManifest(), url: url, loadedFingerprint: nil)
    }

    /// The manifest at `url` with the fingerprint of the bytes read; nil when the file does not exist.
    private static func readManifest(_ url: URL) throws(ManifestError) -> ManifestDocument? {
        guard let read = try readDecoded(PinManifest.self, at: url) else { return nil }
        return ManifestDocument(manifest: read.document, url: url, loadedFingerprint: fingerprint(read.data))
    }

    /// Reads a ``StoredDocument`` at `url` as the manifest is read (bounded, no FIFO or device); nil when the file
    /// does not exist.
    public static func loadIfPresent<Document: StoredDocument>(
        _ type: Document.Type, at url: URL
    ) throws(ManifestError) -> Document? {
        try readDecoded(type, at: url)?.document
    }

    /// The one "read if present, decode" of the loads: the document at `url` and the bytes it was decoded from, or
    /// nil when the file does not exist.
    private static func readDecoded<Document: StoredDocument>(
        _ type: Document.Type, at url: URL
    ) throws(ManifestError) -> (document: Document, data: Data)? {
        guard let data = try readIfPresent(url.path, shownPath: url.path) else { return nil }
        return (try Document.decode(data, path: url.path), data)
    }

    /// The bytes of the file at `path`, or nil when there is none; errors name `shownPath` (the path the user gave,
    /// when `path` is the target of a link). A FIFO, a device or a file over ``ManifestCodec/maximumSize`` is
    /// refused, never read: the one manifest file reader is ``ManifestCodec/readFile(_:)``.
    package static func readIfPresent(_ path: String, shownPath: String) throws(ManifestError) -> Data? {
        do {
            return try ManifestCodec.readFile(URL(fileURLWithPath: path))
        } catch {
            if error.code == .notFound { return nil }
            let through = path == shownPath ? "" : " (the target of the link, \(path))"
            throw ManifestError(error.code, path: shownPath, reason: error.reason + through)
        }
    }

    static func fingerprint(_ data: Data) -> String {
        ManifestDocument.fingerprint(data)
    }
}
