import Foundation

/// A manifest as read from disk, with what is needed to notice that someone else changed the file since.
public struct ManifestDocument: Sendable {
    public var manifest: PinManifest
    public let url: URL
    /// SHA-256 of the bytes read, or nil when the file did not exist (a new manifest).
    public let loadedFingerprint: String?
    /// The text of a document made in memory. Documents read from disk keep only the fingerprint and re-read the
    /// file when the text is wanted, so that a large manifest is not held twice in memory.
    private let givenText: String?

    public init(manifest: PinManifest, url: URL, loadedFingerprint: String?, loadedText: String? = nil) {
        self.manifest = manifest
        self.url = url
        self.loadedFingerprint = loadedFingerprint
        self.givenText = loadedText
    }

    /// The exact text that was loaded (empty for a new manifest): the base of a diff. Nil when the file has
    /// changed or gone since it was loaded; a write would then be refused anyway.
    public func loadedText() -> String? {
        if let givenText { return givenText }
        guard let loadedFingerprint else { return "" }
        guard let data = try? ManifestCodec.readFile(url), ManifestStore.fingerprint(data) == loadedFingerprint else {
            return nil
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// True when the manifest differs from what was loaded, or when that can no longer be told because the file
    /// changed on disk.
    public var hasUnsavedChanges: Bool {
        guard let text = loadedText() else { return true }
        return String(decoding: ManifestCodec.encode(manifest), as: UTF8.self) != text
            || (loadedFingerprint == nil && !manifest.domains.isEmpty)
    }
}

/// Reads manifests strictly: bounded, never a FIFO or a device, every error with its file and place.
///
/// This is the reading half, what an app needs; the one path for every write (locked, atomic, symlink-aware) is
/// ManifestEditing's extension of this type.
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

    package static func fingerprint(_ data: Data) -> String {
        Fingerprint.sha256Base64(Array(data))
    }
}
