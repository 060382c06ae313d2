import BuildScan
import DemoLab
import Foundation
import PinningCore
import TestSupport
import Testing

/// Issue 40's test: the lab's demo releases 2.0 and 2.1 built as an APK (by `aapt`: a network security config, and
/// OkHttp literals in a classes.dex) and as an IPA (an Info.plist with `NSPinnedDomains`, a bundled certificate, pin
/// strings in a Mach-O from the toolchain's clang), each added with `release add --from`: the forecast of those
/// build-backed releases equals the forecast of the releases' manifests, cell for cell (the JSON cells: outcome,
/// role and level), on the running lab. Where a mechanism cannot state what the manifest states, the cell that
/// differs is named with why, and asserted.
@Suite(
    "Demo releases from builds: the forecast cell for cell",
    .enabled(if: APKBuild.toolsPresent && MachOBuild.toolsPresent, "needs aapt, dexdump, clang and llvm-objdump"))
struct DemoReleaseBuildTests {
    /// One demo release's pins by host (the `rotating` and `good` hosts).
    typealias Pins = [(host: String, pins: [Pin])]

    /// The APK of a release: every SHA-256 key pin in its network security config (no position: Android's pins
    /// match at any level), the rotating host's also as OkHttp literals in code (the same set: one check), and the
    /// lab root bundled as an asset.
    func apk(_ name: String, _ domains: Pins, root: String, into folder: TemporaryFolder) throws -> String {
        var build = APKBuild()
        build.manifest = APKBuild.manifest()
            .replacingOccurrences(of: #"android:versionName="4.1""#, with: #"android:versionName="\#(name)""#)
        var config = #"<?xml version="1.0" encoding="utf-8"?>"# + "\n<network-security-config>\n"
        var pairs: [(host: String, pin: String)] = []
        for (host, pins) in domains {
            let keys = pins.filter { $0.type == .spkiSHA256 }.map(\.value)
            config += "  <domain-config><domain>\(host)</domain><pin-set>"
            config += keys.map { #"<pin digest="SHA-256">\#($0)</pin>"# }.joined() + "</pin-set></domain-config>\n"
            if host.hasPrefix("rotating.") { pairs += keys.map { (host, "sha256/" + $0) } }
        }
        build.networkSecurityConfig = config + "</network-security-config>\n"
        build.dex = DexBuilder.make(pairs: pairs, extra: ["Lokhttp3/CertificatePinner;"])
        build.files["assets/lab_root.pem"] = Array(root.utf8)
        return try Self.copy(try build.build(name: "app-\(name).apk"), into: folder)
    }

    /// The IPA of a release: ATS's `NSPinnedDomains`, each pin in the list of its position (a leaf pin a leaf
    /// identity, a CA pin and a pin of any position a CA identity: ATS has no "any"), the lab root bundled as a
    /// certificate file, and every key pin as a string in the executable (found, unplaced: strings in code pin no
    /// host).
    func ipa(_ name: String, _ domains: Pins, root: String, into folder: TemporaryFolder) throws -> String {
        var build = IPABuild()
        build.plist["CFBundleShortVersionString"] = name
        var pinned: [String: Any] = [:]
        var strings: [String] = []
        for (host, pins) in domains {
            let keys = pins.filter { $0.type == .spkiSHA256 }
            let identity = { (pin: Pin) -> [String: Any] in ["SPKI-SHA256-BASE64": pin.value] }
            var entry: [String: Any] = ["NSIncludesSubdomains": false]
            let leaf = keys.filter { $0.position == .leaf }
            let ca = keys.filter { $0.position != .leaf }
            if !leaf.isEmpty { entry["NSPinnedLeafIdentities"] = leaf.map(identity) }
            if !ca.isEmpty { entry["NSPinnedCAIdentities"] = ca.map(identity) }
            pinned[host] = entry
            strings += keys.map { "sha256/" + $0.value }
        }
        build.plist["NSAppTransportSecurity"] = ["NSPinnedDomains": pinned]
        build.files["lab_root.pem"] = Array(root.utf8)
        build.files["Demo"] = try MachOBuild.image(strings: strings)
        return try Self.copy(try build.build(name: "app-\(name).ipa"), into: folder)
    }

    @Test("2.0 and 2.1 as an APK and an IPA: the forecast from the builds equals the manifests', cell for cell")
    func forecastCellForCell() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let folder = TemporaryFolder()
        let manifest = folder.url.appendingPathComponent("pins.json")
        let files = try LabFiles.write(lab, manifest: manifest, existing: nil, replacing: false)
        let root = try String(contentsOf: files.root, encoding: .utf8)
        let releases = lab.demoReleases(rootAnchorPath: files.root.lastPathComponent).filter {
            ["2.0", "2.1"].contains($0.name)
        }
        #expect(releases.count == 2)
        let hosts = [lab.scenario(.rotating).host, lab.scenario(.good).host]
        for release in releases {
            let domains: Pins = release.manifest.domains.map { ($0.host, $0.pins) }
            #expect(domains.map(\.host) == hosts)
            let name = release.name
            let builds = try await OffPoolThread.run { () throws -> [(String, String)] in
                [
                    ("apk", try self.apk(name, domains, root: root, into: folder)),
                    ("ipa", try self.ipa(name, domains, root: root, into: folder)),
                ]
            }
            for (kind, path) in builds {
                let added = try await OffPoolThread.run {
                    try PinBenchBinary.run(
                        ["release", "add", "\(kind)-\(release.name)", "--from", path, "--share", "1"], in: folder.url)
                }
                #expect(added.status == 0, "\(kind)-\(release.name): \(added.stderrText)")
                #expect(added.stdoutText.contains("SHA-256"), "\(added.stdoutText)")
            }
        }
        let result = try await OffPoolThread.run {
            try PinBenchBinary.run(["forecast", "--live", "--json"] + hosts, in: folder.url)
        }
        #expect(result.status == 0, "\(result.stderrText)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let forecasts = try #require(report["domains"] as? [[String: Any]])
        #expect(forecasts.count == 2)

        // Every cell of each build-backed release beside the same cell of the release's manifest.
        var differences: [String] = []
        var compared = 0
        for domain in forecasts {
            let host = domain["host"] as? String ?? "?"
            let rows = domain["releases"] as? [[String: Any]] ?? []
            func cells(_ name: String) -> [String: [String: Any]] {
                rows.first { $0["name"] as? String == name }?["cells"] as? [String: [String: Any]] ?? [:]
            }
            for release in ["2.0", "2.1"] {
                let expected = cells(release)
                #expect(expected.count >= 5, "\(host) \(release): \(expected.keys.sorted())")
                for kind in ["apk", "ipa"] {
                    let actual = cells("\(kind)-\(release)")
                    #expect(Set(actual.keys) == Set(expected.keys), "\(host) \(kind)-\(release)")
                    for (scenario, cell) in expected {
                        compared += 1
                        let other = actual[scenario] ?? [:]
                        if try Self.canonical(cell) != Self.canonical(other) {
                            differences.append(
                                "\(kind)-\(release) \(host) \(scenario): \(try Self.canonical(other)) for "
                                    + (try Self.canonical(cell)))
                        }
                    }
                }
            }
        }
        #expect(compared >= 2 * 2 * 2 * 5)
        #expect(differences.isEmpty, "cells that differ: \(differences)")

        // What no mechanism of a build can state, and why no cell shows it: asserted on the records themselves.
        let list = try #require(folder.read("releases.json"))
        let records = try #require(try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String: Any])
        let entries = try #require(records["releases"] as? [[String: Any]])
        let good = lab.scenario(.good).host
        for release in releases {
            let goodPins = release.manifest.domains.first { $0.host == good }?.pins ?? []
            let certificatePins = goodPins.filter { $0.type == .certSHA256 }
            // The demo pins good on the lab root's certificate too: a network security config, ATS and TrustKit
            // state key pins only, so no build carries it; the root's key pin, which every build carries, matches
            // every chain that certificate is in (the same certificate, level 2), so no cell differs.
            #expect(certificatePins.count == 1)
            let spare = goodPins.filter { $0.role == .backup }
            #expect(spare.count == 1 && spare[0].position == .any)
            for kind in ["apk", "ipa"] {
                let entry = try #require(entries.first { $0["name"] as? String == "\(kind)-\(release.name)" })
                let domains = (entry["build"] as? [String: Any])?["domains"] as? [[String: Any]] ?? []
                let pins = domains.first { $0["host"] as? String == good }?["pins"] as? [[String: Any]] ?? []
                #expect(!pins.contains { $0["value"] as? String == certificatePins[0].value })
                #expect(pins.allSatisfy { $0["type"] as? String == "spki-sha256" })
                // A build states no role: the spare key is recorded as one more pin, and ATS has no "any"
                // position: the IPA holds it as a CA identity. No scenario serves the spare key, so neither shows.
                let recorded = try #require(pins.first { $0["value"] as? String == spare[0].value })
                #expect(recorded["role"] == nil)
                #expect(recorded["position"] as? String == (kind == "ipa" ? "ca" : "any"))
            }
        }
    }

    /// The build at `path` copied into `folder` (a build's own folder goes with it): the copy's path.
    static func copy(_ path: String, into folder: TemporaryFolder) throws -> String {
        let target = folder.path(URL(fileURLWithPath: path).lastPathComponent)
        try FileManager.default.copyItem(atPath: path, toPath: target)
        return target
    }

    /// A JSON cell as its canonical text (keys sorted): every field of it compared.
    static func canonical(_ cell: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: cell, options: .sortedKeys), as: UTF8.self)
    }
}
