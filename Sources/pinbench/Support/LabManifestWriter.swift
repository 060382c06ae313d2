import DemoLab
import Foundation
import PinningCore

/// Writes a running lab's manifest and, beside it, the lab root it trusts: what `demo` and `lab --write-manifest`
/// hand to the workbench, `check` and `inspect`.
enum LabManifestWriter {
    /// Writes `<stem>-lab-root.pem` beside `url`, then the lab's demo manifest naming it (relative, so the pair can
    /// be moved together). `replacing` is the loaded document when an existing manifest is to be overwritten; the
    /// store checks under the manifest's lock that the file is still that one (or, without it, still absent) and
    /// refuses otherwise, so a manifest written meanwhile by someone else is never replaced.
    static func write(
        _ lab: RunningLab, to url: URL, replacing existing: ManifestDocument? = nil
    ) throws -> (document: ManifestDocument, rootURL: URL) {
        let folder = url.deletingLastPathComponent()
        let rootName = url.deletingPathExtension().lastPathComponent + "-lab-root.pem"
        let rootURL = folder.appendingPathComponent(rootName)
        do {
            try lab.writeRoot(to: rootURL)
        } catch {
            throw CLIFailure("could not write the lab root: " + SystemCallFailure.describe(error, path: rootURL.path))
        }
        let document = ManifestDocument(
            manifest: lab.demoManifest(rootAnchorPath: rootName),
            url: url,
            loadedFingerprint: existing?.loadedFingerprint
        )
        return (try ManifestStore.save(document), rootURL)
    }

    /// Writes the lab's CT log list (the public list's JSON format) to `url`, for `--ct-log-list`.
    static func writeCTLogList(_ lab: RunningLab, to url: URL) throws {
        do {
            try lab.ctLogList.json().write(to: url, options: .atomic)
        } catch {
            throw CLIFailure(
                "could not write the lab's CT log list: " + SystemCallFailure.describe(error, path: url.path))
        }
    }
}
