import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore
import Workbench

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The recovery files beside a manifest, as an editor's swap files: `.pins.json.pinbench-recovery` holds the
/// unsaved edits of the session editing `pins.json`, in the manifest's own format (so `pinbench lint` and
/// `pinbench diff` read it too). A session that keeps one while another is kept for later takes the next name
/// (`.pins.json.pinbench-recovery.2`, … up to ``slots``), so a kept file is never overwritten.
///
/// Read with the manifest's strict reader and bounds; written with the project's atomic writer (a temporary file,
/// fsync, rename), so a crash leaves the old file or the new one, never a torn one. A recovery name that is a
/// symbolic link is never followed, read or written: pinbench never makes one.
public enum RecoveryFile {
    /// How many recovery files one manifest may have: a bound on what a start reads.
    public static let slots = 10

    /// The recovery file names beside `manifest`, first one first.
    public static func urls(besideManifest manifest: URL) -> [URL] {
        let folder = manifest.deletingLastPathComponent()
        let base = "." + manifest.lastPathComponent + ".pinbench-recovery"
        return (1...slots).map { folder.appendingPathComponent($0 == 1 ? base : base + ".\($0)") }
    }

    /// Every recovery file beside `manifest`, read strictly: what it holds, or why it cannot be used.
    public static func find(besideManifest manifest: URL) -> [RecoveryOnDisk] {
        urls(besideManifest: manifest).compactMap(read)
    }

    /// The recovery file at `url`; nil when there is none.
    static func read(_ url: URL) -> RecoveryOnDisk? {
        var info = stat()
        guard lstat(url.path, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFLNK {
            return .unusable(path: url.path, reason: "it is a symbolic link, which pinbench never makes")
        }
        do {
            guard let manifest = try ManifestStore.loadIfPresent(PinManifest.self, at: url) else { return nil }
            return .found(path: url.path, manifest: manifest)
        } catch {
            return .unusable(path: url.path, reason: error.description)
        }
    }

    /// True when something (a file, a link, anything) has the name `url`.
    static func exists(_ url: URL) -> Bool {
        var info = stat()
        return lstat(url.path, &info) == 0
    }

    /// Writes `manifest` to `url` atomically, never through a link; why not, on failure.
    static func write(_ manifest: PinManifest, to url: URL, inputs: [InputFile]) -> String? {
        var info = stat()
        if lstat(url.path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            return "\(url.path) is not a plain file (a link, a folder or a device); it is left alone"
        }
        do {
            try OutputFileWriter.write(ManifestCodec.encode(manifest), to: url.path, replacing: true, inputs: inputs)
            return nil
        } catch {
            return error.reason
        }
    }

    /// Removes the recovery file at `url` (a link is removed, not what it names); why not, on failure.
    static func remove(_ url: URL) -> String? {
        guard unlink(url.path) == 0 || errno == ENOENT else {
            return SystemCallFailure.describe(errno, path: url.path)
        }
        return nil
    }
}
