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
        let url = write.url
        let run = BackupKeyRun(
            host: host, algorithm: algorithm, folder: URL(fileURLWithPath: out).standardizedFileURL, manifest: url)
        let result = try run.run(beforeWriting: write.gate)
        guard result.outcome.didChange, let files = result.files else { throw CLIFailure(result.outcome.description) }
        if json {
            Output.json(
                BackupKeyReport(
                    host: host.text, algorithm: algorithm.rawValue, pin: result.key.spkiPin, privateKey: files.key.path,
                    certificateSigningRequest: files.request.path, manifest: url.path))
            return
        }
        Output.line("wrote \(files.key.path) (private key, mode 0600; keep it offline)")
        Output.line("wrote \(files.request.path) (CSR for \(host.text))")
        Output.line("\(result.outcome.description); wrote \(url.path)")
    }
}

extension BackupKeyAlgorithm: ExpressibleByArgument {}
