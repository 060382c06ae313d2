import Foundation
import PinningCore

/// Reads an app's pinning configuration (TrustKit, Android Network Security Config or ATS) into domains the
/// manifest can carry, plus the items it cannot. Pure apart from reading the file; ``ImportMerge`` applies the
/// result to a manifest.
public enum ConfigurationImporter {
    /// Reads the file at `url` (a regular file of at most ``ImportLimits/maximumFileSize``) as `format`.
    public static func read(_ url: URL, as format: ImportFormat) throws(ImportError) -> ImportedConfiguration {
        let data: Data
        do {
            data = try BoundedFileReader.read(
                url, limit: ImportLimits.maximumFileSize, what: "\(format.displayName) configuration")
        } catch {
            throw ImportError(file: error)
        }
        return try read(data, as: format, path: url.path)
    }

    /// Reads `data` as `format`; `path` names the file in errors.
    public static func read(
        _ data: Data, as format: ImportFormat, path: String
    ) throws(ImportError)
        -> ImportedConfiguration
    {
        guard data.count <= ImportLimits.maximumFileSize else {
            throw ImportError(
                .unreadable, path: path,
                reason: "is larger than \(ImportLimits.maximumFileSize >> 20) MiB, the limit for a configuration")
        }
        switch format {
        case .trustkit: return try TrustKitImporter.read(data, path: path)
        case .android: return try AndroidImporter.read(data, path: path)
        case .ats: return try ATSImporter.read(data, path: path)
        }
    }
}
