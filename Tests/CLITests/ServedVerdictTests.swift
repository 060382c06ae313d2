import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// `validate`, `inspect`, `check` and `lint --served` run as a user would (the built binary) against real
/// `openssl s_server` processes on 127.0.0.1: one chain, one answer, whichever command asks. Serialized: each test
/// runs several processes, and the suite shares two cores with timing-sensitive probe tests.
@Suite("One verdict from every command, against real servers", .serialized)
struct ServedVerdictTests {
    let folder = TemporaryFolder()

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    func json(_ result: ProcessRunner.Result) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result.stdoutText)")
    }

    /// A manifest with `trustAnchors: [root.pem]` and one domain dialled at `port`.
    func writeManifest(host: String, port: UInt16, pins: [[String: String]]) throws {
        try writeManifest([(host, port, pins)])
    }

    /// A manifest with `trustAnchors: [root.pem]` and domains dialled on 127.0.0.1.
    func writeManifest(_ domains: [(host: String, port: UInt16, pins: [[String: String]])]) throws {
        let manifest: [String: Any] = [
            "schema": 1, "trustAnchors": ["root.pem"],
            "domains": domains.map { domain -> [String: Any] in
                [
                    "host": domain.host, "port": Int(domain.port), "connect": "127.0.0.1", "mode": "enforce",
                    "pins": domain.pins,
                ]
            },
        ]
        try JSONSerialization.data(withJSONObject: manifest).write(to: folder.url.appendingPathComponent("pins.json"))
    }

    @Test("an RSA-1024 leaf: validate, inspect --json and check give the same rejection with the reason")
    func weakLeafEverywhere() async throws {
        let host = "weak.pinbench.test"
        let (root, leaf) = try await OffPoolThread.run {
            let root = try LegacyCertificate.root(commonName: "Weak Served Root", key: .ec(curve: "prime256v1"))
            let leaf = try LegacyCertificate.issued(
                subject: "/CN=\(host)", key: .rsa(bits: 1024), by: root, extensions: ["subjectAltName=DNS:\(host)"])
            return (root, leaf)
        }
        folder.write("root.pem", root.pem)
        folder.write("served.pem", leaf.pem)
        // s_server refuses a 1024-bit key at the system's default security level; the point is to serve one.
        let server = try await OpenSSLServer.start(
            .init(certificatePEM: leaf.pem, keyPEM: leaf.keyPEM), arguments: ["-cipher", "DEFAULT:@SECLEVEL=0"])
        defer { server.stop() }
        let strictClient = try await OffPoolThread.run {
            try ProcessRunner.run(
                "/usr/bin/openssl",
                [
                    "s_client", "-connect", "127.0.0.1:\(server.port)", "-servername", host, "-verify_hostname", host,
                    "-CAfile", folder.path("root.pem"), "-auth_level", "2", "-verify_return_error",
                ], input: Data())
        }
        #expect(strictClient.status != 0, "openssl s_client at auth level 2 refuses the key too")
        try writeManifest(host: host, port: server.port, pins: [])
        let spki = try await OffPoolThread.run { try OpenSSLCLI.spkiPin(certificatePEM: leaf.pem) }

        let validate = try await run([
            "validate", "--host", host, "--chain", "served.pem", "--no-system-trust", "--json",
        ])
        #expect(validate.status == 1, "\(validate.stderrText)")
        let inspect = try await run(["inspect", host, "--no-system-trust", "--json", "--timeout", "5"])
        #expect(inspect.status == 1, "\(inspect.stderrText)")
        let check = try await run(["check", "--no-system-trust", "--json", "--timeout", "5"])
        #expect(check.status == 1, "\(check.stderrText)")

        let validated = try json(validate)
        let inspected = try #require(try json(inspect)["verdict"] as? [String: Any])
        let checked = try #require((try json(check)["results"] as? [[String: Any]])?.first)
        for answer in [validated["rejection"], inspected["rejection"], checked["rejection"]] {
            #expect(answer as? String == "unacceptable-key")
        }
        let reason = "RSA key of 1024 bits; clients require at least 2048"
        #expect((validated["statement"] as? String)?.contains(reason) == true)
        #expect((inspected["statement"] as? String)?.contains(reason) == true)
        #expect((checked["summary"] as? String)?.contains(reason) == true)
        let sent = try #require(try json(inspect)["sentChain"] as? [[String: Any]])
        let details = try #require(sent.first?["details"] as? [String: Any])
        #expect((details["key"] as? [String: Any])?["bits"] as? Int == 1024)
        #expect(details["spkiPin"] as? String == spki)
        let text = try await run(["inspect", host, "--no-system-trust", "--timeout", "5"])
        #expect(text.stdoutText.contains("RSA 1024"))
        #expect(text.stdoutText.contains(reason))
    }

    @Test("a leaf plus 30 cross-signed CAs: inspect and check finish and say path building was cut short")
    func hostileChainIsBounded() async throws {
        let host = "mesh.pinbench.test"
        let pki = TestPKI.shared
        let mesh = try await OffPoolThread.run { try CrossSignedMesh(host: host) }
        folder.write("root.pem", pki.root.pem)
        let server = try await OpenSSLServer.start(.init(mesh.leaf, chain: mesh.authorities))
        defer { server.stop() }
        let good = try await OpenSSLServer.start(.init(pki.good.leaf, chain: pki.good.intermediates))
        defer { good.stop() }
        try writeManifest([(host, server.port, []), (pki.host, good.port, [])])
        let started = ContinuousClock.now
        let inspect = try await run(["inspect", host, "--no-system-trust", "--timeout", "10"])
        let inspectTime = ContinuousClock.now - started
        #expect(inspect.status == 1)
        #expect(inspect.stdoutText.contains("path building was cut short"), "\(inspect.stdoutText)")
        let checkStarted = ContinuousClock.now
        let check = try await run(["check", "--no-system-trust", "--json", "--timeout", "10"])
        let checkTime = ContinuousClock.now - checkStarted
        let rows = try #require(try json(check)["results"] as? [[String: Any]])
        let byHost = Dictionary(uniqueKeysWithValues: rows.map { ($0["host"] as? String ?? "", $0) })
        #expect(byHost[host]?["rejection"] as? String == "path-building-cut-short")
        #expect(byHost[pki.host]?["outcome"] as? String == "not-pinned", "the good domain is judged beside it")
        // Recorded, not asserted (the cut comes from the 100-check cap, not the clock; the generous timeout only
        // keeps a loaded machine from turning it into a timeout). scripts/hostile-servers.py measures --timeout 2.
        print("hostile chain (31 certificates, P-256): inspect took \(inspectTime), check \(checkTime)")
    }

    @Test("a domain pinned on a root the server does not send: validate, lint --served and check give one answer")
    func rootPinOneAnswer() async throws {
        let pki = TestPKI.shared
        folder.write("root.pem", pki.root.pem)
        folder.write("served.pem", pki.good.presentedPEM)
        let server = try await OpenSSLServer.start(.init(pki.good.leaf, chain: pki.good.intermediates))
        defer { server.stop() }
        let rootKey = CertificateDetails(pki.root.certificate).spkiPin
        let spare = Data(repeating: 9, count: 32).base64EncodedString()
        try writeManifest(
            host: pki.host, port: server.port,
            pins: [
                ["type": "spki-sha256", "value": rootKey, "role": "active"],
                ["type": "spki-sha256", "value": spare, "role": "backup"],
            ])

        let validate = try await run(["validate", "--host", pki.host, "--chain", "served.pem", "--no-system-trust"])
        #expect(validate.status == 0, "\(validate.stdoutText)")
        #expect(validate.stdoutText.contains("accepted: active pin matched at level 2"))
        let lint = try await run(["lint", "--served", "\(pki.host)=served.pem", "--no-system-trust", "--json"])
        #expect(lint.status == 0)
        let lintFindings = try #require(JSONSerialization.jsonObject(with: lint.stdout) as? [[String: Any]])
        #expect(lintFindings.isEmpty, "\(lint.stdoutText)")
        let check = try await run(["check", "--no-system-trust", "--json"])
        #expect(check.status == 0, "\(check.stdoutText)")
        let report = try json(check)
        #expect((report["results"] as? [[String: Any]])?.first?["outcome"] as? String == "accepted")
        #expect((report["lint"] as? [Any])?.isEmpty == true, "\(check.stdoutText)")
    }
}
