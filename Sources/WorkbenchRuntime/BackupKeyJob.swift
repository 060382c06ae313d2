import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore
import Workbench

/// Runs a ``BackupKeyRequest`` of the workbench: the same generation and exclusive writes as `pinbench backup-key`.
enum BackupKeyJob {
    static func run(_ request: BackupKeyRequest) -> Result<BackupKeyCreated, BackupKeyError> {
        let folder = URL(fileURLWithPath: NSString(string: request.folder).expandingTildeInPath).standardizedFileURL
        do {
            // Opened before the key exists, as `pinbench backup-key` does: a folder swapped for a link while the key
            // is made cannot move where the private key goes, and a bad folder costs no generation.
            let opened = try BackupKeyFolder(folder)
            let key = try BackupKey.generate(for: request.host, algorithm: request.algorithm)
            let files = try BackupKeyFiles.write(key, to: opened)
            let pin = key.pin(keyFile: files.key, requestFile: files.request, added: Date())
            return .success(BackupKeyCreated(host: request.host.text, pin: pin, keyFile: files.key))
        } catch {
            return .failure(error)
        }
    }
}
