import DemoLab
import Foundation
import PinningCore
import TestSupport
import Testing
import X509

/// Certificate Transparency: the lab's `ct-logged` leaf carries SCTs from its own logs, read here, by Python's
/// cryptography and by `openssl x509 -text`; signatures verify, and a changed byte, a wrong key or a repeated log
/// do not count.
@Suite("Certificate Transparency: SCTs, log lists and the 2-log policy")
struct TransparencyTests {
    static let lab: RunningLab = {
        let lab = try! RunningLab.start()
        lab.stop()
        return lab
    }()

    var logged: Certificate { Self.lab.scenario(.ctLogged).servedCertificates[0] }
    var issuer: Certificate { Self.lab.intermediate }
    var logs: CTLogList { Self.lab.ctLogList }

    @Test("the ct-logged leaf: two SCTs from the lab's two logs, valid, meeting the policy; no-sct has none")
    func labLeaves() throws {
        let timestamps = try SignedCertificateTimestamp.embedded(in: logged)
        #expect(timestamps.count == 2)
        #expect(Set(timestamps.map(\.logID)) == Set(logs.logs.map(\.logID)))
        for sct in timestamps {
            #expect(SCTVerifier.verify(sct, leaf: logged, issuer: issuer, logs: logs, at: Date()).isValid)
            #expect(abs(sct.timestamp.timeIntervalSinceNow) < 3600)
            #expect(sct.algorithmName == "ECDSA-SHA256")
        }
        let result = CTPolicy.evaluate(leaf: logged, issuer: issuer, logs: logs, at: Date())
        #expect(result.meetsPolicy && result.distinctValidLogs == 2)
        let bare = Self.lab.scenario(.noSCT).servedCertificates[0]
        #expect(try SignedCertificateTimestamp.embedded(in: bare).isEmpty)
        #expect(!CTPolicy.evaluate(leaf: bare, issuer: issuer, logs: logs, at: Date()).meetsPolicy)
    }

    @Test(
        "Python's cryptography and openssl x509 -text read the same log IDs and timestamps",
        .enabled(if: PythonInterpreter.hasModules(["cryptography"]), PythonInterpreter.missing(["cryptography"])))
    func crossChecked() async throws {
        let der = logged.derBytes
        let timestamps = try SignedCertificateTimestamp.embedded(in: logged)
        let script = """
            import sys, json, datetime
            from cryptography import x509
            out = []
            for h in json.load(sys.stdin):
                cert = x509.load_der_x509_certificate(bytes.fromhex(h))
                scts = cert.extensions.get_extension_for_class(x509.PrecertificateSignedCertificateTimestamps).value
                # cryptography gives a naive datetime in UTC: read it as UTC, whatever TZ says.
                out.append([[s.log_id.hex(), int(s.timestamp.replace(tzinfo=datetime.timezone.utc).timestamp() * 1000)]
                    for s in scts])
            print(json.dumps(out))
            """
        let hex = der.map { String(format: "%02x", $0) }.joined()
        let python = try await OffPoolThread.run { () throws -> [[[String]]] in
            let found = try ProcessRunner.run(
                PythonInterpreter.path, PythonInterpreter.arguments + ["-c", script],
                input: try JSONSerialization.data(withJSONObject: [hex]), timeout: 120
            ).checked()
            let parsed = try JSONSerialization.jsonObject(with: found.stdout) as? [[[Any]]] ?? []
            return parsed.map { $0.map { $0.map { "\($0)" } } }
        }
        let ours = timestamps.map {
            [$0.logID.map { String(format: "%02x", $0) }.joined(), "\($0.timestampMilliseconds)"]
        }
        #expect(python.first == ours)
        let pem = try logged.serializeAsPEM().pemString
        let text = try await OffPoolThread.run { try OpenSSLCLI.text(certificatePEM: pem) }
        #expect(text.contains("CT Precertificate SCTs"))
        for sct in timestamps {
            let colon = sct.logID.prefix(4).map { String(format: "%02X", $0) }.joined(separator: ":")
            #expect(text.contains(colon), "openssl shows log ID \(colon)")
        }
    }

    @Test("a changed timestamp, a log key that did not sign, an unknown log, a future SCT: none counts")
    func tampered() throws {
        let sct = try #require(try SignedCertificateTimestamp.embedded(in: logged).first)
        let changed = SignedCertificateTimestamp(
            logID: sct.logID, timestampMilliseconds: sct.timestampMilliseconds + 1, signature: sct.signature)
        guard case .invalidSignature = SCTVerifier.verify(changed, leaf: logged, issuer: issuer, logs: logs, at: Date())
        else { Issue.record("a changed timestamp must not verify"); return }
        let log = try #require(logs.log(id: sct.logID))
        let other = try #require(logs.logs.first { $0.logID != sct.logID })
        let swapped = CTLogList(logs: [
            .init(
                description: log.description, operatorName: log.operatorName, logID: log.logID, key: other.key,
                url: nil, state: nil)
        ])
        guard case .invalidSignature = SCTVerifier.verify(sct, leaf: logged, issuer: issuer, logs: swapped, at: Date())
        else { Issue.record("another log's key must not verify"); return }
        #expect(
            SCTVerifier.verify(sct, leaf: logged, issuer: issuer, logs: CTLogList(logs: []), at: Date()) == .unknownLog)
        #expect(
            SCTVerifier.verify(sct, leaf: logged, issuer: issuer, logs: logs, at: Date().addingTimeInterval(-7200))
                == .futureTimestamp)
    }

    @Test("the policy counts distinct logs, not SCTs")
    func distinctLogs() throws {
        let sct = try #require(try SignedCertificateTimestamp.embedded(in: logged).first)
        let log = try #require(logs.log(id: sct.logID))
        let twice = CTPolicyResult(checked: [
            .init(timestamp: sct, result: .valid(log)), .init(timestamp: sct, result: .valid(log)),
        ])
        #expect(twice.distinctValidLogs == 1)
        #expect(!twice.meetsPolicy)
        #expect(twice.summary.contains("2 valid SCTs from 1 distinct log"))
    }

    @Test(
        "log lists: the lab's JSON reads back; the public format with its extra fields reads; a wrong log_id is refused"
    )
    func logLists() throws {
        let again = try CTLogList(json: try logs.json())
        #expect(again.logs.map(\.logID) == logs.logs.map(\.logID))
        #expect(again.logs.map(\.key) == logs.logs.map(\.key))
        let key = Data(logs.logs[0].key).base64EncodedString()
        let id = Data(logs.logs[0].logID).base64EncodedString()
        let publicFormat = """
            {"version": "70.1", "log_list_timestamp": "2026-11-20T12:52:47Z", "operators": [{"name": "Example",
             "email": ["ct@example.test"], "logs": [{"description": "Example 'Argon' log", "log_id": "\(id)",
             "key": "\(key)", "url": "https://ct.example.test/", "mmd": 86400,
             "state": {"usable": {"timestamp": "2026-01-01T00:00:00Z"}},
             "temporal_interval": {"start_inclusive": "2026-01-01T00:00:00Z", "end_exclusive": "2027-01-01T00:00:00Z"}}],
             "tiled_logs": []}]}
            """
        let list = try CTLogList(json: Data(publicFormat.utf8))
        #expect(list.logs.count == 1 && list.logs[0].state == "usable" && list.logs[0].operatorName == "Example")
        let wrong = publicFormat.replacingOccurrences(of: id, with: Data(repeating: 7, count: 32).base64EncodedString())
        #expect(throws: CTLogListError.self) { try CTLogList(json: Data(wrong.utf8)) }
        #expect(throws: CTLogListError.self) { try CTLogList(json: Data("not json".utf8)) }
    }

    @Test("an SCT list that is cut short or holds too many entries is an error, never a partial list")
    func malformedLists() {
        #expect(throws: SCTParseError.self) { try SignedCertificateTimestamp.parseList([0, 10, 0, 8, 0][...]) }
        let one = SignedCertificateTimestamp(logID: Array(repeating: 1, count: 32), timestampMilliseconds: 1)
        let many = SignedCertificateTimestamp.encodeList(Array(repeating: one, count: 40))
        #expect(throws: SCTParseError.self) { try SignedCertificateTimestamp.parseList(many[...]) }
        let round = try? SignedCertificateTimestamp.parseList(SignedCertificateTimestamp.encodeList([one])[...])
        #expect(round == [one])
    }
}
