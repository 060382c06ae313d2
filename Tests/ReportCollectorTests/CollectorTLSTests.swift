import Foundation
import LabPKI
import ReportCollector
import TestSupport
import Testing

@Suite(
    "ReportCollector over HTTPS: curl and openssl s_client against the collector's TLS on 127.0.0.1",
    .enabled(
        if: CollectorWorld.hasTools && FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl"),
        "needs curl, sqlite3 and the openssl command line"))
struct CollectorTLSTests {
    /// The lab's root signs a leaf for 127.0.0.1: the collector serves it, curl trusts the root.
    final class Files: @unchecked Sendable {
        // @unchecked: immutable after init.
        let world: CollectorWorld
        let certificate: String
        let key: String
        let root: String

        init() throws {
            world = try CollectorWorld()
            let pki = world.pki
            let leaf = try CertificateIssuer.leaf(
                commonName: "collector.pinbench.test", dnsNames: ["collector.pinbench.test"],
                ipAddresses: ["127.0.0.1"], key: .p256, issuer: pki.intermediate)
            certificate = world.folder.write("collector.pem", leaf.pem + pki.intermediate.pem)
            key = world.folder.write("collector-key.pem", leaf.key.privateKeyPEM)
            root = world.rootPath
        }

        func tls() throws -> CollectorTLS { try CollectorTLS(certificatePath: certificate, keyPath: key) }
    }

    @Test("A report over HTTPS (curl trusting the lab's root) is stored; plain HTTP to the TLS port fails cleanly")
    func curlOverTLS() async throws {
        let files = try Files()
        let run = try await files.world.start(tls: try files.tls())
        #expect(run.url.hasPrefix("https://127.0.0.1:"))
        let answer = try await CollectorWorld.curl(
            run.url, body: files.world.body(chain: files.world.pki.rotated.full), extra: ["--cacert", files.root])
        #expect(answer.status == 200)
        #expect(try await files.world.read("SELECT judgement, count FROM reports") == "lockout|1")
        // Without the root, curl refuses the server: the certificate is what it checks, not a formality.
        let untrusted = try await CollectorWorld.curl(
            run.url, body: files.world.body(chain: files.world.pki.rotated.full))
        #expect(untrusted.status == 0)
        // Plain HTTP to the TLS port: no HTTP answer, and the collector goes on serving.
        let plain = try await CollectorWorld.curl(
            "http" + run.url.dropFirst(5), body: files.world.body(chain: files.world.pki.rotated.full))
        #expect(plain.status != 200)
        #expect(try await files.world.read("SELECT count FROM reports") == "1")
        let after = try await CollectorWorld.curl(
            run.url, body: files.world.body(chain: files.world.pki.rotated.full), extra: ["--cacert", files.root])
        #expect(after.status == 200)
        await run.stop()
    }

    @Test("openssl s_client: TLS 1.2 is served, TLS 1.1 is refused; the chain sent is the one given")
    func protocolVersions() async throws {
        let files = try Files()
        let run = try await files.world.start(tls: try files.tls())
        let port = run.server.port
        let modern = try await OffPoolThread.run {
            try ProcessRunner.run(
                "/usr/bin/openssl",
                [
                    "s_client", "-connect", "127.0.0.1:\(port)", "-CAfile", files.root, "-tls1_2", "-showcerts",
                    "-verify_return_error",
                ],
                input: Data("Q\n".utf8), timeout: 60)
        }
        #expect(modern.stdoutText.contains("Verify return code: 0 (ok)"), "\(modern.stdoutText)")
        #expect(modern.stdoutText.contains("Protocol  : TLSv1.2") || modern.stdoutText.contains("TLSv1.2"))
        #expect(modern.stdoutText.components(separatedBy: "BEGIN CERTIFICATE").count - 1 == 2)
        let old = try await OffPoolThread.run {
            try ProcessRunner.run(
                "/usr/bin/openssl",
                ["s_client", "-connect", "127.0.0.1:\(port)", "-tls1_1", "-cipher", "DEFAULT:@SECLEVEL=0"],
                input: Data("Q\n".utf8), timeout: 60)
        }
        #expect(old.status != 0)
        #expect(old.stdoutText.contains("no peer certificate available"))
        #expect(old.stdoutText.contains("Cipher is (NONE)"))
        await run.stop()
    }

    @Test("A TLS handshake that never completes is cut off at the request deadline")
    func slowHandshake() async throws {
        let files = try Files()
        let run = try await files.world.start(tls: try files.tls()) { $0.requestDeadline = 1 }
        let port = run.server.port
        let started = ContinuousClock.now
        let reply = try await OffPoolThread.run { () -> String in
            let socket = try SlowSocket(port: port)
            // The first bytes of a ClientHello, and then nothing.
            socket.send("\u{16}\u{03}\u{01}\u{00}")
            return socket.readAll(timeout: 30)
        }
        // The collector closed the connection (readAll returned before its own 30 s).
        #expect(ContinuousClock.now - started < .seconds(25))
        #expect(!reply.contains("HTTP/1.1 200"))
        await run.stop()
    }

    @Test("Key files: unreadable, not a key, mismatched, a symlink to a device, one without the other: clear errors")
    func keyFileErrors() async throws {
        let files = try Files()
        let folder = files.world.folder
        let other = try CertificateIssuer.leaf(
            commonName: "other", dnsNames: ["other.pinbench.test"], key: .p256, issuer: files.world.pki.intermediate)
        let otherKey = folder.write("other-key.pem", other.key.privateKeyPEM)
        let notKey = folder.write("not-key.pem", "hello\n")
        symlink("/dev/zero", folder.path("zero.pem"))
        let cases: [(cert: String, key: String, words: String)] = [
            (files.certificate, folder.path("missing.pem"), "--tls-key"),
            (files.certificate, notKey, "not a PEM private key"),
            (files.certificate, otherKey, "does not belong"),
            (files.certificate, folder.path("zero.pem"), "not a regular file"),
            (folder.path("zero.pem"), files.key, "not a regular file"),
            (notKey, files.key, "--tls-cert"),
        ]
        for (cert, key, words) in cases {
            do {
                _ = try CollectorTLS(certificatePath: cert, keyPath: key)
                Issue.record("\(cert) \(key) accepted")
            } catch {
                #expect(error.message.contains(words), "\(error.message)")
            }
        }
        // The binary: one option without the other, and a mismatched key, are bad input (exit 2), nothing created.
        let base = ["collect", "--listen", "0.0.0.0:0", "--db", files.world.database]
        for extra in [["--tls-cert", files.certificate], ["--tls-cert", files.certificate, "--tls-key", otherKey]] {
            let result = try await PinBenchBinary.run(base + extra, in: folder.url)
            #expect(result.status == 2, "\(result.stderrText)")
            #expect(result.stderrText.contains("--tls-"))
        }
        #expect(!FileManager.default.fileExists(atPath: files.world.database))
        // With both, a non-loopback address is accepted: the ListenAddress rule.
        #expect(try ListenAddress("0.0.0.0:8443", tls: true).host == "0.0.0.0")
    }
}
