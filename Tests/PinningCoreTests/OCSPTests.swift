import Foundation
import PinningCore
import TestSupport
import Testing
import X509

/// The OCSP reader and judge against responses made by `openssl ocsp`, cross-checked with Python's cryptography.
@Suite("OCSP responses from openssl, judged")
struct OCSPTests {
    /// One CA, one leaf, and openssl's responses about the leaf, made once for the suite.
    struct Fixture: Sendable {
        let ocsp: OpenSSLOCSP
        let leaf: Certificate
        let issuer: Certificate
        let good: [UInt8]
        let revoked: [UInt8]
        let unknown: [UInt8]
        let delegated: [UInt8]
        let undelegated: [UInt8]
        let stranger: [UInt8]

        init() throws {
            ocsp = try OpenSSLOCSP.make()
            leaf = try Certificate(pemEncoded: ocsp.leaf.pem)
            issuer = try Certificate(pemEncoded: ocsp.issuer.pem)
            good = try ocsp.response(.valid)
            revoked = try ocsp.response(.revoked(time: "261101120000Z", reason: "keyCompromise"))
            unknown = try ocsp.response(.absent)
            delegated = try ocsp.response(.valid, signer: try ocsp.responderCertificate(delegated: true))
            undelegated = try ocsp.response(.valid, signer: try ocsp.responderCertificate(delegated: false))
            let otherCA = try LegacyCertificate.root(commonName: "Some Other CA", key: .ec(curve: "P-256"))
            stranger = try ocsp.response(.valid, signer: otherCA)
        }
    }

    static let fixture = Result { try Fixture() }

    func fixture() async throws -> Fixture { try await OffPoolThread.run { try Self.fixture.get() } }

    func judge(_ der: [UInt8], _ f: Fixture, at time: Date = Date()) -> RevocationCheck {
        OCSPResponseJudge.judge(der, leaf: f.leaf, issuer: f.issuer, at: time, source: .staple)
    }

    @Test("good, revoked (with time and reason) and unknown, as openssl wrote them")
    func statuses() async throws {
        let f = try await fixture()
        guard case .good(let thisUpdate, let nextUpdate) = judge(f.good, f).outcome else {
            Issue.record("good: \(judge(f.good, f).summary)")
            return
        }
        #expect(abs(thisUpdate.timeIntervalSinceNow) < 600)
        #expect(abs((nextUpdate ?? .distantPast).timeIntervalSince(thisUpdate) - 86_400) < 60)
        let revoked = judge(f.revoked, f)
        #expect(revoked.outcome == .revoked(at: Date(timeIntervalSince1970: 1_793_534_400), reason: .keyCompromise))
        #expect(revoked.isRevoked)
        #expect(revoked.summary.contains("REVOKED on 2026-11-01 12:00:00 UTC (keyCompromise)"))
        #expect(judge(f.unknown, f).outcome == .unknown)
    }

    @Test(
        "the fields agree with Python's cryptography reading the same bytes",
        .enabled(if: PythonInterpreter.hasModules(["cryptography"]), PythonInterpreter.missing(["cryptography"])))
    func crossCheckedWithPython() async throws {
        let f = try await fixture()
        let script = """
            import sys, json
            from cryptography.x509 import ocsp
            def to_hex(n):  # big-endian bytes, no leading zero byte, as the Swift side prints them
                return n.to_bytes((n.bit_length() + 7) // 8, "big").hex().upper()
            out = []
            for h in json.load(sys.stdin):
                r = ocsp.load_der_ocsp_response(bytes.fromhex(h))
                out.append({"status": r.certificate_status.name, "serial": to_hex(r.serial_number),
                  "thisUpdate": int(r.this_update_utc.timestamp()),
                  "nextUpdate": int(r.next_update_utc.timestamp()) if r.next_update_utc else None,
                  "revokedAt": int(r.revocation_time_utc.timestamp()) if r.revocation_time_utc else None,
                  "reason": r.revocation_reason.name if r.revocation_reason else None})
            print(json.dumps(out))
            """
        struct Found: Decodable {
            let status: String
            let serial: String
            let thisUpdate: Int
            let nextUpdate: Int?
            let revokedAt: Int?
            let reason: String?
        }
        let responses = [f.good, f.revoked, f.unknown]
        let found = try await OffPoolThread.run {
            try PythonParser.parse(
                responses.map { $0.map { String(format: "%02x", $0) }.joined() }, with: script, as: [Found].self)
        }
        #expect(found.map(\.status) == ["GOOD", "REVOKED", "UNKNOWN"])
        for (der, python) in zip(responses, found) {
            let parsed = try ParsedOCSPResponse(derEncoded: der)
            let single = try #require(parsed.responses.first)
            let serial = single.certificateID.serialNumber.drop { $0 == 0 }.map { String(format: "%02X", $0) }
            #expect(serial.joined() == python.serial)
            #expect(Int(single.thisUpdate.timeIntervalSince1970) == python.thisUpdate)
            #expect(single.nextUpdate.map { Int($0.timeIntervalSince1970) } == python.nextUpdate)
            if case .revoked(let at, let reason) = single.status {
                #expect(Int(at.timeIntervalSince1970) == python.revokedAt)
                #expect(
                    reason.map { "\($0)".lowercased() }
                        == python.reason.map { $0.lowercased().replacingOccurrences(of: "_", with: "") })
            } else {
                #expect(python.revokedAt == nil)
            }
        }
    }

    @Test("a responder the CA delegated to (OCSPSigning) is trusted; one without that usage or another CA is not")
    func signers() async throws {
        let f = try await fixture()
        if case .good = judge(f.delegated, f).outcome {
        } else {
            Issue.record("delegated: \(judge(f.delegated, f).summary)")
        }
        #expect(judge(f.undelegated, f).outcome == .unusable(.unauthorizedSigner))
        #expect(judge(f.stranger, f).outcome == .unusable(.unauthorizedSigner))
    }

    @Test("a flipped signature byte, another certificate, a stale response and garbage are unusable, not good")
    func unusable() async throws {
        let f = try await fixture()
        // The last byte of the signature (ECDSA's s): the DER stays well formed, the signature does not verify.
        var tampered = f.good
        let signature = try ParsedOCSPResponse(derEncoded: f.good).signature
        let start = try #require(
            (0...(tampered.count - signature.count)).first {
                tampered[$0..<($0 + signature.count)].elementsEqual(signature)
            })
        tampered[start + signature.count - 1] ^= 0x01
        #expect(judge(tampered, f).outcome == .unusable(.badSignature))
        let other = try await OffPoolThread.run { try OpenSSLOCSP.make() }
        let otherLeaf = try Certificate(pemEncoded: other.leaf.pem)
        let otherIssuer = try Certificate(pemEncoded: other.issuer.pem)
        #expect(
            OCSPResponseJudge.judge(f.good, leaf: otherLeaf, issuer: otherIssuer, at: Date(), source: .staple).outcome
                == .unusable(.noResponseForLeaf))
        if case .unusable(.expired) = judge(f.good, f, at: Date().addingTimeInterval(3 * 86_400)).outcome {
        } else {
            Issue.record("a response past its nextUpdate must be unusable")
        }
        if case .unusable(.notYetValid) = judge(f.good, f, at: Date().addingTimeInterval(-3600)).outcome {
        } else {
            Issue.record("a response from the future must be unusable")
        }
        if case .unusable(.malformed) = judge(Array(f.good.prefix(40)), f).outcome {
        } else {
            Issue.record("truncated bytes must be malformed")
        }
        if case .unusable(.malformed(let why)) = judge([UInt8](repeating: 0x30, count: 70_000), f).outcome {
            #expect(why.contains("at most 65536"))
        } else {
            Issue.record("oversized input must be refused by size")
        }
    }

    @Test(
        "responses built by Python's cryptography (responder named by key hash, SHA-256 CertID) judge the same",
        .enabled(if: PythonInterpreter.hasModules(["cryptography"]), PythonInterpreter.missing(["cryptography"])))
    func builtByPython() async throws {
        let f = try await fixture()
        let script = """
            import sys, json, datetime
            from cryptography import x509
            from cryptography.hazmat.primitives import hashes, serialization
            from cryptography.x509 import ocsp
            spec = json.load(sys.stdin)
            leaf = x509.load_pem_x509_certificate(spec["leaf"].encode())
            issuer = x509.load_pem_x509_certificate(spec["issuer"].encode())
            key = serialization.load_pem_private_key(spec["key"].encode(), password=None)
            now = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0)
            out = []
            for status in ["good", "revoked"]:
                builder = ocsp.OCSPResponseBuilder().add_response(
                    cert=leaf, issuer=issuer, algorithm=hashes.SHA256(),
                    cert_status=ocsp.OCSPCertStatus.GOOD if status == "good" else ocsp.OCSPCertStatus.REVOKED,
                    this_update=now - datetime.timedelta(minutes=1), next_update=now + datetime.timedelta(days=1),
                    revocation_time=None if status == "good" else now - datetime.timedelta(days=2),
                    revocation_reason=None if status == "good" else x509.ReasonFlags.superseded,
                ).responder_id(ocsp.OCSPResponderEncoding.HASH, issuer)
                out.append(builder.sign(key, hashes.SHA256()).public_bytes(serialization.Encoding.DER).hex())
            print(json.dumps(out))
            """
        let spec: [String: String] = [
            "leaf": f.ocsp.leaf.pem, "issuer": f.ocsp.issuer.pem, "key": f.ocsp.issuer.keyPEM,
        ]
        let responses = try await OffPoolThread.run { () throws -> [[UInt8]] in
            let result = try ProcessRunner.run(
                PythonInterpreter.path, PythonInterpreter.arguments + ["-c", script],
                input: try JSONSerialization.data(withJSONObject: spec), timeout: 120
            ).checked()
            let hex = try JSONDecoder().decode([String].self, from: result.stdout)
            return hex.map { text in
                stride(from: 0, to: text.count, by: 2).map {
                    let start = text.index(text.startIndex, offsetBy: $0)
                    return UInt8(text[start..<text.index(start, offsetBy: 2)], radix: 16)!
                }
            }
        }
        #expect(responses.count == 2)
        let good = judge(responses[0], f)
        if case .good = good.outcome {} else { Issue.record("good: \(good.summary)") }
        #expect(good.responder?.hasPrefix("key ") == true, "named by key hash: \(good.responder ?? "")")
        guard case .revoked(_, let reason) = judge(responses[1], f).outcome else {
            Issue.record("revoked: \(judge(responses[1], f).summary)")
            return
        }
        #expect(reason == .superseded)
    }
}
