import Foundation
import TestSupport
import Testing

@testable import PinningCore

/// ML-DSA certificates (FIPS 204, RFC 9881's OIDs), made here from DER and signed by dilithium-py (PyPI; OpenSSL 3.0
/// cannot make them): swift-certificates 1.21 refuses their keys, so the core reads the SubjectPublicKeyInfo with
/// SwiftASN1, names the parameter set, and pins it. The pins are checked against hashes Python takes of the bytes it
/// wrote and against `openssl dgst` on the whole certificate.
@Suite("ML-DSA certificates: named and pinned, not validated")
struct MLDSACertificateTests {
    static let modules = ["dilithium_py"]

    /// Writes an ML-DSA-`level` certificate for `host`, DER, with the SHA-256 of its SubjectPublicKeyInfo (base64)
    /// as Python computed it: `(der, spki-sha256)`.
    static func make(level: String, host: String, malformed: Bool = false) throws -> ([UInt8], String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mldsa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("make.py")
        try Data(Self.generator.utf8).write(to: script)
        let der = folder.appendingPathComponent("cert.der")
        let result = try ProcessRunner.run(
            PythonInterpreter.path,
            PythonInterpreter.arguments + [script.path, level, host, der.path, malformed ? "short" : "exact"])
        #expect(result.status == 0, "\(result.stderrText)")
        return (Array(try Data(contentsOf: der)), result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test(
        "ML-DSA-44, -65 and -87: the key and signature named, spki-sha256 and cert-sha256 as Python and openssl hash them",
        .enabled(if: PythonInterpreter.hasModules(modules), PythonInterpreter.missing(modules)))
    func namedAndPinned() throws {
        for (level, keyBytes) in [("44", 1_312), ("65", 1_952), ("87", 2_592)] {
            let (der, spki) = try Self.make(level: level, host: "pq\(level).pinbench.test")
            let certificate = try ChainCertificate(derEncoded: der)
            #expect(certificate.certificate == nil, "swift-certificates 1.21 refuses ML-DSA keys")
            let details = certificate.details
            #expect(details.key.algorithm == .mlDSA && details.key.summary == "ML-DSA-\(level)")
            #expect(details.key.bits == keyBytes * 8)
            #expect(details.signatureAlgorithm == "ML-DSA-\(level)")
            #expect(details.subject == "CN=pq\(level).pinbench.test")
            #expect(details.spkiPin == spki, "spki-sha256 as Python hashed the bytes it wrote")
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("mldsa-\(UUID().uuidString).der")
            try Data(der).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let digest = try ProcessRunner.run("/usr/bin/openssl", ["dgst", "-sha256", "-binary", file.path])
            let openssl = digest.stdout.base64EncodedString()
            #expect(details.certPin == openssl, "cert-sha256 as openssl dgst hashes the DER")
            let refusal = try #require(certificate.refusal)
            #expect(refusal.contains("ML-DSA-\(level) key (RFC 9881)"), "\(refusal)")
        }
    }

    @Test(
        "an ML-DSA key of the wrong size is not named as one, and the validator refuses the chain naming the key",
        .enabled(if: PythonInterpreter.hasModules(modules), PythonInterpreter.missing(modules)))
    func malformedAndRefused() async throws {
        let (short, _) = try Self.make(level: "65", host: "short.pinbench.test", malformed: true)
        let key = try ChainCertificate(derEncoded: short).details.key
        #expect(key.algorithm == .other && key.summary.contains("a malformed ML-DSA-65 key"), "\(key.summary)")
        let (der, _) = try Self.make(level: "65", host: "pq.pinbench.test")
        let chain = [try ChainCertificate(derEncoded: der)]
        let verdict = await PinValidator(manifest: PinManifest(), trustAnchors: TrustAnchors(certificates: []))
            .validate(host: "pq.pinbench.test", chain: chain, at: Date())
        #expect(verdict.rejection == .unacceptableKey)
        #expect(verdict.statement.contains("ML-DSA-65"), "\(verdict.statement)")
    }

    /// Builds the certificate by hand (DER) and signs it with dilithium-py's pure ML-DSA (empty context).
    static let generator = #"""
        # An ML-DSA certificate (RFC 9881), self-signed, built by hand and signed with dilithium-py; prints the
        # SHA-256 of its SubjectPublicKeyInfo in base64. Arguments: 44|65|87 HOST OUT exact|short.
        import sys, datetime, hashlib, base64
        from dilithium_py.ml_dsa import ML_DSA_44, ML_DSA_65, ML_DSA_87

        def tlv(tag, body):
            n = len(body)
            if n < 0x80:
                length = bytes([n])
            else:
                b = n.to_bytes((n.bit_length() + 7) // 8, 'big')
                length = bytes([0x80 | len(b)]) + b
            return bytes([tag]) + length + body

        def oid(text):
            parts = [int(p) for p in text.split('.')]
            out = bytes([parts[0] * 40 + parts[1]])
            for p in parts[2:]:
                chunk = [p & 0x7F]
                p >>= 7
                while p:
                    chunk.insert(0, 0x80 | (p & 0x7F))
                    p >>= 7
                out += bytes(chunk)
            return tlv(0x06, out)

        def seq(*items):
            return tlv(0x30, b''.join(items))

        def name(cn):
            return seq(tlv(0x31, seq(oid('2.5.4.3'), tlv(0x0C, cn.encode()))))

        def gtime(d):
            return tlv(0x18, d.strftime('%Y%m%d%H%M%SZ').encode())

        variants = {'44': (ML_DSA_44, '2.16.840.1.101.3.4.3.17'), '65': (ML_DSA_65, '2.16.840.1.101.3.4.3.18'),
                    '87': (ML_DSA_87, '2.16.840.1.101.3.4.3.19')}
        level, host, out, mode = sys.argv[1:5]
        scheme, algorithm = variants[level]
        pk, sk = scheme.keygen()
        if mode == 'short':
            pk = pk[:-1]
        alg = seq(oid(algorithm))
        now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
        spki = seq(alg, tlv(0x03, b'\x00' + pk))
        san = seq(oid('2.5.29.17'), tlv(0x04, seq(tlv(0x82, host.encode()))))
        tbs = seq(tlv(0xA0, tlv(0x02, b'\x02')), tlv(0x02, b'\x01\x23'), alg, name(host),
                  seq(gtime(now - datetime.timedelta(days=1)), gtime(now + datetime.timedelta(days=90))), name(host),
                  spki, tlv(0xA3, seq(san)))
        signature = scheme.sign(sk, tbs)
        with open(out, 'wb') as f:
            f.write(seq(tbs, alg, tlv(0x03, b'\x00' + signature)))
        print(base64.b64encode(hashlib.sha256(spki).digest()).decode())
        """#
}
