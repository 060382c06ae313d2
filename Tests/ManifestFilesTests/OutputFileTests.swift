import Foundation
import LabPKI
import ManifestEditing
import ManifestFiles
import PinningCore
import TestSupport
import Testing
import X509

/// The files the workbench writes for the user: PEM byte for byte as openssl writes it, and the output writer's
/// promises (atomic, never replacing unless told to, links followed) on real files.
@Suite("Saved PEM and output files")
struct OutputFileTests {
    @Test(
        "a certificate's PEM is byte-identical to openssl x509 -outform PEM of its DER",
        arguments: [KeyKind.p256, .rsa(bits: 2048)])
    func pemMatchesOpenSSL(kind: KeyKind) async throws {
        let (ours, openssl) = try await OffPoolThread.run {
            let root = try CertificateIssuer.root(commonName: "PEM Root", key: kind)
            let leaf = try CertificateIssuer.leaf(
                commonName: "pem.example.test", dnsNames: ["pem.example.test"], key: kind, issuer: root)
            let chain = [ChainCertificate(leaf.certificate), ChainCertificate(root.certificate)]
            let der = chain.map { Data($0.der) }
            let reference = try der.map {
                String(
                    decoding: try OpenSSLCLI.run(["x509", "-inform", "DER", "-outform", "PEM"], input: $0),
                    as: UTF8.self)
            }
            return (chain, reference)
        }
        #expect(ours[0].pemText == openssl[0])
        #expect(ChainCertificate.pemText(ours) == openssl.joined())
        #expect(ours[0].pemText.hasSuffix("-----END CERTIFICATE-----\n"))
    }

    @Test("a new file is written whole; an existing one is refused as .exists and left as it was")
    func neverReplacesUnlessTold() throws {
        let folder = TemporaryFolder()
        let path = folder.path("chain.pem")
        try OutputFileWriter.write(Data("first\n".utf8), to: path, replacing: false)
        #expect(folder.read("chain.pem") == "first\n")

        do {
            try OutputFileWriter.write(Data("second\n".utf8), to: path, replacing: false)
        } catch {
            #expect(error.code == .exists)
            #expect(error.reason.contains("already exists"))
        }
        #expect(folder.read("chain.pem") == "first\n")

        try OutputFileWriter.write(Data("second\n".utf8), to: path, replacing: true)
        #expect(folder.read("chain.pem") == "second\n")
        // No temporary file is left beside it.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(names == ["chain.pem"], "\(names)")
    }

    @Test("replacing through a symbolic link updates the file it names and keeps the link")
    func followsLinks() throws {
        let folder = TemporaryFolder()
        folder.write("real.pem", "old\n")
        let link = folder.path("link.pem")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.pem")
        do {
            try OutputFileWriter.write(Data("new\n".utf8), to: link, replacing: false)
            Issue.record("an existing link target was replaced without being told to")
        } catch {
            #expect(error.code == .exists)
        }
        try OutputFileWriter.write(Data("new\n".utf8), to: link, replacing: true)
        #expect(folder.read("real.pem") == "new\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "real.pem")
    }

    @Test("a missing folder fails in the project's words, naming the path")
    func missingFolder() throws {
        let folder = TemporaryFolder()
        let path = folder.path("no/such/folder/out.pem")
        do {
            try OutputFileWriter.write(Data("x".utf8), to: path, replacing: false)
            Issue.record("written into a folder that does not exist")
        } catch {
            #expect(error.code == .failed)
            #expect(error.reason.contains("does not exist"), "\(error.reason)")
            #expect(!error.reason.contains("NSCocoaErrorDomain"))
        }
    }
}
