import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore
import TestSupport
import Testing

/// Backup keys, checked with the openssl command line: the pin, the CSR's signature and SAN, the files' mode and
/// the refusal to write over anything.
@Suite("Backup keys")
struct BackupKeyTests {
    /// Generates (RSA takes seconds: off the cooperative pool) and writes a key for `host` into `folder`.
    func generate(
        _ host: String, _ algorithm: BackupKeyAlgorithm, in folder: TemporaryFolder
    ) async throws
        -> (BackupKey, URL, URL)
    {
        let name = try HostName(host)
        let key = try await OffPoolThread.run { try BackupKey.generate(for: name, algorithm: algorithm) }
        let files = try BackupKeyFiles.write(key, to: folder.url)
        return (key, files.key, files.request)
    }

    @Test(
        "the pin equals openssl's; the CSR verifies and carries the SAN; the key is 0600",
        arguments: BackupKeyAlgorithm.allCases)
    func generated(algorithm: BackupKeyAlgorithm) async throws {
        let folder = TemporaryFolder()
        let (key, keyFile, requestFile) = try await generate("api.example.test", algorithm, in: folder)
        #expect(keyFile.lastPathComponent == "api.example.test.\(algorithm.rawValue).key.pem")
        let result = try await OffPoolThread.run { () throws -> (String, String, String) in
            let publicKey = try OpenSSLCLI.run(["pkey", "-in", keyFile.path, "-pubout", "-outform", "DER"])
            let pin = try OpenSSLCLI.run(["dgst", "-sha256", "-binary"], input: publicKey).base64EncodedString()
            let verified = try ProcessRunner.run(
                "/usr/bin/openssl", ["req", "-in", requestFile.path, "-verify", "-noout", "-text"]
            ).checked()
            let keyText = String(
                decoding: try OpenSSLCLI.run(["pkey", "-in", keyFile.path, "-noout", "-text"]), as: UTF8.self)
            return (pin, verified.stdoutText + verified.stderrText, keyText)
        }
        #expect(key.spkiPin == result.0)
        #expect(result.1.contains("verify OK"), "\(result.1)")
        #expect(result.1.contains("DNS:api.example.test"))
        #expect(
            result.1.contains("Subject: CN = api.example.test") || result.1.contains("Subject: CN=api.example.test"))
        switch algorithm {
        case .p256: #expect(result.2.contains("P-256") || result.2.contains("prime256v1"))
        case .p384: #expect(result.2.contains("P-384") || result.2.contains("secp384r1"))
        case .rsa2048: #expect(result.2.contains("2048 bit"))
        case .rsa3072: #expect(result.2.contains("3072 bit"))
        case .rsa4096: #expect(result.2.contains("4096 bit"))
        }
        var status = stat()
        #expect(stat(keyFile.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOf: keyFile, encoding: .utf8).hasPrefix("-----BEGIN PRIVATE KEY-----"))
    }

    @Test("an IP address host gets an iPAddress SAN")
    func ipAddress() async throws {
        let folder = TemporaryFolder()
        let (_, _, requestFile) = try await generate("192.0.2.7", .p256, in: folder)
        let text = try await OffPoolThread.run {
            String(decoding: try OpenSSLCLI.run(["req", "-in", requestFile.path, "-noout", "-text"]), as: UTF8.self)
        }
        #expect(text.contains("IP Address:192.0.2.7"))
    }

    @Test("never over an existing file, a planted symbolic link (dangling or not), or a half-existing pair")
    func refusals() async throws {
        let folder = TemporaryFolder()
        let key = try BackupKey.generate(for: try HostName("a.test"), algorithm: .p256)
        let names = key.fileNames
        // An existing key file stays as it was.
        folder.write(names.key, "precious")
        #expect(throws: BackupKeyError(.exists, reason: "")) { try BackupKeyFiles.write(key, to: folder.url) }
        #expect(folder.read(names.key) == "precious")
        #expect(folder.read(names.request) == nil)
        try FileManager.default.removeItem(atPath: folder.path(names.key))

        // A link to a file elsewhere: the target is untouched, the link stays a link.
        folder.write("target", "target text")
        #expect(symlink(folder.path("target"), folder.path(names.key)) == 0)
        #expect(throws: BackupKeyError(.exists, reason: "")) { try BackupKeyFiles.write(key, to: folder.url) }
        #expect(folder.read("target") == "target text")
        try FileManager.default.removeItem(atPath: folder.path(names.key))

        // A dangling link: nothing is created where it points.
        #expect(symlink(folder.path("planted"), folder.path(names.key)) == 0)
        #expect(throws: BackupKeyError(.exists, reason: "")) { try BackupKeyFiles.write(key, to: folder.url) }
        #expect(!FileManager.default.fileExists(atPath: folder.path("planted")))
        try FileManager.default.removeItem(atPath: folder.path(names.key))

        // An existing CSR: the key file made a moment before is removed again, so a retry works.
        folder.write(names.request, "old csr")
        #expect(throws: BackupKeyError(.exists, reason: "")) { try BackupKeyFiles.write(key, to: folder.url) }
        #expect(!FileManager.default.fileExists(atPath: folder.path(names.key)))
        #expect(folder.read(names.request) == "old csr")

        #expect(throws: BackupKeyError(.folderMissing, reason: "")) {
            try BackupKeyFiles.write(key, to: folder.url.appendingPathComponent("missing"))
        }
    }
}
