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
        guard let data = try? ManifestCodec.readFile(url), Self.fingerprint(data) == loadedFingerprint else {
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

    /// SHA-256 of a manifest's bytes, base64: what tells the file as loaded from the file as it is now.
    package static func fingerprint(_ data: Data) -> String {
        Fingerprint.sha256Base64(Array(data))
    }
}
