import Foundation
import TestSupport
import Testing

/// `pinbench domain set --issuance-*` and `pinbench ca --host` through the built binary, on real manifest files and
/// the test PKI's chain: the setting written behind the lint gate and shown back with its provenance.
@Suite("issuance from the command line: domain set and ca --host")
struct IssuanceCLITests {
    let pki = TestPKI.shared
    let folder = TemporaryFolder()

    init() {
        folder.write("good.pem", pki.good.presentedPEM)
    }

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    func manifestBytes() throws -> Data { try Data(contentsOf: folder.url.appendingPathComponent("pins.json")) }

    /// The domain's `issuance` object as the file holds it, read without pinbench's reader.
    func issuanceJSON() throws -> [String: Any]? {
        let root = try #require(try JSONSerialization.jsonObject(with: manifestBytes()) as? [String: Any])
        let domain = try #require((root["domains"] as? [[String: Any]])?.first { $0["host"] as? String == pki.host })
        return domain["issuance"] as? [String: Any]
    }

    func pinLeaf() async throws {
        let added = try await run(["pin", "add", pki.host, "--chain", "good.pem", "--level", "0"])
        try #require(added.status == 0, "\(added.stderrText)")
    }

    @Test("domain set writes the issuance fields and echoes the plan, each value declared or defaulted")
    func setAndEcho() async throws {
        try await pinLeaf()
        let set = try await run([
            "domain", "set", pki.host, "--issuance-ca", "letsencrypt", "--issuance-profile", "shortlived",
        ])
        #expect(set.status == 0, "\(set.stderrText)")
        let issuance = try #require(try issuanceJSON())
        #expect(issuance["ca"] as? String == "letsencrypt" && issuance["profile"] as? String == "shortlived")
        #expect(issuance.count == 2, "only the fields set are written: \(issuance)")
        let out = set.stdoutText
        #expect(out.contains("issuance.ca letsencrypt (was none)"), "\(out)")
        #expect(out.contains("Issuance of \(pki.host)"), "\(out)")
        #expect(out.contains("profile      shortlived  (declared in the manifest)"), "\(out)")
        #expect(out.contains("lifetimeDays 6 days: the profile shortlived"), "\(out)")
        #expect(out.contains("keyReuse     false  (defaulted: what the profile shortlived states)"), "\(out)")
        #expect(out.contains("YE1, YE2, YE3 (backup) under Root YE, picked at random"), "\(out)")

        let cleared = try await run([
            "domain", "set", pki.host, "--issuance-ca", "none", "--issuance-profile", "none", "--json",
        ])
        #expect(cleared.status == 0, "\(cleared.stderrText)")
        #expect(try issuanceJSON() == nil, "no field left: the setting is gone from the file")
        let json = try #require(try JSONSerialization.jsonObject(with: cleared.stdout) as? [String: Any])
        #expect(json["changed"] as? Bool == true)
        let plan = try #require(json["issuancePlan"] as? [String: Any])
        #expect((plan["ca"] as? [String: Any])?["provenance"] as? String == "unknown")
        #expect((plan["lifetimeDays"] as? [String: Any])?["reason"] as? String == "public-maximum")
    }

    @Test("an unknown CA or profile is refused by the lint gate (exit 1), the file untouched; bad values exit 2")
    func refusals() async throws {
        try await pinLeaf()
        let before = try manifestBytes()
        let unknown = try await run(["domain", "set", pki.host, "--issuance-ca", "letsencrpyt"])
        #expect(unknown.status == 1, "\(unknown.stderrText)")
        #expect(unknown.stderrText.contains("issuance-unknown-ca") && unknown.stderrText.contains("letsencrypt"))
        let profile = try await run([
            "domain", "set", pki.host, "--issuance-ca", "letsencrypt", "--issuance-profile", "longlived",
        ])
        #expect(profile.status == 1 && profile.stderrText.contains("issuance-unknown-profile"), "\(profile.stderrText)")
        let cases: [([String], String)] = [
            (["--lifetime-days", "0"], "--lifetime-days \"0\" is not usable"),
            (["--lifetime-days", "3651"], "from 1 to 3650"),
            (["--key-reuse", "maybe"], "--key-reuse \"maybe\" is not usable"),
            (["--issuance-ca", "lets encrypt"], "--issuance-ca"),
            (["--issuance-profile", "a\u{1B}[2J"], "--issuance-profile"),
        ]
        for (options, words) in cases {
            let result = try await run(["domain", "set", pki.host] + options)
            #expect(result.status == 2, "\(options): \(result.stderrText)")
            #expect(result.stderrText.contains(words), "\(options): \(result.stderrText)")
            #expect(!result.stderrText.unicodeScalars.contains { $0.value == 0x1B }, "\(options)")
        }
        #expect(try manifestBytes() == before)
        let forced = try await run(["domain", "set", pki.host, "--issuance-ca", "digicert", "--allow-lint-errors"])
        let forcedCA = try issuanceJSON()?["ca"] as? String
        #expect(forced.status == 0 && forcedCA == "digicert", "\(forced.stderrText)")
    }

    @Test("a manifest whose caCatalog cannot be read: refused by the gate; forced, the missing plan said")
    func unreadableCatalog() async throws {
        folder.write(
            "pins.json",
            #"{"schema": 1, "caCatalog": "missing", "domains": [{"host": "\#(pki.host)", "mode": "report-only"}]}"#)
        let refused = try await run(["domain", "set", pki.host, "--issuance-ca", "private"])
        #expect(refused.status == 1 && refused.stderrText.contains("ca-catalog-unreadable"), "\(refused.stderrText)")
        #expect(try issuanceJSON() == nil)
        let forced = try await run(["domain", "set", pki.host, "--issuance-ca", "private", "--allow-lint-errors"])
        #expect(forced.status == 0, "the write happened, so the command succeeds: \(forced.stderrText)")
        #expect(try issuanceJSON()?["ca"] as? String == "private")
        #expect(
            forced.stdoutText.contains("issuance.ca private (was none)") && !forced.stdoutText.contains("Issuance of"))
        // The plan is not dropped in silence: the note says why, in text and in JSON.
        #expect(
            forced.stdoutText.contains("Issuance plan unavailable: the CA catalog cannot be read ("),
            "\(forced.stdoutText)")
        let json = try await run([
            "domain", "set", pki.host, "--issuance-ca", "none", "--allow-lint-errors", "--json",
        ])
        #expect(json.status == 0, "\(json.stderrText)")
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect(object["issuancePlan"] == nil && object["changed"] as? Bool == true)
        let unavailable = try #require(object["issuancePlanUnavailable"] as? [String: Any], "\(json.stdoutText)")
        #expect(unavailable["code"] as? String == "unreadable", "\(unavailable)")
        #expect((unavailable["reason"] as? String)?.isEmpty == false, "\(unavailable)")
    }

    @Test("a catalog folder named with terminal controls: the note escapes it, the JSON reason reads back as named")
    func unreadableHostileCatalog() async throws {
        let name = "x\u{1B}]0;owned\u{07}y"
        let authority = folder.url.appendingPathComponent("ca").appendingPathComponent(name)
        try FileManager.default.createDirectory(at: authority, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: authority.appendingPathComponent("catalog.json"))
        folder.write(
            "pins.json",
            #"{"schema": 1, "caCatalog": "ca", "domains": [{"host": "\#(pki.host)", "mode": "report-only"}]}"#)
        let text = try await run(["domain", "set", pki.host, "--issuance-ca", "private", "--allow-lint-errors"])
        #expect(text.status == 0, "\(text.stderrText)")
        #expect(!text.stdout.contains(0x1B) && !text.stdout.contains(0x07), "\(text.stdoutText)")
        #expect(text.stdoutText.contains("Issuance plan unavailable: the CA catalog cannot be read (x"))
        let json = try await run(["domain", "set", pki.host, "--key-reuse", "true", "--allow-lint-errors", "--json"])
        #expect(json.status == 0, "\(json.stderrText)")
        #expect(!json.stdout.contains(0x1B) && !json.stdout.contains(0x07), "\(json.stdoutText)")
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let unavailable = try #require(object["issuancePlanUnavailable"] as? [String: Any], "\(json.stdoutText)")
        #expect(unavailable["code"] as? String == "invalidSchema", "\(unavailable)")
        #expect(unavailable["path"] as? String == name + "/catalog.json", "\(unavailable)")
        #expect((unavailable["reason"] as? String)?.contains(name) == true, "\(unavailable)")
    }

    @Test("ca --host: the served chain's leaf lifetime, a private declaration, and text and JSON that agree")
    func caHost() async throws {
        try await pinLeaf()
        _ = try await run(["domain", "set", pki.host, "--issuance-ca", "private", "--key-reuse", "true"])
        let shown = try await run(["ca", "--host", pki.host, "--served", "good.pem"])
        #expect(shown.status == 0, "\(shown.stderrText)")
        let out = shown.stdoutText
        #expect(out.contains("ca           private (a private CA)  (declared in the manifest)"), "\(out)")
        #expect(out.contains("lifetimeDays 91 days: the served leaf's lifetime"), "\(out)")
        #expect(out.contains("keyReuse     true  (declared in the manifest)"), "\(out)")
        #expect(out.contains("issuers      none known"), "\(out)")
        #expect(!out.contains("moving CA"))
        let json = try await run(["ca", "--host", pki.host, "--served", "good.pem", "--json"])
        let plan = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        #expect((plan["lifetimeDays"] as? [String: Any])?["value"] as? Int == 91)
        #expect((plan["served"] as? [String: Any])?["inCatalog"] as? Bool == false)
        #expect(plan["host"] as? String == pki.host)
    }

    @Test("ca --host with a declared CA the chain does not come from: the move is reported; the team's folder knows it")
    func movingCA() async throws {
        try await pinLeaf()
        try TeamCatalogFolder.write(
            into: folder.url.appendingPathComponent("ca/team"), rootPEM: pki.root.pem,
            intermediatePEM: pki.intermediate.pem, lifetimeDays: 91)
        _ = try await run(["domain", "set", pki.host, "--issuance-ca", "letsencrypt"])
        let moving = try await run([
            "ca", "--host", pki.host, "--served", "good.pem", "--ca-catalog", "ca", "--date", "2027-03-15",
        ])
        #expect(moving.status == 0, "\(moving.stderrText)")
        #expect(
            moving.stdoutText.contains(
                "! moving CA: the manifest declares letsencrypt, but the served chain comes from Team CA 1 of team"),
            "\(moving.stdoutText)")
        #expect(moving.stdoutText.contains("for a certificate issued on 2027-03-15"))
        #expect(moving.stdoutText.contains("lifetimeDays 64 days: the profile classic"), "\(moving.stdoutText)")
        let inferred = try await run([
            "ca", "--host", "other.pinbench.test", "--served", "good.pem", "--ca-catalog", "ca",
        ])
        #expect(
            inferred.stdoutText.contains(
                "ca           team (Team CA)  (inferred: the served leaf is signed by the key of Team CA 1)"),
            "\(inferred.stdoutText)")
        #expect(
            inferred.stdoutText.contains("profile      internal  (inferred from the served leaf's lifetime (91 days))"))
    }

    @Test("ca: an id with --host, or --served without it, is refused with exit 2")
    func conflicts() async throws {
        let both = try await run(["ca", "letsencrypt", "--host", pki.host])
        #expect(both.status == 2 && both.stderrText.contains("not both"), "\(both.stderrText)")
        let served = try await run(["ca", "--served", "good.pem"])
        #expect(served.status == 2 && served.stderrText.contains("--served goes with --host"), "\(served.stderrText)")
        let badHost = try await run(["ca", "--host", "bad host"])
        #expect(badHost.status == 2, "\(badHost.stderrText)")
    }
}
