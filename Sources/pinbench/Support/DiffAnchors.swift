import Foundation
import ManifestEditing
import PinningCore

/// The trust anchors one side of `pinbench diff` trusts: the system's (or `--ca-bundle`) plus that side's own
/// `trustAnchors`, read where the side lives: beside its file, or at its revision (a revision names the anchor
/// files of its own tree, which the working tree may have changed or deleted since).
enum DiffAnchors {
    /// More anchors than this in a manifest read at a revision is refused: each is one more git call.
    static let maximumAtRevision = 64

    /// `side`'s anchors. Anchors read at a revision are copied into `scratch` (a private folder the caller removes
    /// when done); one that is not in the revision (outside the repository) is read from disk, and one that cannot
    /// be read at all is left out, as lint reports it.
    static func anchors(
        for side: LoadedSide, role: DiffSide.Role, trust: TrustOptions, scratch: () throws -> URL
    ) throws -> TrustAnchors {
        var manifest = side.manifest
        if let revision = side.revision, !manifest.trustAnchors.isEmpty {
            guard manifest.trustAnchors.count <= maximumAtRevision else {
                throw CLIFailure(
                    "\(side.name) names \(manifest.trustAnchors.count) trust anchors; at most \(maximumAtRevision) "
                        + "are read at a revision")
            }
            let folder = side.url.deletingLastPathComponent()
            manifest.trustAnchors = try manifest.trustAnchors.enumerated().map { index, path in
                let url =
                    path.hasPrefix("/")
                    ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path).standardizedFileURL
                guard let read = try? GitRevisionReader.read(url, at: revision) else { return url.path }
                let copy = try scratch().appendingPathComponent("\(role.rawValue)-\(index)")
                try read.data.write(to: copy, options: .atomic)
                return copy.path
            }
        }
        let document = ManifestDocument(manifest: manifest, url: side.url, loadedFingerprint: nil)
        return try trust.anchors(for: document, skippingUnreadable: true)
    }
}
