import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore

/// The files `pinbench lab` writes for a running lab: the root and the CT log list, beside its manifest and demo
/// releases with `--write-manifest`, else in a temporary folder of their own.
public struct LabFiles: Sendable {
    public let root: URL
    public let ctLogList: URL
    /// The folder made for the files when no manifest was asked for: the caller removes it when the lab stops.
    public let temporaryFolder: URL?

    /// The manifest `force` may replace at `path`: it must load as a manifest, so nothing else is ever overwritten.
    /// Without `force`, any lab file already there (the manifest, the releases) is refused.
    public static func existingManifest(at path: String, force: Bool) throws -> ManifestDocument? {
        if !force {
            try LabReleasesWriter.refuseExisting(
                besideManifest: URL(fileURLWithPath: path),
                hint: "Choose another folder, or add --force to replace the lab files there.")
        }
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard force else {
            throw LabFilesError(
                "\(path) exists. The lab's keys are new on every run, so it writes a fresh manifest; "
                    + "choose another path, or add --force to replace this one.")
        }
        do {
            return try ManifestStore.load(URL(fileURLWithPath: path))
        } catch {
            throw LabFilesError("--force replaces only a pin manifest, and \(path) is not one: \(error)")
        }
    }

    /// Writes the lab's files: with `manifest`, the manifest, its root and the demo releases beside it (`existing`
    /// is the manifest to replace, `replacing` allows release files already there); without it, the root in a new
    /// temporary folder. The CT log list goes beside the root in both cases.
    public static func write(
        _ lab: RunningLab, manifest: URL?, existing: ManifestDocument?, replacing: Bool
    ) throws -> LabFiles {
        let files: LabFiles
        if let manifest {
            let root = try LabManifestWriter.write(lab, to: manifest, replacing: existing).rootURL
            try LabReleasesWriter.write(
                lab, besideManifest: manifest, rootAnchorPath: root.lastPathComponent, replacing: replacing)
            files = LabFiles(
                root: root, ctLogList: LabManifestWriter.companions(of: manifest).ctLogList, temporaryFolder: nil)
        } else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "pinbench-lab-\(UUID().uuidString.prefix(8))")
            let (root, logList) = LabManifestWriter.companions(of: folder.appendingPathComponent("lab.json"))
            files = LabFiles(root: root, ctLogList: logList, temporaryFolder: folder)
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try lab.writeRoot(to: root)
            } catch {
                files.remove()
                throw LabFilesError(
                    "could not write the lab root: " + SystemCallFailure.describe(error, path: root.path))
            }
        }
        do {
            try LabManifestWriter.writeCTLogList(lab, to: files.ctLogList)
        } catch {
            files.remove()
            throw error
        }
        return files
    }

    /// Removes the temporary folder, if the files are in one.
    public func remove() {
        if let temporaryFolder { try? FileManager.default.removeItem(at: temporaryFolder) }
    }
}
