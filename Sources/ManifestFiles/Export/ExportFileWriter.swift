import Foundation
import ManifestEditing
import PinExport

/// Writes an export where the user asked: the companion files (the `.cer` certificates Alamofire and AFNetworking
/// bundle) into the same folder first, then the main file. One path for `pinbench export --output` and the
/// workbench's `x`, through the same atomic writer as every output file.
///
/// Every path is checked before anything is written (``OutputTarget``): the main file is none of the command's
/// inputs and none of the companions, which it would replace right after writing them. A companion's name comes
/// from its certificate's hash, so an existing file of that name holding the same bytes is the same certificate and
/// is kept; one holding other bytes is someone else's file, and the export stops before touching it or the main
/// file.
public enum ExportFileWriter {
    /// Companion files larger than this are not compared (a certificate is a few KiB).
    static let companionReadLimit = 1 << 20

    /// Writes `companions` beside `path`, then `contents` to `path` (replaced only when `replacing`); `inputs` are
    /// the files the export was made from.
    public static func write(
        _ contents: [UInt8], companions: [ExportedFile], to path: String, replacing: Bool, inputs: [InputFile] = []
    ) throws(OutputFileError) {
        let main = try OutputTarget.check(path, inputs: inputs)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var targets: [(file: ExportedFile, target: OutputTarget)] = []
        for file in companions {
            // A companion is never written over anything, so an input of the same name is only ever compared.
            let target = try OutputTarget.check(folder.appendingPathComponent(file.name).path, inputs: [])
            if target.isSameFile(as: main) {
                throw OutputFileError(
                    .isCompanion, path: path,
                    reason: "\(path) is also where the certificate \(file.name) goes, written beside the export; "
                        + "give the export another file name")
            }
            targets.append((file, target))
        }
        for (file, target) in targets {
            do {
                try OutputFileWriter.write(Data(file.contents), to: target, replacing: false)
            } catch  where error.code == .exists {
                let existing = try? target.existingContents(limit: companionReadLimit, what: "certificate")
                guard existing == Data(file.contents) else {
                    throw OutputFileError(
                        .failed, path: target.path,
                        reason: "\(target.path) already exists with other contents; move it away and export again")
                }
            }
        }
        try OutputFileWriter.write(Data(contents), to: main, replacing: replacing)
    }
}
