import Foundation

/// Writes an export where the user asked: the companion files (the `.cer` certificates Alamofire and AFNetworking
/// bundle) into the same folder first, then the main file. One path for `pinbench export --output` and the
/// workbench's `x`, through the same atomic writer as every output file.
///
/// A companion's name comes from its certificate's hash, so an existing file of that name holding the same bytes
/// is the same certificate and is kept; one holding other bytes is someone else's file, and the export stops
/// before touching it or the main file.
public enum ExportFileWriter {
    /// Companion files larger than this are not compared (a certificate is a few KiB).
    static let companionReadLimit = 1 << 20

    /// Writes `companions` beside `path`, then `contents` to `path` (replaced only when `replacing`).
    public static func write(
        _ contents: [UInt8], companions: [ExportedFile], to path: String, replacing: Bool
    ) throws(OutputFileError) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        for file in companions {
            let target = folder.appendingPathComponent(file.name).path
            do {
                try OutputFileWriter.write(Data(file.contents), to: target, replacing: false)
            } catch  where error.code == .exists {
                let existing = try? BoundedFileReader.read(
                    URL(fileURLWithPath: target), limit: companionReadLimit, what: "certificate")
                guard existing == Data(file.contents) else {
                    throw OutputFileError(
                        .failed, path: target,
                        reason: "\(target) already exists with other contents; move it away and export again")
                }
            }
        }
        try OutputFileWriter.write(Data(contents), to: path, replacing: replacing)
    }
}
