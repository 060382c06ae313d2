import Foundation
import ManifestEditing
import PinningCore

/// `backup-key` as one use case: make a key for a host, write it and its CSR into a folder, and add its pin to the
/// manifest as a backup. The files are created after the gate passes and before the manifest is replaced, under its
/// lock: a refused write leaves no key behind, and a key that cannot be written leaves the manifest as it was.
public struct BackupKeyRun: Sendable {
    public let host: HostName
    public let algorithm: BackupKeyAlgorithm
    /// The folder the key and the CSR go into (it must exist).
    public let folder: URL
    public let manifest: URL

    public init(host: HostName, algorithm: BackupKeyAlgorithm, folder: URL, manifest: URL) {
        self.host = host
        self.algorithm = algorithm
        self.folder = folder
        self.manifest = manifest
    }

    /// The key made, the edit's outcome and, when the pin was added, the two files written.
    public struct Result: Sendable {
        public let key: BackupKey
        public let outcome: ManifestEditor.Outcome
        public let files: (key: URL, request: URL)?
    }

    /// `gate` judges the manifest as it is about to be written (the lint gate) and throws to refuse it. Throws
    /// ``BackupKeyError`` for a folder or a file that cannot be used, the manifest's errors, and the gate's.
    public func run(beforeWriting gate: (PinManifest) throws -> Void, added: Date = Date()) throws -> Result {
        // Opened before the key is made (RSA takes seconds): the files go into this folder, whatever its path
        // names by the time they are written.
        let outFolder = try BackupKeyFolder(folder)
        let key = try BackupKey.generate(for: host, algorithm: algorithm)
        let names = key.fileNames
        let pin = key.pin(
            keyFile: outFolder.url.appendingPathComponent(names.key),
            requestFile: outFolder.url.appendingPathComponent(names.request), added: added)
        var files: (key: URL, request: URL)?
        let outcome = try ManifestStore.update(
            at: manifest,
            beforeWriting: { manifest in
                try gate(manifest)
                files = try BackupKeyFiles.write(key, to: outFolder)
            }
        ) { manifest in
            ManifestEditor.addPin(pin, host: host.text, to: &manifest)
        }
        return Result(key: key, outcome: outcome, files: files)
    }
}
