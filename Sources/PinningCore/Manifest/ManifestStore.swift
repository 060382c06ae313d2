import Crypto
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
        guard let data = try? Data(contentsOf: url), ManifestStore.fingerprint(data) == loadedFingerprint else {
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

/// Loads and saves manifests: strict reads, atomic writes, and no silent overwrite of someone else's edit.
public enum ManifestStore {
    /// Reads and decodes the manifest at `url`.
    public static func load(_ url: URL) throws(ManifestError) -> ManifestDocument {
        let data = try ManifestCodec.readFile(url)
        let manifest = try ManifestCodec.decode(data, path: url.path)
        return ManifestDocument(manifest: manifest, url: url, loadedFingerprint: fingerprint(data))
    }

    /// Loads the manifest, or starts an empty one when the file does not exist yet.
    public static func loadOrCreate(_ url: URL) throws(ManifestError) -> ManifestDocument {
        if !FileManager.default.fileExists(atPath: url.path) {
            return ManifestDocument(manifest: PinManifest(), url: url, loadedFingerprint: nil)
        }
        return try load(url)
    }

    /// Writes `document.manifest` atomically (temporary file in the same folder, fsync, rename) after checking that
    /// the file on disk is still the one that was loaded. Returns the document as now on disk.
    @discardableResult
    public static func save(_ document: ManifestDocument) throws(ManifestError) -> ManifestDocument {
        let url = document.url
        let current = try? Data(contentsOf: url)
        let currentFingerprint = current.map(fingerprint)
        if currentFingerprint != document.loadedFingerprint {
            let what =
                document.loadedFingerprint == nil
                ? "was created by someone else after this session started"
                : (current == nil ? "was deleted" : "was changed")
            throw ManifestError(
                .changedOnDisk,
                path: url.path,
                reason: "the manifest \(what) since it was loaded; nothing was written. "
                    + "Reload it and apply your edits again."
            )
        }
        let data = ManifestCodec.encode(document.manifest)
        try AtomicFileWriter.write(data, to: url)
        return ManifestDocument(manifest: document.manifest, url: url, loadedFingerprint: fingerprint(data))
    }

    static func fingerprint(_ data: Data) -> String {
        Fingerprint.sha256Base64(Array(data))
    }
}
