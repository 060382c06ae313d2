import Foundation
import PinningCore

/// The trust anchors one side of `pinbench diff` trusts: the system's (or `--ca-bundle`) plus that side's own
/// `trustAnchors`, read where the side lives: beside its file, or at its revision (a revision names the anchor
/// files of its own tree, which the working tree may have changed or deleted since).
///
/// An anchor that cannot be read is an error, never left out: a side judged with fewer anchors than its app trusts
/// would call a chain untrusted before the change, and a lockout the change brings in would pass as one it had.
public enum DiffAnchors {
    /// More anchors than this in a manifest read at a revision is refused: each is one more git call.
    public static let maximumAtRevision = 64

    /// `side` as a document whose `trustAnchors` are files that can be read now: anchors read at a revision are
    /// copied into `scratch` (a private folder the caller removes when done); one outside the revision's repository
    /// is read from disk. The caller adds the system's (or `--ca-bundle`) anchors to the document's.
    public static func document(
        for side: LoadedSide, role: DiffSide.Role, scratch: () throws -> URL
    ) throws -> ManifestDocument {
        var manifest = side.manifest
        var folder = side.url.deletingLastPathComponent()
        if let revision = side.revision, !manifest.trustAnchors.isEmpty {
            guard manifest.trustAnchors.count <= maximumAtRevision else {
                throw HistoryError(
                    "\(side.name) names \(manifest.trustAnchors.count) trust anchors; at most \(maximumAtRevision) "
                        + "are read at a revision")
            }
            // Compared with git's answer, which names the repository by its real path.
            folder = folder.resolvingSymlinksInPath()
            let repository = try repositoryRoot(of: folder)
            manifest.trustAnchors = try manifest.trustAnchors.enumerated().map { index, path in
                let url = TrustAnchors.manifestAnchorURL(path, relativeTo: folder)
                guard let repository, url.path.hasPrefix(repository.path + "/") else { return url.path }
                let read: Data
                do {
                    read = try GitRevisionReader.read(url, at: revision).data
                } catch let failure as HistoryError {
                    throw HistoryError(
                        "the \(role.rawValue) side's trust anchor \(path) cannot be read at revision \(revision) "
                            + "(\(failure.message)); nothing was compared")
                }
                let copy = try scratch().appendingPathComponent("\(role.rawValue)-\(index)")
                try read.write(to: copy, options: .atomic)
                return copy.path
            }
        } else if let path = TrustAnchors.unreadable(manifestAnchors: manifest.trustAnchors, relativeTo: folder).first {
            throw HistoryError(
                "the \(role.rawValue) side's trust anchor \(path) cannot be read at "
                    + "\(TrustAnchors.manifestAnchorURL(path, relativeTo: folder).path) (anchors are read from the "
                    + "folder of the manifest that names them, \(side.name)); nothing was compared")
        }
        return ManifestDocument(manifest: manifest, url: side.url, loadedFingerprint: nil)
    }

    /// The top folder of the git repository holding `folder`, or nil outside one.
    private static func repositoryRoot(of folder: URL) throws -> URL? {
        let answer = try GitRevisionReader.git(["rev-parse", "--show-toplevel"], in: folder)
        guard answer.status == 0 else { return nil }
        let path = answer.text.trimmingCharacters(in: .newlines)
        return path.isEmpty ? nil : URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    }
}

/// A private folder under the system's temporary folder, made when first asked for and removed by its owner.
public final class ScratchFolder {
    private var made: URL?

    public init() {}

    public func url() throws -> URL {
        if let made { return made }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw HistoryError(
                "could not make a temporary folder: " + SystemCallFailure.describe(error, path: url.path))
        }
        made = url
        return url
    }

    public func remove() {
        if let made { try? FileManager.default.removeItem(at: made) }
        made = nil
    }
}
