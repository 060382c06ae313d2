import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// `--clients` on `lint`, `diff` and `check`'s lint: the clients the manifest is exported to, and the warnings for
/// pins some of them can never match.
@Suite("lint, diff and check --clients: pins only some clients can match")
struct ClientRulesCLITests {
    let pki = TestPKI.shared
    let folder = TemporaryFolder()

    var rootKey: Pin { Pin(type: .spkiSHA256, value: CertificateDetails(pki.root.certificate).spkiPin) }
    var leafCertificate: Pin {
        Pin(type: .certSHA256, value: CertificateDetails(pki.good.leaf.certificate).certPin, role: .backup)
    }

    /// The root key the server does not send (position any) and the leaf's certificate hash as a backup.
    func prepare() throws {
        let manifest = PinManifest(domains: [DomainPolicy(host: pki.host, pins: [rootKey, leafCertificate])])
        folder.write("pins.json", try CanonicalJSON.encode(manifest))
        folder.write("served.pem", pki.good.presentedPEM)
        folder.write("root.pem", pki.root.pem)
    }

    func findings(_ arguments: [String]) async throws -> (status: Int32, findings: [[String: Any]]) {
        let result = try await PinBenchBinary.run(arguments + ["--json"], in: folder.url)
        let parsed = try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]]
        return (result.status, try #require(parsed, "\(result.stderrText)"))
    }

    @Test("lint: warnings naming the clients and why, only with --clients; the exit status stays 0")
    func lint() async throws {
        try prepare()
        let plain = try await findings(["lint"])
        #expect(plain.status == 0)
        #expect(!plain.findings.contains { ($0["rule"] as? String)?.contains("client") == true })
        let with = try await findings(["lint", "--clients", "curl,okhttp,ats,urlsession"])
        #expect(with.status == 0)
        let reach = with.findings.filter { $0["rule"] as? String == "pin-out-of-some-clients-reach" }
        let messages = reach.compactMap { $0["message"] as? String }
        #expect(reach.count == 2)
        #expect(
            messages.contains {
                $0.contains("cert-sha256 pin")
                    && $0.contains("ATS NSPinnedDomains, OkHttp 4 and curl carry key pins only")
            })
        #expect(
            messages.contains {
                $0.hasPrefix("spki-sha256") && $0.contains("ATS NSPinnedDomains leaves out a pin at position any")
            })
        // Without the served chain, lint cannot know that the root is not sent: curl's gap needs --served.
        #expect(!messages.contains { $0.contains("above it") })
        let text = try await PinBenchBinary.run(["lint", "--clients", "all"], in: folder.url)
        #expect(text.status == 0)
        #expect(text.stdoutText.contains("warning [client-refuses-domain] \(pki.host): TrustKit carries 1"))
        #expect(text.stdoutText.contains("warning [pin-out-of-some-clients-reach] manifest: HPKP (browsers)"))
        let unknown = try await PinBenchBinary.run(["lint", "--clients", "curl,nope"], in: folder.url)
        #expect(unknown.status == 2)
        #expect(unknown.stderrText.contains("nope"))
    }

    @Test("lint --served: curl never matches the root key the server does not send")
    func served() async throws {
        try prepare()
        let with = try await findings([
            "lint", "--clients", "curl,okhttp", "--served", "\(pki.host)=served.pem", "--ca-bundle", "root.pem",
            "--no-system-trust",
        ])
        #expect(with.status == 0)
        let messages = with.findings.compactMap { $0["message"] as? String }
        #expect(
            messages.contains {
                $0.hasPrefix(
                    "spki-sha256 pin \(rootKey.value) can be matched by OkHttp 4 only: curl compares the first certificate sent only"
                )
            })
    }

    @Test("diff --clients: the change's client warnings, marked when they were there before; no key without it")
    func diff() async throws {
        try prepare()
        let old = PinManifest(domains: [DomainPolicy(host: pki.host, pins: [rootKey])])
        folder.write("old.json", try CanonicalJSON.encode(old))
        let plain = try await PinBenchBinary.run(["diff", "./old.json", "./pins.json", "--json"], in: folder.url)
        let plainObject = try #require(try JSONSerialization.jsonObject(with: plain.stdout) as? [String: Any])
        #expect(plainObject["clientWarnings"] == nil)
        let result = try await PinBenchBinary.run(
            ["diff", "./old.json", "./pins.json", "--json", "--clients", "okhttp,ats"], in: folder.url)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(Set(object.keys) == Set(plainObject.keys).union(["clientWarnings"]))
        let warnings = try #require(object["clientWarnings"] as? [[String: Any]])
        let byPin = Dictionary(
            grouping: warnings, by: { ($0["message"] as? String)?.contains("cert-sha256 pin") == true })
        #expect(byPin[true]?.first?["alsoBefore"] as? Bool == false)
        #expect(byPin[false]?.first?["alsoBefore"] as? Bool == true)
        #expect(result.status == plain.status)
        let text = try await PinBenchBinary.run(
            ["diff", "./old.json", "./pins.json", "--clients", "okhttp,ats"], in: folder.url)
        #expect(
            text.stdoutText.contains(
                "! CLIENTS \(pki.host): no client of --clients can match cert-sha256 pin \(leafCertificate.value)"))
        #expect(text.stdoutText.contains("  (already before) clients: \(pki.host): spki-sha256"))
    }
}
