import Foundation
import ManifestEditing
import PinningCore

/// A ``ManifestEditing/DocumentStore`` kept in a file the way the manifest is (``ManifestStore``): the strict reader,
/// and every change under the file's lock, written atomically.
public struct DocumentFile<Document: StoredDocument>: DocumentStore {
    public let url: URL

    public init(_ type: Document.Type, at url: URL) {
        self.url = url
    }

    public func read() throws(ManifestError) -> Document? {
        try ManifestStore.loadIfPresent(Document.self, at: url)
    }

    public func update<Result>(_ edit: (inout Document) throws -> Result) throws -> Result {
        try ManifestStore.update(Document.self, at: url, edit)
    }
}
