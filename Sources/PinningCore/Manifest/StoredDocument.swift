import Foundation

/// A document kept in a file the way the manifest is: read by the strict reader, written canonically by
/// ``ManifestStore`` under the file's lock, atomically and through symbolic links. The manifest is one; the
/// forecast's releases file is another, so both have one path to disk.
public protocol StoredDocument: Equatable, Sendable {
    /// The document in `data`, read strictly; `path` names the file in errors.
    static func decode(_ data: Data, path: String) throws(ManifestError) -> Self
    /// The bytes to write: deterministic, so that an unchanged document writes an unchanged file.
    func encoded() -> Data
    /// The document a missing file stands for when the caller may create it.
    static var empty: Self { get }
    /// The reason given when the file does not exist and may not be created, with the command that creates it.
    static var missingReason: String { get }
}

extension PinManifest: StoredDocument {
    public static func decode(_ data: Data, path: String) throws(ManifestError) -> PinManifest {
        try ManifestCodec.decode(data, path: path)
    }

    public func encoded() -> Data { ManifestCodec.encode(self) }

    public static var empty: PinManifest { PinManifest() }

    public static var missingReason: String { "no such manifest (create one with `pinbench pin add`)" }
}
