import BuildScan
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// `pinbench release add --from app.apk`, `pinbench forecast` over such a release, `pinbench drift` and lint's
/// build-drift rule, through the binary, on APKs Debian's `aapt` builds around the test PKI's real chains.
@Suite(
    "Releases from builds and drift: the commands",
    .enabled(if: APKBuild.toolsPresent, "needs aapt, dexdump and android-framework-res"))
struct ReleaseFromBuildCommandTests {
    let pki = TestPKI.shared
    static let codeOnly = IPAScanTests.pinC
    var leafKey: String { CertificateDetails(pki.good.leaf.certificate).spkiPin }
    var caKey: String { CertificateDetails(pki.intermediate.certificate).spkiPin }

    /// An APK pinning the test PKI's host to its leaf and intermediate keys in the network security config, with one
    /// more pin for it only in OkHttp code; `overridePins` breaks a release-only rule.
    func apk(in folder: TemporaryFolder, overridePins: Bool = false) async throws -> String {
        let host = pki.host
        let config = networkSecurityConfig(overridePins: overridePins)
        let path = try await OffPoolThread.run { () throws -> String in
            var build = APKBuild()
            build.networkSecurityConfig = config
            build.dex = DexBuilder.make(pairs: [(host, "sha256/" + Self.codeOnly)])
            let built = try build.build()
            let target = folder.path("app.apk")
            try FileManager.default.copyItem(atPath: built, toPath: target)
            return target
        }
        return path
    }

    /// The APK's network security config: the test PKI's host pinned to its leaf and intermediate keys.
    func networkSecurityConfig(overridePins: Bool = false) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <network-security-config>
          <domain-config>
            <domain>\(pki.host)</domain>
            <pin-set><pin digest="SHA-256">\(leafKey)</pin><pin digest="SHA-256">\(caKey)</pin></pin-set>
            <trust-anchors><certificates src="system" overridePins="\(overridePins)"/></trust-anchors>
          </domain-config>
        </network-security-config>
        """
    }

    func run(_ arguments: [String], in folder: TemporaryFolder) async throws -> ProcessRunner.Result {
        try await OffPoolThread.run { try PinBenchBinary.run(arguments, in: folder.url) }
    }

    func world() -> TemporaryFolder {
        let folder = TemporaryFolder()
        folder.write("good.pem", pki.good.presentedPEM)
        folder.write("root.pem", pki.root.pem)
        return folder
    }

    func manifest(_ pins: [Pin]) -> Data {
        ManifestCodec.encode(PinManifest(domains: [DomainPolicy(host: pki.host, pins: pins)]))
    }

    @Test("added by the version it states, with its SHA-256; the forecast judges it cell for cell as its manifest")
    func forecastEqualsManifest() async throws {
        let folder = world()
        let apk = try await apk(in: folder)
        // The expectation, derived apart from the scan: the APK's network security config alone, as the Android
        // importer reads it. The pin found only in OkHttp code is a second check the app makes, never a widening.
        folder.write("pins.json", manifest([Pin(type: .spkiSHA256, value: leafKey)]))
        folder.write("same.json", manifest([Pin(type: .spkiSHA256, value: leafKey)]))
        folder.write("nsc.xml", networkSecurityConfig())
        let imported = try await run(["import", "android", "nsc.xml", "--manifest", "same.json"], in: folder)
        #expect(imported.status == 0, "\(imported.stderrText)")
        let added = try await run(["release", "add", "--from", "app.apk", "--share", "40"], in: folder)
        #expect(added.status == 0, "\(added.stderrText)")
        #expect(added.stdoutText.contains("Added release 4.1 (pins from build app.apk 4.1 (41), SHA-256 "))
        #expect(added.stdoutText.contains("1 hosts pinned, 2 pins"))
        #expect(
            added.stdoutText.contains(
                "Not carried: sha256/\(Self.codeOnly) (classes.dex): \(BuildPolicy.alsoChecked)"),
            "\(added.stdoutText)")
        #expect(!added.stdoutText.contains("release-only rules"))
        let sum = try await OffPoolThread.run { try ProcessRunner.run("/usr/bin/sha256sum", [apk]).checked() }
        let digest = String(sum.stdoutText.prefix(64))
        let releases = try #require(folder.read("releases.json"))
        #expect(releases.contains(#""sha256": "\#(digest)""#), "\(releases)")
        #expect(releases.contains(#""alsoChecked""#) && releases.contains(#""certainty": "code-pattern""#))
        #expect(releases.contains(#""entry": "classes.dex""#))
        #expect(
            try await run(["release", "add", "same", "--from", "same.json", "--share", "40"], in: folder).status == 0)
        let list = try await run(["release", "list"], in: folder)
        #expect(list.stdoutText.contains("build") && list.stdoutText.contains("build app.apk 4.1 (41)"))

        let forecast = try await run(
            ["forecast", "--json", "--ca-bundle", "root.pem", "--served", "\(pki.host)=good.pem"], in: folder)
        #expect(forecast.status == 0, "\(forecast.stderrText)")
        let report = try JSONSerialization.jsonObject(with: forecast.stdout) as? [String: Any] ?? [:]
        let domain = (report["domains"] as? [[String: Any]])?.first { $0["host"] as? String == pki.host } ?? [:]
        let rows = domain["releases"] as? [[String: Any]] ?? []
        let build = try #require(rows.first { $0["name"] as? String == "4.1" })
        let same = try #require(rows.first { $0["name"] as? String == "same" })
        let cells = build["cells"] as? [String: [String: Any]] ?? [:]
        #expect(cells.count >= 5)
        for (scenario, cell) in cells {
            let other = (same["cells"] as? [String: [String: Any]])?[scenario]
            #expect(cell["outcome"] as? String == other?["outcome"] as? String, "\(scenario)")
        }
        let source = build["build"] as? [String: Any]
        #expect(source?["sha256"] as? String == digest)
        #expect(source?["codePatternOnly"] as? [String] == [])
        #expect(source?["alsoChecked"] as? [String] == ["spki-sha256:" + Self.codeOnly])
        #expect(same["build"] == nil)
        let text = try await run(
            ["forecast", "--ca-bundle", "root.pem", "--served", "\(pki.host)=good.pem"], in: folder)
        #expect(
            text.stdoutText.contains(
                "  4.1: pins from build app.apk 4.1 (41), SHA-256 \(digest.prefix(12))…; the app also checks (both must "
                    + "pass; not judged here): spki-sha256:\(Self.codeOnly)"), "\(text.stdoutText)")
    }

    @Test(
        "a releases file with a hostile build record is refused: exit 2, nothing written",
        arguments: [
            ("sha256", String(repeating: "\u{FF11}", count: 64), "android", "override-pins"),
            ("platform", String(repeating: "ab", count: 32), "windows", "override-pins"),
            ("brokenRules", String(repeating: "ab", count: 32), "android", "rm -rf"),
        ])
    func hostileRecord(field: String, sha256: String, platform: String, rule: String) async throws {
        let folder = world()
        folder.write("pins.json", manifest([Pin(type: .spkiSHA256, value: leafKey)]))
        let record = """
            {"schema": 1, "releases": [{"name": "4.1", "build": {"artifact": "a.apk", "sha256": "\(sha256)", \
            "platform": "\(platform)", "brokenRules": ["\(rule)"], "domains": []}}]}
            """
        folder.write("releases.json", record)
        let added = try await run(["release", "add", "4.2", "--from", "pins.json"], in: folder)
        #expect(added.status == 2, "\(field): \(added.stdoutText)")
        #expect(added.stderrText.contains(field), "\(added.stderrText)")
        #expect(folder.read("releases.json") == record)
        #expect(try await run(["release", "list"], in: folder).status == 2)
    }

    @Test("a build breaking a release-only rule is recorded and said so; an unreadable one is exit 2, nothing written")
    func rulesAndRefusals() async throws {
        let folder = world()
        _ = try await apk(in: folder, overridePins: true)
        let added = try await run(["release", "add", "shipped", "--from", "app.apk"], in: folder)
        #expect(added.status == 0, "\(added.stderrText)")
        #expect(added.stdoutText.contains("The build breaks release-only rules (override-pins); recorded all the same"))
        #expect(folder.read("releases.json")?.contains(#""brokenRules""#) == true)

        let other = world()
        other.write("broken.apk", "PK\u{3}\u{4} not really")
        let refused = try await run(["release", "add", "--from", "broken.apk"], in: other)
        #expect(refused.status == 2)
        #expect(refused.stderrText.contains("broken.apk") && refused.stderrText.contains("nothing was written"))
        #expect(other.read("releases.json") == nil)
    }

    @Test("drift: exit 1 naming a backup the build lacks and a pin only the build has; 0 when none; 2 on bad input")
    func drift() async throws {
        let folder = world()
        _ = try await apk(in: folder)
        let spare = Data(repeating: 7, count: 32).base64EncodedString()
        folder.write(
            "pins.json",
            manifest([
                Pin(type: .spkiSHA256, value: leafKey), Pin(type: .spkiSHA256, value: caKey, role: .backup),
                Pin(type: .spkiSHA256, value: spare, role: .backup),
            ]))
        let drifted = try await run(["drift", "app.apk"], in: folder)
        #expect(drifted.status == 1, "\(drifted.stderrText)")
        #expect(drifted.stdoutText.contains("app.apk (version 4.1) against "))
        #expect(drifted.stdoutText.contains("backup pin spki-sha256:\(spare) never made it into the build"))
        #expect(drifted.stdoutText.contains("the build pins spki-sha256:\(Self.codeOnly), which the manifest does not"))
        let json = try await run(["drift", "app.apk", "--json"], in: folder)
        #expect(json.status == 1)
        let report = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any] ?? [:]
        let kinds = ((report["drift"] as? [String: Any])?["differences"] as? [[String: Any]] ?? []).compactMap {
            $0["kind"] as? String
        }
        #expect(kinds == ["backup-missing", "unknown-pin"])

        // lint warns the same way once the build is a release.
        #expect(try await run(["release", "add", "--from", "app.apk"], in: folder).status == 0)
        let lint = try await run(["lint", "--json"], in: folder)
        #expect(lint.stdoutText.contains("build-drift") && lint.stdoutText.contains("release 4.1 (build app.apk"))

        folder.write(
            "same.json", manifest([leafKey, caKey, Self.codeOnly].map { Pin(type: .spkiSHA256, value: $0) }))
        let clean = try await run(["drift", "app.apk", "--manifest", "same.json"], in: folder)
        #expect(clean.status == 0 && clean.stdoutText.hasSuffix("no drift\n"), "\(clean.stdoutText)")
        // A file name that drives a terminal is shown escaped.
        try FileManager.default.copyItem(atPath: folder.path("app.apk"), toPath: folder.path("app\u{1B}[2J.apk"))
        let named = try await run(["drift", "app\u{1B}[2J.apk"], in: folder)
        #expect(named.status == 1 && named.stdoutText.hasPrefix("app\\u{1B}[2J.apk (version 4.1) against "))
        #expect(!named.stdoutText.contains("\u{1B}"))
        folder.write("junk.apk", "not a zip")
        #expect(try await run(["drift", "junk.apk"], in: folder).status == 2)
        #expect(try await run(["drift", "app.apk", "--manifest", "absent.json"], in: folder).status == 2)
    }

    @Test("drift: a bundled certificate is known when the manifest holds either of its two pins")
    func bundledCertificateKnownByEitherPin() async throws {
        let folder = world()
        let (leaf, ca) = (leafKey, caKey)
        let rootKey = CertificateDetails(pki.root.certificate).spkiPin
        let otherKey = CertificateDetails(pki.selfSigned.certificate).spkiPin
        let (rootDER, otherDER) = (pki.root.der, pki.selfSigned.der)
        let config = networkSecurityConfig().replacingOccurrences(
            of: "</pin-set>", with: "<pin digest=\"SHA-256\">\(rootKey)</pin></pin-set>")
        try await OffPoolThread.run {
            var build = APKBuild()
            build.networkSecurityConfig = config
            // The CA the config pins, bundled: its key's pin and its whole certificate's, found in one file.
            build.files["res/raw/root.der"] = rootDER
            try FileManager.default.copyItem(atPath: try build.build(), toPath: folder.path("app.apk"))
            build.files["res/raw/other.der"] = otherDER
            try FileManager.default.copyItem(atPath: try build.build(), toPath: folder.path("other.apk"))
        }
        folder.write("pins.json", manifest([leaf, ca, rootKey].map { Pin(type: .spkiSHA256, value: $0) }))
        let clean = try await run(["drift", "app.apk"], in: folder)
        #expect(clean.status == 0 && clean.stdoutText.hasSuffix("no drift\n"), "\(clean.stdoutText)")
        // A bundled certificate the manifest holds neither pin of is unknown, with both its pins.
        let other = try await run(["drift", "other.apk", "--json"], in: folder)
        #expect(other.status == 1, "\(other.stdoutText)")
        let report = try JSONSerialization.jsonObject(with: other.stdout) as? [String: Any] ?? [:]
        let differences = (report["drift"] as? [String: Any])?["differences"] as? [[String: Any]] ?? []
        #expect(differences.map { $0["kind"] as? String } == ["unknown-pin", "unknown-pin"])
        #expect(differences.first?["pin"] as? String == "spki-sha256:" + otherKey)
        #expect((differences.last?["pin"] as? String)?.hasPrefix("cert-sha256:") == true)
    }

    @Test("lint's build-drift fix runs as printed from another folder, for a build path with a space and a quote")
    func lintFixRunsAsPrinted() async throws {
        let folder = world()
        let built = try await apk(in: folder)
        let spare = Data(repeating: 7, count: 32).base64EncodedString()
        folder.write(
            "pins.json",
            manifest([
                Pin(type: .spkiSHA256, value: leafKey), Pin(type: .spkiSHA256, value: spare, role: .backup),
            ]))
        try FileManager.default.createDirectory(atPath: folder.path("it's builds"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: built, toPath: folder.path("it's builds/app 1.apk"))
        let added = try await run(["release", "add", "--from", "it's builds/app 1.apk"], in: folder)
        #expect(added.status == 0, "\(added.stderrText)")
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        let lint = try await OffPoolThread.run {
            try PinBenchBinary.run(["lint", "--json", "--manifest", "../pins.json"], in: elsewhere)
        }
        let report = try JSONSerialization.jsonObject(with: lint.stdout)
        func fixes(_ value: Any) -> [String] {
            if let object = value as? [String: Any] {
                let own = (object["fix"] as? String).map { [$0] } ?? []
                return own + object.values.flatMap(fixes)
            }
            return (value as? [Any])?.flatMap(fixes) ?? []
        }
        let fix = try #require(fixes(report).first { $0.contains("`pinbench drift ") }, "\(lint.stdoutText)")
        let command = try #require(fix.split(separator: "`").dropFirst().first.map(String.init))
        #expect(command.contains(" --manifest "), "\(command)")
        // Run exactly as printed, from the folder lint ran in, with the binary under test for `pinbench`.
        let binary = PinBenchBinary.url.path
        let ran = try await OffPoolThread.run {
            try ProcessRunner.run(
                "/bin/sh", ["-c", "pinbench() { \"$0\" \"$@\"; }; " + command, binary], currentDirectory: elsewhere)
        }
        #expect(ran.status == 1, "\(command): \(ran.stderrText)")
        #expect(ran.stdoutText.contains("app 1.apk (version 4.1) against "), "\(ran.stdoutText)")
        #expect(ran.stdoutText.contains("backup pin spki-sha256:\(spare) never made it into the build"))
    }

    @Test("an IPA's TrustKit pins judged as its manifest's; a version with an escape is refused, nothing written")
    func ipa() async throws {
        let folder = world()
        let (host, leaf, ca) = (pki.host, leafKey, caKey)
        func ipa(version: String, name: String) async throws -> IPABuild {
            try await OffPoolThread.run { () throws -> IPABuild in
                var build = IPABuild()
                build.plist["CFBundleShortVersionString"] = version
                build.plist["TSKConfiguration"] = [
                    "TSKPinnedDomains": [host: ["TSKPublicKeyHashes": [leaf, ca], "TSKEnforcePinning": true]]
                ]
                build.files["Demo"] = try MachOBuild.image(strings: ["hello"])
                let built = try build.build()
                try FileManager.default.copyItem(atPath: built, toPath: folder.path(name))
                return build
            }
        }
        let good = try await ipa(version: "2.0", name: "app.ipa")
        folder.write("pins.json", manifest([Pin(type: .spkiSHA256, value: leaf)]))
        folder.write("same.json", manifest([leaf, ca].map { Pin(type: .spkiSHA256, value: $0) }))
        let added = try await run(["release", "add", "--from", "app.ipa", "--share", "50"], in: folder)
        #expect(added.status == 0, "\(added.stderrText)")
        #expect(added.stdoutText.contains("Added release 2.0 (pins from build app.ipa 2.0 (4.1.0.7), SHA-256 "))
        #expect(try await run(["release", "add", "same", "--from", "same.json"], in: folder).status == 0)
        let forecast = try await run(
            ["forecast", "--json", "--ca-bundle", "root.pem", "--served", "\(host)=good.pem"], in: folder)
        let report = try JSONSerialization.jsonObject(with: forecast.stdout) as? [String: Any] ?? [:]
        let domain = (report["domains"] as? [[String: Any]])?.first { $0["host"] as? String == host } ?? [:]
        let rows = domain["releases"] as? [[String: Any]] ?? []
        let cells = { (name: String) in
            (rows.first { $0["name"] as? String == name }?["cells"] as? [String: [String: Any]] ?? [:]).mapValues {
                $0["outcome"] as? String ?? "?"
            }
        }
        #expect(cells("2.0").count >= 5)
        #expect(cells("2.0") == cells("same"))
        #expect(cells("2.0") != cells("next (pins.json)"), "the candidate pins the leaf key alone")

        _ = good
        _ = try await ipa(version: "2.1\u{1B}[2J", name: "hostile.ipa")
        let hostile = try await run(["release", "add", "--from", "hostile.ipa"], in: folder)
        #expect(hostile.status == 2)
        #expect(!hostile.stderrText.contains("\u{1B}"))
        #expect(hostile.stderrText.contains("nothing was written"), "\(hostile.stderrText)")
        // Named by hand, the version is still the build's: refused by the rule the reader keeps, naming the field.
        let named = try await run(["release", "add", "2.1", "--from", "hostile.ipa"], in: folder)
        #expect(named.status == 2, "\(named.stdoutText)")
        #expect(named.stderrText.contains("version") && named.stderrText.contains("control character"))
        #expect(!named.stderrText.contains("\u{1B}"))
        #expect(try await run(["release", "list"], in: folder).stdoutText.components(separatedBy: "\n").count == 4)

        // A hostile TrustKit domain of 6,000 characters (longer than any text the record holds) is no host: noted by
        // the scan, never a place of a recorded pin, so the build is recorded and its reader reads it back. (Places
        // are also cut to the record's length where they are made: ReleaseFromBuild.)
        let longKey = String(repeating: "a", count: 6_000) + ".example"
        try await OffPoolThread.run {
            var build = IPABuild()
            build.plist["CFBundleShortVersionString"] = "2.2"
            build.plist["TSKConfiguration"] = ["TSKPinnedDomains": [longKey: ["TSKPublicKeyHashes": [leaf, ca]]]]
            build.files["Demo"] = try MachOBuild.image(strings: ["hello"])
            try FileManager.default.copyItem(atPath: try build.build(), toPath: folder.path("long.ipa"))
        }
        let long = try await run(["release", "add", "--from", "long.ipa"], in: folder)
        #expect(long.status == 0, "\(long.stderrText)")
        let record = try String(contentsOf: folder.url.appendingPathComponent("releases.json"), encoding: .utf8)
        #expect(record.contains("\"2.2\"") && !record.contains(longKey))
        #expect(try await run(["release", "list"], in: folder).status == 0)
    }
}
