import Foundation
import ManifestEditing
import PinningCore

/// The trust anchors one side of `pinbench diff` trusts: the system's (or `--ca-bundle`) plus that side's own
/// `trustAnchors`, read where the side lives: beside its file, or at its revision (a revision names the anchor
/// files of its own tree, which the working tree may have changed or deleted since).
///
/// An anchor that cannot be read is an error, never left out: a side judged with fewer anchors than its app trusts
/// would call a chain untrusted before the change, and a lockout the change brings in would pass as one it had.
enum DiffAnchors {
    /// More anchors than this in a manifest read at a revision is refused: each is one more git call.
    static let maximumAtRevision = 64

    /// `side`'s anchors. Anchors read at a revision are copied into `scratch` (a private folder the caller removes
    /// when done); one outside the revision's repository is read from disk.
    static func anchors(
        for side: LoadedSide, role: DiffSide.Role, trust: TrustOptions, scratch: () throws -> URL
    ) throws -> TrustAnchors {
        var manifest = side.manifest
        var folder = side.url.deletingLastPathComponent()
        if let revision = side.revision, !manifest.trustAnchors.isEmpty {
            guard manifest.trustAnchors.count <= maximumAtRevision else {
                throw CLIFailure(
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
                } catch let failure as CLIFailure {
                    throw CLIFailure(
                        "the \(role.rawValue) side's trust anchor \(path) cannot be read at revision \(revision) "
                            + "(\(failure.message)); nothing was compared")
                }
                let copy = try scratch().appendingPathComponent("\(role.rawValue)-\(index)")
                try read.write(to: copy, options: .atomic)
                return copy.path
            }
        } else if let path = TrustAnchors.unreadable(manifestAnchors: manifest.trustAnchors, relativeTo: folder).first {
            throw CLIFailure(
                "the \(role.rawValue) side's trust anchor \(path) cannot be read at "
                    + "\(TrustAnchors.manifestAnchorURL(path, relativeTo: folder).path) (anchors are read from the "
                    + "folder of the manifest that names them, \(side.name)); nothing was compared")
        }
        let document = ManifestDocument(manifest: manifest, url: side.url, loadedFingerprint: nil)
        return try trust.anchors(for: document)
    }

    /// The top folder of the git repository holding `folder`, or nil outside one.
    private static func repositoryRoot(of folder: URL) throws -> URL? {
        let answer = try GitRevisionReader.git(["rev-parse", "--show-toplevel"], in: folder)
        guard answer.status == 0 else { return nil }
        let path = answer.text.trimmingCharacters(in: .newlines)
        return path.isEmpty ? nil : URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
    }
}
