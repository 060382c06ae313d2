import Foundation
import ManifestEditing
import ManifestFiles
import PinForecast
import PinningCore

/// Writes the lab's demo releases beside its manifest: each release's pins as a manifest file (the `--from FILE`
/// source of `pinbench release add`) and the releases file listing them, so `pinbench forecast` and the workbench's
/// Forecast view show the rotating host's lockouts with no setup. Every file goes through the manifest store's
/// locked atomic writer.
public enum LabReleasesWriter {
    /// The releases file and each demo release's manifest beside the manifest at `url`: `demo-pins.json` gives
    /// `releases.json` and `demo-pins-release-2.0.json`.
    public static func files(besideManifest url: URL) -> (list: URL, manifests: [URL]) {
        let stem = url.deletingPathExtension().lastPathComponent
        let folder = url.deletingLastPathComponent()
        return (
            ReleaseList.url(besideManifest: url),
            RunningLab.demoReleaseNames.map { folder.appendingPathComponent("\(stem)-release-\($0).json") }
        )
    }

    /// Refuses when any of the files would be in the way: they belong to one lab's keys and are never overwritten.
    public static func refuseExisting(besideManifest url: URL, hint: String) throws {
        let (list, manifests) = files(besideManifest: url)
        for file in [list] + manifests where FileManager.default.fileExists(atPath: file.path) {
            throw LabFilesError(
                "\(file.path) exists; the demo releases are written beside the manifest for the lab's new keys and "
                    + "will not overwrite it. \(hint)")
        }
    }

    /// Writes the release manifests, then the releases file naming them. `replacing` allows files already there
    /// (`lab --force`), but only a manifest is replaced by a manifest and a releases file by a releases file (the
    /// store's strict reader refuses anything else); without it, a file that appeared meanwhile is refused.
    public static func write(_ lab: RunningLab, besideManifest url: URL, rootAnchorPath: String, replacing: Bool) throws
    {
        let (listURL, manifestURLs) = files(besideManifest: url)
        let releases = lab.demoReleases(rootAnchorPath: rootAnchorPath)
        var entries: [ReleaseEntry] = []
        for (release, manifestURL) in zip(releases, manifestURLs) {
            if replacing {
                try ManifestStore.update(at: manifestURL) { $0 = release.manifest }
            } else {
                try ManifestStore.save(
                    ManifestDocument(manifest: release.manifest, url: manifestURL, loadedFingerprint: nil))
            }
            entries.append(
                ReleaseEntry(
                    name: release.name, shipped: release.shipped, share: release.share,
                    source: .file(manifestURL.lastPathComponent)))
        }
        try ManifestStore.update(ReleaseList.self, at: listURL) { list in
            guard replacing || list.releases.isEmpty else {
                throw LabFilesError("\(listURL.path) was written by someone else meanwhile; nothing was added to it.")
            }
            list.releases = entries
        }
    }
}
