import Foundation

/// `pinbench scan`'s entry point: an artifact's path in, its report out. An Android APK or an iOS IPA (both ZIP
/// archives, read in place), or an unpacked iOS app folder (the `.app`, or a folder holding `Payload/NAME.app`).
public enum BuildScanner {
    public static func scan(path: String, limits: ScanLimits = ScanLimits()) throws(ScanError) -> ScanReport {
        do {
            var status = stat()
            if stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                return try scanFolder(path, limits: limits)
            }
            return try scan(FileArchiveSource(path: path), artifact: path, limits: limits)
        } catch {
            var named = error
            named.artifact = path
            throw named
        }
    }

    /// Scans an archive from any source (bytes in memory for tests and fuzzing): an IPA when it holds
    /// `Payload/NAME.app/Info.plist`, else an APK.
    public static func scan(
        _ source: any ArchiveSource, artifact: String, limits: ScanLimits = ScanLimits()
    ) throws(ScanError) -> ScanReport {
        let archive = try ZipArchive(source, limits: limits)
        if let app = try IOSScan.appFolder(archive.names) {
            var scan = IOSScan(files: archive, app: app, limits: limits)
            return try scan.run(artifact: artifact)
        }
        var scan = AndroidScan(archive: archive, limits: limits)
        return try scan.run(artifact: artifact)
    }

    /// An unpacked iOS app: the `.app` folder itself, or one holding `Payload/NAME.app`.
    private static func scanFolder(_ path: String, limits: ScanLimits) throws(ScanError) -> ScanReport {
        let files = try FolderFiles(root: path, limits: limits)
        guard let app = try IOSScan.appFolder(files.names, rootApp: true) else {
            throw ScanError(
                .unsupported, entry: nil,
                "a folder without Info.plist or Payload/NAME.app/Info.plist: only an iOS app is scanned as a folder "
                    + "(give an Android build as its APK)")
        }
        var scan = IOSScan(files: files, app: app, limits: limits)
        return try scan.run(artifact: path)
    }
}
