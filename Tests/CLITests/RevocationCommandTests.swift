import Foundation
import TestSupport
import Testing

/// `--revocation` end to end: `openssl s_server -status_file` staples openssl's OCSP responses, and a loopback
/// responder answers with openssl's responses over HTTP (or never answers).
@Suite("Revocation: stapled and live OCSP against openssl")
struct RevocationCommandTests {
    let folder = TemporaryFolder()
    let host = "ocsp.pinbench.test"

    func inspect(
        _ port: UInt16, ca: String, _ extra: [String] = []
    ) async throws -> (ProcessRunner.Result, [String: Any]) {
        let result = try await PinBenchBinary.run(
            ["inspect", host, "--connect", "127.0.0.1:\(port)", "--ca-bundle", ca, "--no-system-trust", "--json"]
                + extra, in: folder.url)
        let json = try #require(
            try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result.stderrText)")
        return (result, json)
    }

    func revocation(_ json: [String: Any]) -> [String: Any]? {
        (json["verdict"] as? [String: Any])?["revocation"] as? [String: Any]
    }

    func server(_ ocsp: OpenSSLOCSP, staple: [UInt8]?) async throws -> OpenSSLServer {
        let identity = OpenSSLServer.Identity(certificatePEM: ocsp.leaf.pem, keyPEM: ocsp.leaf.keyPEM)
        var arguments: [String] = []
        if let staple { arguments = ["-status_file", folder.write("staple-\(UUID().uuidString).der", Data(staple))] }
        return try await OpenSSLServer.start(identity, arguments: arguments)
    }

    @Test("a stapled 'revoked' rejects, naming time and reason; 'good' is shown; --revocation off asks nothing")
    func stapled() async throws {
        let (ocsp, revoked, good) = try await OffPoolThread.run { () throws -> (OpenSSLOCSP, [UInt8], [UInt8]) in
            let ocsp = try OpenSSLOCSP.make()
            return (
                ocsp, try ocsp.response(.revoked(time: "261101120000Z", reason: "keyCompromise")),
                try ocsp.response(.valid)
            )
        }
        let ca = folder.write("ca.pem", ocsp.issuer.pem)
        let revokedServer = try await server(ocsp, staple: revoked)
        defer { revokedServer.stop() }
        let (rejected, json) = try await inspect(revokedServer.port, ca: ca)
        #expect(rejected.status == 1, "\(rejected.stderrText)")
        let verdict = try #require(json["verdict"] as? [String: Any])
        #expect(verdict["outcome"] as? String == "rejected")
        #expect(verdict["rejection"] as? String == "revoked")
        #expect(revocation(json)?["status"] as? String == "revoked")
        #expect(revocation(json)?["source"] as? String == "staple")
        #expect(revocation(json)?["reason"] as? String == "keyCompromise")
        let text = try await PinBenchBinary.run(
            ["inspect", host, "--connect", "127.0.0.1:\(revokedServer.port)", "--ca-bundle", ca, "--no-system-trust"],
            in: folder.url)
        #expect(
            text.stdoutText.contains(
                "rejected: the leaf certificate was revoked on 2026-11-01 12:00:00 UTC (keyCompromise)"))

        let (off, offJSON) = try await inspect(revokedServer.port, ca: ca, ["--revocation", "off"])
        #expect(off.status == 0, "\(off.stderrText)")
        #expect(revocation(offJSON)?["status"] as? String == "not-checked")

        let goodServer = try await server(ocsp, staple: good)
        defer { goodServer.stop() }
        let (accepted, goodJSON) = try await inspect(goodServer.port, ca: ca)
        #expect(accepted.status == 0, "\(accepted.stderrText)")
        #expect(revocation(goodJSON)?["status"] as? String == "good")
        #expect((goodJSON["tls"] as? [String: Any])?["ocspStapled"] as? Bool == true)

        let plainServer = try await server(ocsp, staple: nil)
        defer { plainServer.stop() }
        let (_, plainJSON) = try await inspect(plainServer.port, ca: ca)
        #expect(revocation(plainJSON)?["status"] as? String == "not-checked")
        #expect((revocation(plainJSON)?["summary"] as? String)?.contains("stapled no OCSP response") == true)
    }

    @Test("--revocation ocsp asks the leaf's responder over HTTP; a responder that never answers is reported, in time")
    func live() async throws {
        let folder = self.folder
        let responderIndex = folder.path("responder-index.txt")
        let (ocsp, responder, silent) = try await OffPoolThread.run {
            () throws -> (OpenSSLOCSP, OCSPResponderProcess, OCSPResponderProcess) in
            // The responder must exist before the leaf (its URL is in the leaf); it reads the index per request.
            let ca = try LegacyCertificate.root(commonName: "OCSP Live CA", key: .ec(curve: "P-256"))
            let caPath = folder.write("responder-ca.pem", ca.pem)
            let keyPath = folder.write("responder-ca.key", ca.keyPEM)
            let responder = try OCSPResponderProcess(indexPath: responderIndex, caPath: caPath, keyPath: keyPath)
            let silent = try OCSPResponderProcess(
                indexPath: responderIndex, caPath: caPath, keyPath: keyPath, silent: true)
            let ocsp = try OpenSSLOCSP.make(issuer: ca, responderURL: responder.url)
            _ = folder.write(
                "responder-index.txt", try ocsp.index(.revoked(time: "261101120000Z", reason: "superseded")))
            return (ocsp, responder, silent)
        }
        defer {
            responder.stop()
            silent.stop()
        }
        let ca = folder.write("ca.pem", ocsp.issuer.pem)
        let server = try await server(ocsp, staple: nil)
        defer { server.stop() }
        let (rejected, json) = try await inspect(server.port, ca: ca, ["--revocation", "ocsp"])
        #expect(rejected.status == 1, "\(rejected.stderrText)")
        #expect(revocation(json)?["status"] as? String == "revoked", "\(revocation(json) ?? [:])")
        #expect(revocation(json)?["source"] as? String == "responder")
        #expect(revocation(json)?["reason"] as? String == "superseded")

        // The same leaf, but its responder URL now leads to one that never answers: not checked, said so, in time.
        let hanging = try await OffPoolThread.run {
            try OpenSSLOCSP.make(issuer: ocsp.issuer, responderURL: silent.url)
        }
        let hangingServer = try await self.server(hanging, staple: nil)
        defer { hangingServer.stop() }
        let started = Date()
        let (allowed, hangingJSON) = try await inspect(
            hangingServer.port, ca: ca, ["--revocation", "ocsp", "--timeout", "2"])
        #expect(Date().timeIntervalSince(started) < 60, "bounded by --timeout (with room for a loaded shared pool)")
        #expect(allowed.status == 0, "\(allowed.stderrText)")
        #expect(revocation(hangingJSON)?["status"] as? String == "not-checked")
        #expect(
            (revocation(hangingJSON)?["summary"] as? String)?.contains("did not answer within the deadline") == true)
    }

    @Test("validate --ocsp-response: a saved staple judged with a chain file, revoked rejects, good accepts")
    func validateWithSavedResponse() async throws {
        let (ocsp, revoked, good) = try await OffPoolThread.run { () throws -> (OpenSSLOCSP, [UInt8], [UInt8]) in
            let ocsp = try OpenSSLOCSP.make()
            return (
                ocsp, try ocsp.response(.revoked(time: "261101120000Z", reason: "cessationOfOperation")),
                try ocsp.response(.valid)
            )
        }
        let ca = folder.write("ca.pem", ocsp.issuer.pem)
        let chain = folder.write("leaf.pem", ocsp.leaf.pem)
        func validate(_ response: [UInt8]) async throws -> ProcessRunner.Result {
            try await PinBenchBinary.run(
                [
                    "validate", "--host", host, "--chain", chain, "--ca-bundle", ca, "--no-system-trust",
                    "--ocsp-response", folder.write("response-\(UUID().uuidString).der", Data(response)), "--json",
                ], in: folder.url)
        }
        let rejected = try await validate(revoked)
        #expect(rejected.status == 1, "\(rejected.stderrText)")
        let verdict = try #require(try JSONSerialization.jsonObject(with: rejected.stdout) as? [String: Any])
        #expect(verdict["rejection"] as? String == "revoked")
        #expect((verdict["revocation"] as? [String: Any])?["reason"] as? String == "cessationOfOperation")
        let accepted = try await validate(good)
        #expect(accepted.status == 0, "\(accepted.stderrText)")
        let garbage = try await validate([0x30, 0x03, 0x0A, 0x01, 0x09])
        #expect(garbage.status == 0, "an unreadable response is reported, not a rejection")
        let unreadable = try #require(try JSONSerialization.jsonObject(with: garbage.stdout) as? [String: Any])
        #expect((unreadable["revocation"] as? [String: Any])?["status"] as? String == "unusable")
    }

    @Test("validate --ocsp-response: a pipe, a device or a folder is refused as bad input at once, never read")
    func validateRefusesUnreadableResponse() async throws {
        let ocsp = try await OffPoolThread.run { try OpenSSLOCSP.make() }
        let ca = folder.write("ca.pem", ocsp.issuer.pem)
        let chain = folder.write("leaf.pem", ocsp.leaf.pem)
        let pipe = folder.path("staple-\(UUID().uuidString).der")
        #expect(mkfifo(pipe, 0o600) == 0)
        for (response, words) in [
            (pipe, "not a regular file"), ("/dev/zero", "not a regular file"), (folder.path(""), "is a folder"),
        ] {
            let result = try await PinBenchBinary.run(
                [
                    "validate", "--host", host, "--chain", chain, "--ca-bundle", ca, "--no-system-trust",
                    "--ocsp-response", response,
                ], in: folder.url, timeout: 20)
            #expect(result.status == 2, "\(response): \(result.stderrText)")
            #expect(result.stderrText.contains("cannot read the OCSP response \(response)"), "\(result.stderrText)")
            #expect(result.stderrText.contains(words), "\(result.stderrText)")
        }
    }
}
