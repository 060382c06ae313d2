import Foundation
import PinningCore

/// Where a demo writes: its manifest (the lab root and the releases go beside it), the temporary folder it made
/// when no --manifest was given, and the files of an earlier demo it replaces.
public struct DemoTarget: Sendable {
    public let manifest: URL
    public let temporaryFolder: URL?
    public let earlier: EarlierDemoFiles

    /// The `manifest` path with the `earlier` demo files found beside it, else a new temporary folder.
    public static func choose(manifest: String?, earlier: EarlierDemoFiles?) throws -> DemoTarget {
        if let manifest, let earlier {
            return DemoTarget(manifest: URL(fileURLWithPath: manifest), temporaryFolder: nil, earlier: earlier)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "pinbench-demo-\(UUID().uuidString.prefix(8))"
        )
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw LabFilesError(
                "could not create the demo folder: " + SystemCallFailure.describe(error, path: folder.path))
        }
        return DemoTarget(
            manifest: folder.appendingPathComponent("demo-pins.json"), temporaryFolder: folder,
            earlier: EarlierDemoFiles(manifest: nil, paths: []))
    }

    /// Writes the demo manifest for `lab`, the lab root and the demo releases beside it (each added to `written` once
    /// it is), and returns the manifest with the trust anchors it names.
    public func write(
        _ lab: RunningLab, written: inout [URL]
    ) throws -> (document: ManifestDocument, anchors: TrustAnchors) {
        let (document, rootURL) = try LabManifestWriter.write(lab, to: manifest, replacing: earlier.manifest)
        written += [manifest, rootURL]
        try LabReleasesWriter.write(
            lab, besideManifest: manifest, rootAnchorPath: rootURL.lastPathComponent, replacing: !earlier.paths.isEmpty)
        let releases = LabReleasesWriter.files(besideManifest: manifest)
        written += releases.manifests + [releases.list]
        var anchors = TrustAnchors()
        try anchors.add(
            manifestAnchors: document.manifest.trustAnchors, relativeTo: manifest.deletingLastPathComponent())
        return (document, anchors)
    }

    /// Removes what this demo wrote, for a run that failed before the workbench opened: the temporary folder whole,
    /// or the `written` files beside --manifest (an earlier demo's among them only once this run replaced them).
    public func remove(_ written: [URL]) {
        if let temporaryFolder {
            try? FileManager.default.removeItem(at: temporaryFolder)
            return
        }
        for file in written { try? FileManager.default.removeItem(at: file) }
    }
}
