/// `pinbench scan`'s entry point: an artifact's path in, its report out. Android APKs today; an IPA or an app
/// folder is refused by name until their readers exist.
public enum BuildScanner {
    public static func scan(path: String, limits: ScanLimits = ScanLimits()) throws(ScanError) -> ScanReport {
        do {
            return try scan(FileArchiveSource(path: path), artifact: path, limits: limits)
        } catch {
            var named = error
            named.artifact = path
            throw named
        }
    }

    /// Scans an archive from any source (bytes in memory for tests and fuzzing).
    public static func scan(
        _ source: any ArchiveSource, artifact: String, limits: ScanLimits = ScanLimits()
    ) throws(ScanError) -> ScanReport {
        let archive = try ZipArchive(source, limits: limits)
        if archive.entries.contains(where: { $0.name.hasPrefix("Payload/") && $0.name.hasSuffix(".app/Info.plist") }) {
            throw ScanError(.unsupported, entry: nil, "an iOS IPA: PinBench scans Android APKs so far")
        }
        var scan = AndroidScan(archive: archive, limits: limits)
        return try scan.run(artifact: artifact)
    }
}
