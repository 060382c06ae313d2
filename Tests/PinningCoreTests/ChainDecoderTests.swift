import Foundation
import LabPKI
import PinningCore
import Testing
import TestSupport

@Suite("Reading PEM and DER chains")
struct ChainDecoderTests {
    let pki = TestPKI.shared

    @Test("several PEM blocks with text around them, in order")
    func pemWithChatter() throws {
        let text = "depth=0 CN = api\nverify return:1\n" + pki.good.leaf.pem + "---\nServer certificate\n"
            + pki.good.intermediates[0].pem + "trailing words"
        let chain = try CertificateChainDecoder.decode(Data(text.utf8), source: "chain.pem")
        #expect(chain == pki.good.presentedCertificates)
    }

    @Test("a DER file")
    func der() throws {
        let chain = try CertificateChainDecoder.decode(Data(pki.good.leaf.der), source: "leaf.der")
        #expect(chain == [pki.good.leaf.certificate])
    }

    @Test("malformed inputs give an error naming the source and block", arguments: [
        ("", CertificateDecodingError.Code.empty, nil as Int?),
        ("hello world", .malformedDER, nil),
        ("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", .malformedPEM, nil),
        ("-----BEGIN CERTIFICATE-----\nMIIB\n", .malformedPEM, 1),
        ("-----BEGIN CERTIFICATE-----\n!!!notbase64!!!\n-----END CERTIFICATE-----\n", .malformedPEM, 1),
        ("-----BEGIN CERTIFICATE-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END CERTIFICATE-----\n", .malformedDER, 1),
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
            var bytes = (0..<Int.random(in: 1...400, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
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
