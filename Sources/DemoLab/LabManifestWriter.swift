import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore

/// Writes a running lab's manifest and, beside it, the lab root it trusts: what `demo` and `lab --write-manifest`
/// hand to the workbench, `check` and `inspect`.
public enum LabManifestWriter {
    /// The files written beside a lab manifest at `url`: the lab root (PEM) and the lab's CT log list. Named after
    /// the manifest with `-lab` once: `lab.json` gives `lab-root.pem` and `lab-ct-logs.json` (the names the README
    /// and `inspect --help` use), `pins.json` gives `pins-lab-root.pem` and `pins-lab-ct-logs.json`.
    public static func companions(of url: URL) -> (root: URL, ctLogList: URL) {
        let stem = url.deletingPathExtension().lastPathComponent
        let prefix = stem.lowercased().hasSuffix("lab") ? stem : stem + "-lab"
        let folder = url.deletingLastPathComponent()
        return (
            folder.appendingPathComponent(prefix + "-root.pem"), folder.appendingPathComponent(prefix + "-ct-logs.json")
        )
    }

    /// Writes the lab root beside `url` (``companions(of:)``), then the lab's demo manifest naming it (relative,
    /// so the pair can be moved together). `replacing` is the loaded document when an existing manifest is to be overwritten; the
    /// store checks under the manifest's lock that the file is still that one (or, without it, still absent) and
    /// refuses otherwise, so a manifest written meanwhile by someone else is never replaced.
    public static func write(
        _ lab: RunningLab, to url: URL, replacing existing: ManifestDocument? = nil
    ) throws -> (document: ManifestDocument, rootURL: URL) {
        let rootURL = companions(of: url).root
        let rootName = rootURL.lastPathComponent
        do {
            try lab.writeRoot(to: rootURL)
        } catch {
            throw LabFilesError(
                "could not write the lab root: " + SystemCallFailure.describe(error, path: rootURL.path))
        }
        let document = ManifestDocument(
            manifest: lab.demoManifest(rootAnchorPath: rootName),
            url: url,
            loadedFingerprint: existing?.loadedFingerprint
        )
        return (try ManifestStore.save(document), rootURL)
    }

    /// Writes the lab's CT log list (the public list's JSON format) to `url`, for `--ct-log-list`.
    public static func writeCTLogList(_ lab: RunningLab, to url: URL) throws {
        do {
            try lab.ctLogList.json().write(to: url, options: .atomic)
        } catch {
            throw LabFilesError(
                "could not write the lab's CT log list: " + SystemCallFailure.describe(error, path: url.path))
        }
    }
}
