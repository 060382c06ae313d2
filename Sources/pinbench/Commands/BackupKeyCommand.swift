import ArgumentParser
import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore

struct BackupKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup-key",
        abstract: "Generate a backup key and CSR for a host, and pin the key as a backup.",
        discussion: """
            Writes DIR/HOST.ALGORITHM.key.pem (the private key, PKCS#8, mode 0600) and DIR/HOST.ALGORITHM.csr.pem \
            (a CSR with CN=HOST and HOST as its subject alternative name), never over an existing file or a \
            symbolic link, then adds the key's spki-sha256 pin to HOST as a backup, with a note saying where the \
            key is. Keep the key offline; when the live key must go, have the CSR signed and deploy the new \
            certificate with it: apps that ship the pin keep working.

            The manifest is written behind the lint gate, as `pin add` does. RSA keys take a few seconds.

            Examples:
              pinbench backup-key api.example.com --algorithm p256 --out ~/pin-keys
              pinbench backup-key api.example.com --algorithm rsa3072 --out ~/pin-keys --manifest app/pins.json
            """
    )

    @Argument(help: "The host the key is for.")
    var host: String

    @Option(help: "One of: \(BackupKeyAlgorithm.allCases.map(\.rawValue).joined(separator: ", ")).")
    var algorithm: BackupKeyAlgorithm

    @Option(help: "The folder to write the key and the CSR to (it must exist).")
    var out: String

    @Flag(help: "Print the pin and the files written as JSON.")
    var json = false

    @OptionGroup var write: ManifestWriteOptions

    func run() throws {
        let host = try HostArgument.parse(self.host)
        // Opened before the key is made (RSA takes seconds): the files go into this folder, whatever its path
        // names by the time they are written.
        let outFolder: BackupKeyFolder
        let key: BackupKey
        do {
            outFolder = try BackupKeyFolder(URL(fileURLWithPath: out).standardizedFileURL)
            key = try BackupKey.generate(for: host, algorithm: algorithm)
        } catch {
            throw CLIFailure(error.description)
        }
        let folder = outFolder.url
        let url = write.url
        let names = key.fileNames
        let pin = key.pin(
            keyFile: folder.appendingPathComponent(names.key),
            requestFile: folder.appendingPathComponent(names.request), added: Date())
        var files: (key: URL, request: URL)?
        // The files are created after the lint gate passes and before the manifest is replaced, under its lock:
        // a refused write leaves no key behind, and a key that cannot be written leaves the manifest as it was.
        let outcome = try ManifestStore.update(
            at: url,
            beforeWriting: { manifest in
                try write.gate(manifest)
                do {
                    files = try BackupKeyFiles.write(key, to: outFolder)
                } catch let error as BackupKeyError {
                    throw CLIFailure(error.description)
                }
            }
        ) { manifest in
            ManifestEditor.addPin(pin, host: host.text, to: &manifest)
        }
        guard outcome.didChange, let files else { throw CLIFailure(outcome.description) }
        if json {
            Output.json(
                BackupKeyReport(
                    host: host.text, algorithm: algorithm.rawValue, pin: key.spkiPin, privateKey: files.key.path,
                    certificateSigningRequest: files.request.path, manifest: url.path))
            return
        }
        Output.line("wrote \(files.key.path) (private key, mode 0600; keep it offline)")
        Output.line("wrote \(files.request.path) (CSR for \(host.text))")
        Output.line("\(outcome.description); wrote \(url.path)")
    }
}

extension BackupKeyAlgorithm: ExpressibleByArgument {}
