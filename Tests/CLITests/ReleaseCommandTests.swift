import Foundation
import PinningCore
import TestSupport
import Testing

/// `pinbench release add|list|remove`, run as a user or a CI script would: from files, git tags and the importers.
@Suite("pinbench release")
struct ReleaseCommandTests {
    let world = ForecastFixture()

    @Test("add, list (text and --json) and remove round-trip through releases.json beside the manifest")
    func roundTrip() async throws {
        try await world.shippedReleases()
        let list = try await world.run(["release", "list"])
        #expect(list.status == 0, "\(list.stderrText)")
        let lines = list.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("RELEASE") == true)
        #expect(lines.contains { $0.hasPrefix("leaf-only") && $0.contains("2026-01-15") && $0.contains("30%") })
        #expect(lines.contains { $0.hasPrefix("with-backup") && $0.contains("50%") && $0.contains("with-backup.json") })

        let json = try await world.run(["release", "list", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let releases = try #require(document["releases"] as? [[String: Any]])
        #expect(
            releases.compactMap { $0["name"] as? String } == [
                "leaf-only", "leaf-cert", "with-backup", "lapsed", "report",
            ])
        #expect(releases.first?["file"] as? String == "leaf-only.json")
        #expect(releases.first?["format"] as? String == "manifest")
        #expect(releases.first?["shipped"] as? String == "2026-01-15")

        let removed = try await world.run(["release", "remove", "lapsed"])
        #expect(removed.status == 0, "\(removed.stderrText)")
        let after = try #require(world.folder.read("releases.json"))
        #expect(!after.contains("\"lapsed\""))
        #expect(after.contains("\"report\""))

        // Removing a name not listed, or adding one twice, is refused and changes nothing.
        try FileManager.default.createDirectory(
            at: world.folder.url.appendingPathComponent("elsewhere"), withIntermediateDirectories: false)
        let noFile = try await world.run(["release", "remove", "x", "-m", "elsewhere/pins.json"])
        #expect(noFile.status == 2)
        #expect(noFile.stderrText.contains("no such releases file"), "\(noFile.stderrText)")
        let unknown = try await world.run(["release", "remove", "lapsed"])
        #expect(unknown.status == 2)
        #expect(unknown.stderrText.contains("no release named lapsed"))
        let twice = try await world.run(["release", "add", "report", "--from", "report.json"])
        #expect(twice.status == 2)
        #expect(twice.stderrText.contains("a release named report is already listed"))
        // Shares over 100 % in all are refused by the file's own reader, before anything is written.
        let tooMuch = try await world.run(["release", "add", "extra", "--from", "report.json", "--share", "20"])
        #expect(tooMuch.status == 2)
        #expect(tooMuch.stderrText.contains("more than 100 %"), "\(tooMuch.stderrText)")
        #expect(world.folder.read("releases.json") == after)
    }

    @Test("diff names releases as sides: the pins each shipped, compared as manifests are; an unknown name is exit 2")
    func diffBetweenReleases() async throws {
        try await world.shippedReleases()
        let dropped = try await world.run([
            "diff", "--old-release", "with-backup", "--new-release", "leaf-only", "--json",
        ])
        #expect(dropped.status == 1, "dropping the backup pin is a lockout risk: \(dropped.stderrText)")
        let document = try #require(try JSONSerialization.jsonObject(with: dropped.stdout) as? [String: Any])
        let text = String(decoding: dropped.stdout, as: UTF8.self)
        #expect(text.contains("release with-backup") && text.contains("release leaf-only"), "\(document.keys)")
        let same = try await world.run(["diff", "--old-release", "leaf-only", "--new-release", "leaf-only"])
        #expect(same.status == 0, "\(same.stdoutText) \(same.stderrText)")
        let unknown = try await world.run(["diff", "--old-release", "9.9"])
        #expect(unknown.status == 2)
        #expect(unknown.stderrText.contains("9.9"), "\(unknown.stderrText)")
        let twice = try await world.run(["diff", "--old-release", "leaf-only", "--old-rev", "HEAD"])
        #expect(twice.status == 2)
        #expect(twice.stderrText.contains("give one of --old-file, --old-rev and --old-release"))
    }

    @Test("a source that cannot be read is refused, and no releases file is made")
    func unreadableSource() async throws {
        let missing = try await world.run(["release", "add", "1.0", "--from", "./nowhere.json"])
        #expect(missing.status == 2)
        #expect(missing.stderrText.contains("release 1.0:"), "\(missing.stderrText)")
        world.folder.write("broken.json", "{\"schema\": 1, \"domains\": [}")
        let broken = try await world.run(["release", "add", "1.0", "--from", "broken.json"])
        #expect(broken.status == 2)
        #expect(broken.stderrText.contains("broken.json:1:"), "\(broken.stderrText)")
        #expect(world.folder.read("releases.json") == nil)
    }

    @Test(
        "--tags takes every matching tag as a release of the manifest at that tag; an option-like revision is refused")
    func fromGitTags() async throws {
        try await world.git(["init", "-q", "-b", "main"])
        world.writeManifest("pins.json", world.releaseManifests["leaf-only.json"]!)
        try await world.git(["add", "pins.json"])
        try await world.git(["commit", "-q", "-m", "leaf only"])
        try await world.git(["tag", "v1.0"])
        world.writeManifest("pins.json", world.releaseManifests["with-backup.json"]!)
        try await world.git(["commit", "-q", "-am", "backup"])
        try await world.git(["tag", "v1.1"])
        try await world.git(["tag", "beta"])

        let added = try await world.run(["release", "add", "--tags", "v1.*"])
        #expect(added.status == 0, "\(added.stderrText)")
        let json = try await world.run(["release", "list", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let releases = try #require(document["releases"] as? [[String: Any]])
        #expect(Set(releases.compactMap { $0["name"] as? String }) == ["v1.0", "v1.1"])
        #expect(Set(releases.compactMap { $0["revision"] as? String }) == ["v1.0", "v1.1"])
        #expect(releases.allSatisfy { $0["shipped"] is String })
        // Again: both are kept as they are, nothing added.
        let again = try await world.run(["release", "add", "--tags", "v1.*"])
        #expect(again.status == 0)
        #expect(again.stdoutText.contains("0 added"))

        // The pins of each tag, not of the working manifest: v1.0 pins the leaf key only, v1.1 keeps a backup.
        let (status, report, stderr) = try await world.forecastJSON(["--served", "\(world.host)=good.pem"])
        #expect(status == 0, "\(stderr)")
        #expect(report.firstDomain.outcome("v1.0", "renewal-new-key") == "locked-out")
        #expect(report.firstDomain.outcome("v1.1", "renewal-new-key") == "accepted")

        // A configuration at a revision: --path names the file in the repository, read at the tag.
        world.folder.write("Info.plist", "not yet")
        let exported = try await world.run(["export", "trustkit", "-o", "Info.plist", "--allow-invalid"])
        #expect(exported.status == 0, "\(exported.stderrText)")
        try await world.git(["add", "Info.plist"])
        try await world.git(["commit", "-q", "-m", "TrustKit configuration"])
        try await world.git(["tag", "ios-2.0"])
        world.folder.write("Info.plist", "changed since the tag")
        let atTag = try await world.run(
            ["release", "add", "ios-2.0", "--from", "ios-2.0", "--path", "Info.plist", "--format", "trustkit"])
        #expect(atTag.status == 0, "\(atTag.stderrText)")
        #expect(atTag.stdoutText.contains("pins from git ios-2.0:Info.plist, trustkit"))
        let withPlist = try await world.forecastJSON(["--served", "\(world.host)=good.pem"])
        #expect(withPlist.report.firstDomain.outcome("ios-2.0", "renewal-new-key") == "accepted", "\(withPlist.stderr)")

        // A word that is both a file and a tag is refused until ./WORD says it is the file.
        world.folder.write("v1.0", "a file named like the tag")
        let ambiguous = try await world.run(["release", "add", "which", "--from", "v1.0"])
        #expect(ambiguous.status == 2)
        #expect(ambiguous.stderrText.contains("names both a file and a git revision"), "\(ambiguous.stderrText)")

        let before = world.folder.read("releases.json")
        for hostile in [["--from=--output=/tmp/x"], ["--from", "v1.0:pins.json"]] {
            let refused = try await world.run(["release", "add", "evil"] + hostile)
            #expect(refused.status == 2, "\(hostile)")
            #expect(refused.stderrText.contains("give a branch, tag or commit"), "\(refused.stderrText)")
        }
        let option = try await world.run(["release", "add", "--tags=--sort=x"])
        #expect(option.status == 2)
        #expect(option.stderrText.contains("starts with '-'"), "\(option.stderrText)")
        #expect(world.folder.read("releases.json") == before)
    }

    @Test("releases from TrustKit, Android and ATS files, written by `pinbench export`, read through the importers")
    func fromAppConfigurations() async throws {
        // ATS pins a leaf or a CA identity: the pins state their positions.
        var backup = try #require(world.releaseManifests["with-backup.json"])
        backup.pins[0].position = .leaf
        backup.pins[1].position = .ca
        world.writeManifest("backup-app.json", backup)
        world.writeManifest("leaf-app.json", world.releaseManifests["leaf-only.json"]!)
        let exports = [
            ("trustkit", "leaf-app.json", "Info-tk.plist"), ("android", "backup-app.json", "nsc.xml"),
            ("ats", "backup-app.json", "Info-ats.plist"),
        ]
        for (format, manifest, file) in exports {
            let exported = try await world.run(
                ["export", format, "-m", manifest, "-o", file, "--allow-invalid"])
            #expect(exported.status == 0, "\(format): \(exported.stderrText)")
            let added = try await world.run(["release", "add", format, "--from", file, "--format", format])
            #expect(added.status == 0, "\(format): \(added.stderrText)")
        }
        world.writeManifest("pins.json", world.releaseManifests["with-backup.json"]!)
        let (status, report, stderr) = try await world.forecastJSON(["--served", "\(world.host)=good.pem"])
        #expect(status == 0, "\(stderr)")
        let domain = report.firstDomain
        for format in ["trustkit", "android", "ats"] {
            #expect(domain.outcome(format, "current") == "accepted", "\(format)")
        }
        // TrustKit's file pins the leaf key alone: a new key locks it out; the others keep the CA key.
        #expect(domain.outcome("trustkit", "renewal-new-key") == "locked-out")
        #expect(domain.outcome("android", "renewal-new-key") == "accepted")
        #expect(domain.outcome("ats", "renewal-new-key") == "accepted")
        // A configuration in the wrong format is refused when added.
        let wrong = try await world.run(["release", "add", "wrong", "--from", "nsc.xml", "--format", "trustkit"])
        #expect(wrong.status == 2)
        #expect(wrong.stderrText.contains("release wrong:"), "\(wrong.stderrText)")
    }
}
