import ClientModels
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// `--clients` on `validate`, `inspect` and `check`: one verdict per client, the differences from PinBench named, the JSON's
/// existing keys unchanged, and names it does not know refused.
@Suite("validate, inspect and check --clients")
struct ClientsOptionCLITests {
    let pki = TestPKI.shared
    let folder = TemporaryFolder()

    /// A manifest pinning the root key the server does not send (position any), and a chain without the root.
    func prepare() throws {
        let rootPin = Pin(type: .spkiSHA256, value: CertificateDetails(pki.root.certificate).spkiPin)
        let backup = Pin(
            type: .spkiSHA256, value: Data(repeating: 3, count: 32).base64EncodedString(), role: .backup)
        let manifest = PinManifest(domains: [DomainPolicy(host: pki.host, pins: [rootPin, backup])])
        folder.write("pins.json", try CanonicalJSON.encode(manifest))
        folder.write("served.pem", pki.good.presentedPEM)
        folder.write("root.pem", pki.root.pem)
    }

    var base: [String] {
        ["validate", "--host", pki.host, "--chain", "served.pem", "--ca-bundle", "root.pem", "--no-system-trust"]
    }

    @Test("text: a root pin the server does not send is accepted, and curl's rejection is pointed out")
    func text() async throws {
        try prepare()
        let result = try await PinBenchBinary.run(base + ["--clients", "all"], in: folder.url)
        #expect(result.status == 0, "\(result.stderrText)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("accepted") == true)
        #expect(lines.contains { $0.hasPrefix("Clients (") && $0.contains("differ from PinBench") })
        #expect(lines.contains { $0.contains("curl: rejected: curl: (90)") })
        #expect(lines.contains { $0.contains("okhttp: accepted: CertificatePinner") })
        #expect(lines.contains { $0.contains("differs: PinBench says accepted, curl rejected") })
        for client in PinClient.allCases {
            #expect(lines.contains { $0.hasPrefix("  \(client.rawValue): ") }, "\(client)")
        }
    }

    @Test("JSON: the verdict's keys stay, a clients array is added; without --clients nothing changes")
    func json() async throws {
        try prepare()
        let plain = try await PinBenchBinary.run(base + ["--json"], in: folder.url)
        let with = try await PinBenchBinary.run(base + ["--json", "--clients", "curl,okhttp3"], in: folder.url)
        let plainObject = try #require(try JSONSerialization.jsonObject(with: plain.stdout) as? [String: Any])
        let object = try #require(try JSONSerialization.jsonObject(with: with.stdout) as? [String: Any])
        #expect(plainObject["clients"] == nil)
        #expect(Set(object.keys) == Set(plainObject.keys).union(["clients"]))
        let clients = try #require(object["clients"] as? [[String: Any]])
        #expect(clients.map { $0["client"] as? String } == ["okhttp3", "curl"])
        #expect(clients[1]["outcome"] as? String == "rejected")
        #expect(clients[1]["allowsConnection"] as? Bool == false)
        #expect(clients[1]["pinBenchOutcome"] as? String == "accepted")
        #expect((clients[1]["difference"] as? String)?.contains("disagree") == true)
        #expect(clients[0]["matchedLevel"] as? Int == 2)
        #expect(clients[0]["difference"] == nil)
    }

    @Test("an unknown client is bad input naming it; --help teaches the option")
    func badInputAndHelp() async throws {
        try prepare()
        let bad = try await PinBenchBinary.run(base + ["--clients", "curl,netscape"], in: folder.url)
        #expect(bad.status == 2)
        #expect(bad.stderrText.contains("netscape"), "\(bad.stderrText)")
        let help = try await PinBenchBinary.run(["validate", "--help"], in: folder.url)
        #expect(help.stdoutText.contains("--clients"))
        #expect(help.stdoutText.contains("leaf's key only"))
        #expect(help.stdoutText.contains("okhttp3"))
    }

    @Test("inspect --clients judges the live chain from openssl s_server the same way")
    func inspect() async throws {
        try prepare()
        let server = try await OpenSSLServer.start(OpenSSLServer.Identity(pki.good.leaf, chain: [pki.intermediate]))
        defer { server.stop() }
        let inspect = [
            "inspect", pki.host, "--connect", "127.0.0.1:\(server.port)", "--ca-bundle", "root.pem",
            "--no-system-trust", "--json",
        ]
        let plain = try await PinBenchBinary.run(inspect, in: folder.url)
        let result = try await PinBenchBinary.run(inspect + ["--clients", "curl,okhttp"], in: folder.url)
        #expect(result.status == 0, "\(result.stderrText)")
        let plainObject = try #require(try JSONSerialization.jsonObject(with: plain.stdout) as? [String: Any])
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(Set(object.keys) == Set(plainObject.keys).union(["clients"]))
        let clients = try #require(object["clients"] as? [[String: Any]])
        #expect(clients.map { $0["client"] as? String } == ["okhttp", "curl"])
        #expect(clients.map { $0["outcome"] as? String } == ["accepted", "rejected"])
        let text = try await PinBenchBinary.run(inspect.dropLast() + ["--clients", "curl"], in: folder.url)
        #expect(text.stdoutText.contains("curl: rejected: curl: (90)"), "\(text.stdoutText)")
    }

    @Test("check --clients: each domain's live chain judged per client, a clients array beside the results")
    func check() async throws {
        try prepare()
        let server = try await OpenSSLServer.start(OpenSSLServer.Identity(pki.good.leaf, chain: [pki.intermediate]))
        defer { server.stop() }
        let rootPin = Pin(type: .spkiSHA256, value: CertificateDetails(pki.root.certificate).spkiPin)
        let backup = Pin(
            type: .spkiSHA256, value: Data(repeating: 3, count: 32).base64EncodedString(), role: .backup)
        let domain = DomainPolicy(host: pki.host, connect: "127.0.0.1:\(server.port)", pins: [rootPin, backup])
        folder.write("live.json", try CanonicalJSON.encode(PinManifest(domains: [domain])))
        let check = ["check", "-m", "live.json", "--ca-bundle", "root.pem", "--no-system-trust"]
        let plain = try await PinBenchBinary.run(check + ["--json"], in: folder.url)
        let result = try await PinBenchBinary.run(check + ["--json", "--clients", "curl,android"], in: folder.url)
        let plainObject = try #require(try JSONSerialization.jsonObject(with: plain.stdout) as? [String: Any])
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(result.status == plain.status, "\(result.stderrText)")
        #expect(Set(object.keys) == Set(plainObject.keys).union(["clients"]))
        let hosts = try #require(object["clients"] as? [[String: Any]])
        #expect(hosts.map { $0["host"] as? String } == [pki.host])
        let verdicts = try #require(hosts.first?["clients"] as? [[String: Any]])
        #expect(verdicts.map { $0["outcome"] as? String } == ["accepted", "rejected"])
        // The lint of check judges the same clients, with the live chain: curl never matches the root key.
        func clientRules(_ object: [String: Any]) -> [String] {
            ((object["lint"] as? [[String: Any]]) ?? []).filter {
                $0["rule"] as? String == "pin-out-of-some-clients-reach"
            }
            .compactMap { $0["message"] as? String }
        }
        #expect(clientRules(plainObject).isEmpty)
        #expect(
            clientRules(object) == [
                "spki-sha256 pin \(rootPin.value) can be matched by Android NSC only: curl compares the first "
                    + "certificate sent only, and this pin matches a certificate above it in the chain served now."
            ])
        let text = try await PinBenchBinary.run(check + ["--clients", "curl"], in: folder.url)
        #expect(text.stdoutText.contains("curl: rejected: curl: (90)"), "\(text.stdoutText)")
        #expect(text.stdoutText.contains("\(pki.host):"))
    }
}
