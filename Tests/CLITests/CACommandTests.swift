import Foundation
import TestSupport
import Testing

/// `pinbench ca` through the binary: the built-in catalog on given days, a team's folder added (from the test PKI),
/// and what is refused with exit 2.
@Suite("pinbench ca: the CA catalog from the command line")
struct CACommandTests {
    let folder = TemporaryFolder()
    let pki = TestPKI.shared

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    /// A team catalog folder `ca/team` with the test PKI's root and intermediate, labelled `label`.
    func writeTeamCatalog(label: String = "Team CA 1", extraField: String = "") throws {
        let team = folder.url.appendingPathComponent("ca/team")
        try FileManager.default.createDirectory(at: team, withIntermediateDirectories: true)
        let labelJSON = String(data: try JSONEncoder().encode(label), encoding: .utf8)!
        let json = """
            { "format": 1, "id": "team", "name": "Team CA", \(extraField)
              "certificates": [
                { "file": "root.pem", "label": "Team Root", "role": "root", "status": "active" },
                { "file": "ca.pem", "label": \(labelJSON), "role": "intermediate", "status": "active" } ],
              "profiles": [ { "name": "internal", "lifetimes": [ { "days": 90 } ] } ] }
            """
        try Data(json.utf8).write(to: team.appendingPathComponent("catalog.json"))
        try Data(pki.root.pem.utf8).write(to: team.appendingPathComponent("root.pem"))
        try Data(pki.intermediate.pem.utf8).write(to: team.appendingPathComponent("ca.pem"))
    }

    @Test("Let's Encrypt on 2026-11-28: both Gen Y pools with their backups, and 90-day classic certificates")
    func letsEncryptText() async throws {
        let shown = try await run(["ca", "letsencrypt", "--date", "2026-11-28"])
        #expect(shown.status == 0, "\(shown.stderrText)")
        #expect(shown.stdoutText.contains("under Root YR: active YR1, YR2; backup YR3"), "\(shown.stdoutText)")
        #expect(shown.stdoutText.contains("under Root YE: active YE1, YE2; backup YE3"))
        #expect(shown.stdoutText.contains("90 days on 2026-11-28"))
        let later = try await run(["ca", "letsencrypt", "--date", "2028-09-03"])
        #expect(
            later.stdoutText.contains("none: no intermediate of the catalog may issue on that day"),
            "\(later.stdoutText)")
        #expect(later.stdoutText.contains("45 days on 2028-09-03"))
        // tlsserver came on 2026-05-13: the day before, it is not offered.
        let before = try await run(["ca", "letsencrypt", "--date", "2026-05-12"])
        #expect(
            before.stdoutText.contains(
                "tlsserver (from 2026-05-13): 45 days; a new key at each renewal; not offered on 2026-05-12"),
            "\(before.stdoutText)")
    }

    @Test("--json: the pools, the lifetime of the day and every certificate's pin, as a script reads them")
    func letsEncryptJSON() async throws {
        let shown = try await run(["ca", "letsencrypt", "--date", "2027-02-10", "--json"])
        #expect(shown.status == 0, "\(shown.stderrText)")
        let object = try #require(try JSONSerialization.jsonObject(with: shown.stdout) as? [String: Any])
        let pools = try #require(object["pools"] as? [[String: Any]])
        #expect(pools.compactMap { $0["backup"] as? [String] } == [["YR3"], ["YE3"]])
        let profiles = try #require(object["profiles"] as? [[String: Any]])
        #expect(profiles.first { $0["name"] as? String == "classic" }?["lifetimeDaysOnDay"] as? Int == 64)
        let certificates = try #require(object["certificates"] as? [[String: Any]])
        let x1 = try #require(certificates.first { $0["file"] as? String == "roots/isrgrootx1.pem" })
        #expect(x1["spkiPin"] as? String == "C5+lpZ7tcVwmwQIMcRtPbsQtWLABXhQzejna0wHFr8M=")
        #expect(certificates.count == 37)
    }

    @Test("a team's folder is added and listed; a label with escape sequences is shown escaped, never raw")
    func teamFolder() async throws {
        try writeTeamCatalog(label: "Team \u{1B}]0;owned\u{07}CA")
        let listed = try await run(["ca", "--ca-catalog", "ca"])
        #expect(listed.status == 0, "\(listed.stderrText)")
        #expect(listed.stdoutText.contains("letsencrypt") && listed.stdoutText.contains("team"), "\(listed.stdoutText)")
        let shown = try await run(["ca", "team", "--ca-catalog", "ca"])
        #expect(shown.status == 0, "\(shown.stderrText)")
        #expect(!shown.stdout.contains(0x1B) && !shown.stdout.contains(0x07), "raw control bytes reached the terminal")
        #expect(shown.stdoutText.contains("under Team Root: active Team"), "\(shown.stdoutText)")
    }

    @Test("refused with exit 2, said in words: an unknown id (with the nearest), a bad day, a broken team catalog")
    func refusals() async throws {
        let typo = try await run(["ca", "letsencryp"])
        #expect(typo.status == 2 && typo.stderrText.contains("Did you mean \"letsencrypt\""), "\(typo.stderrText)")
        for day in ["2026-02-30", "tomorrow", "99999-01-01", "nan"] {
            let bad = try await run(["ca", "--date", day])
            #expect(bad.status == 2 && bad.stderrText.contains("is not a day"), "\(day): \(bad.stderrText)")
        }
        try writeTeamCatalog(extraField: "\"vlaue\": 1,")
        let broken = try await run(["ca", "--ca-catalog", "ca"])
        #expect(broken.status == 2, "\(broken.stderrText)")
        #expect(
            broken.stderrText.contains("team/catalog.json") && broken.stderrText.contains("vlaue"),
            "\(broken.stderrText)")
        #expect(broken.stdout.isEmpty)
        let missing = try await run(["ca", "--ca-catalog", "no-such-folder"])
        #expect(missing.status == 2 && missing.stderrText.contains("no-such-folder"), "\(missing.stderrText)")
    }
}
