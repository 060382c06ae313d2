import Foundation
import ManifestFiles
import PinForecast
import PinningCore

/// The files an earlier `pinbench demo --manifest FILE` left where this one writes: its manifest, the lab root beside
/// it, the releases file and each release's manifest. Each is recognised by what it holds, never by its name alone,
/// so a second demo in the same folder replaces the first one's files and nothing a user wrote: a file in the way
/// that is not the demo's own is refused.
public struct EarlierDemoFiles: Sendable {
    /// The earlier demo manifest at the path, as loaded (the store replaces it only if it is still that file).
    public let manifest: ManifestDocument?
    /// Every file of an earlier demo that this run replaces, for the note that says so.
    public let paths: [String]

    public init(manifest: ManifestDocument?, paths: [String]) {
        self.manifest = manifest
        self.paths = paths
    }

    /// Looks at the files a demo manifest at `url` comes with; throws when one exists that the demo did not write.
    public static func find(besideManifest url: URL, domain: String, hint: String) throws -> EarlierDemoFiles {
        let fileManager = FileManager.default
        let root = LabManifestWriter.companions(of: url).root
        let (list, releaseManifests) = LabReleasesWriter.files(besideManifest: url)
        var paths: [String] = []

        var manifest: ManifestDocument?
        if fileManager.fileExists(atPath: url.path) {
            guard let document = try? ManifestStore.load(url),
                isDemoManifest(document.manifest, domain: domain, root: root.lastPathComponent)
            else {
                throw LabFilesError(
                    "\(url.path) exists and is not a manifest an earlier demo wrote; the demo replaces only its own "
                        + "files. \(hint)")
            }
            manifest = document
            paths.append(url.path)
        }
        for release in releaseManifests where fileManager.fileExists(atPath: release.path) {
            guard let document = try? ManifestStore.load(release),
                isDemoManifest(document.manifest, domain: domain, root: root.lastPathComponent)
            else { throw notTheDemos(release, hint: hint) }
            paths.append(release.path)
        }
        if fileManager.fileExists(atPath: list.path) {
            let expected = releaseManifests.map { ReleaseEntry.Source.file($0.lastPathComponent) }
            guard let releases = try? ManifestStore.loadIfPresent(ReleaseList.self, at: list),
                releases.releases.map(\.name) == RunningLab.demoReleaseNames,
                releases.releases.map(\.source) == expected
            else { throw notTheDemos(list, hint: hint) }
            paths.append(list.path)
        }
        // The root is the demo's when the manifest naming it is: otherwise it is a file of some other lab's.
        if manifest != nil && fileManager.fileExists(atPath: root.path) { paths.insert(root.path, at: 1) }
        return EarlierDemoFiles(manifest: manifest, paths: paths)
    }

    /// A demo manifest: every domain under the lab's domain, trusting only the lab root written beside it.
    private static func isDemoManifest(_ manifest: PinManifest, domain: String, root: String) -> Bool {
        !manifest.domains.isEmpty && manifest.trustAnchors == [root]
            && manifest.domains.allSatisfy { $0.normalizedHost.hasSuffix("." + domain) }
    }

    private static func notTheDemos(_ url: URL, hint: String) -> LabFilesError {
        LabFilesError(
            "\(url.path) exists and is not one of the files an earlier demo wrote; the demo replaces only its own "
                + "files. \(hint)")
    }
}
