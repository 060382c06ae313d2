import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

@Suite("Reading PEM and DER chains")
struct ChainDecoderTests {
    let pki = TestPKI.shared

    @Test("several PEM blocks with text around them, in order")
    func pemWithChatter() throws {
        let text =
            "depth=0 CN = api\nverify return:1\n" + pki.good.leaf.pem + "---\nServer certificate\n"
            + pki.good.intermediates[0].pem + "trailing words"
        let chain = try CertificateChainDecoder.decode(Data(text.utf8), source: "chain.pem")
        #expect(chain == pki.good.presentedChain)
        #expect(chain.map(\.certificate) == pki.good.presentedCertificates)
    }

    @Test("a DER file")
    func der() throws {
        let chain = try CertificateChainDecoder.decode(Data(pki.good.leaf.der), source: "leaf.der")
        #expect(chain.map(\.certificate) == [pki.good.leaf.certificate])
    }

    @Test(
        "malformed inputs give an error naming the source and block",
        arguments: [
            ("", CertificateDecodingError.Code.empty, nil as Int?),
            ("hello world", .malformedDER, nil),
            ("-----BEGIN EC PARAMETERS-----\nAAAA\n-----END EC PARAMETERS-----\n", .malformedPEM, nil),
            ("-----BEGIN CERTIFICATE-----\nMIIB\n", .malformedPEM, 1),
            ("-----BEGIN CERTIFICATE-----\n!!!notbase64!!!\n-----END CERTIFICATE-----\n", .malformedPEM, 1),
            (
                "-----BEGIN CERTIFICATE-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END CERTIFICATE-----\n",
                .malformedDER, 1
            ),
        ])
    func malformed(input: String, code: CertificateDecodingError.Code, block: Int?) {
        #expect {
            try CertificateChainDecoder.decode(Data(input.utf8), source: "bad.pem")
        } throws: { error in
            let error = error as! CertificateDecodingError
            return error.code == code && error.block == block && error.description.hasPrefix("bad.pem")
        }
    }

    @Test("the second block's failure names block 2")
    func secondBlock() throws {
        let broken = pki.good.leaf.pem + "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"
        do {
            _ = try CertificateChainDecoder.decode(Data(broken.utf8), source: "two.pem")
            Issue.record("decoded a broken chain")
        } catch {
            #expect(error.block == 2)
            #expect(error.description.contains("two.pem, certificate block 2"))
        }
    }

    @Test("a CA bundle skips the blocks it cannot use, counts them, and keeps the others in order")
    func bundleSkipsBadBlocks() throws {
        let unparsable = try LegacyCertificate.selfSigned(
            commonName: "p192.pinbench.test", key: .ec(curve: "prime192v1"))
        let refused = try CertificateChainDecoder.decode(Data(unparsable.pem.utf8), source: "p192.pem")
        #expect(refused.map(\.certificate) == [nil], "a chain still reads it, as a refused certificate")
        #expect(refused.first?.details.key.summary == "EC P-192")
        let bundle =
            "# a comment line\n" + pki.good.root.pem
            + "-----BEGIN CERTIFICATE-----\n!!!notbase64!!!\n-----END CERTIFICATE-----\n" + unparsable.pem
            + "-----BEGIN CERTIFICATE-----\nMIIB\n" + pki.good.intermediates[0].pem
        let folder = TemporaryFolder()
        var anchors = TrustAnchors()
        try anchors.add(contentsOf: URL(fileURLWithPath: folder.write("bundle.pem", bundle)))
        #expect(anchors.certificates == [pki.good.root.certificate, pki.good.intermediates[0].certificate])
        #expect(anchors.sources.map(\.loaded) == [2])
        #expect(anchors.sources.map(\.skipped) == [3])
    }

    static let systemBundlePath = "/etc/ssl/certs/ca-certificates.crt"

    @Test(
        "the system CA bundle: every block is loaded or counted as skipped",
        .enabled(if: FileManager.default.fileExists(atPath: systemBundlePath), "needs the ca-certificates bundle"))
    func systemBundle() throws {
        let text = try String(contentsOfFile: Self.systemBundlePath, encoding: .utf8)
        var anchors = TrustAnchors()
        try anchors.add(contentsOf: URL(fileURLWithPath: Self.systemBundlePath))
        let blocks = OpenSSLCLI.pemCertificates(in: text)
        let source = try #require(anchors.sources.first)
        #expect(source.loaded + source.skipped == blocks.count)
        #expect(source.loaded > blocks.count / 2)
        // The last certificate, cross-checked with the openssl command line (when every block loaded, the last
        // certificate loaded is the last block).
        guard source.skipped == 0 else { return }
        let expected = try OpenSSLCLI.certPin(certificatePEM: try #require(blocks.last))
        #expect(Fingerprint.sha256Base64(anchors.certificates.last!.derBytes) == expected)
    }

    @Test("truncated and random DER never crash")
    func truncatedDER() {
        let der = pki.good.leaf.der
        for length in stride(from: 1, to: der.count, by: 37) {
            #expect(throws: CertificateDecodingError.self) {
                try CertificateChainDecoder.decode(Data(der.prefix(length)), source: "cut.der")
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var bytes = (0..<Int.random(in: 1...400, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            bytes[0] = 0x30
            #expect(throws: CertificateDecodingError.self) {
                try CertificateChainDecoder.decode(Data(bytes), source: "random.der")
            }
        }
    }

    @Test("an unreadable file is named")
    func missingFile() {
        #expect {
            try CertificateChainDecoder.decode(contentsOf: URL(fileURLWithPath: "/nonexistent/chain.pem"))
        } throws: { error in
            (error as! CertificateDecodingError).code == .unreadable
                && "\(error)".contains("/nonexistent/chain.pem")
        }
    }
}
