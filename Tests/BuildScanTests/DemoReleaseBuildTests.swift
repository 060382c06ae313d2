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
    func apk(_ name: String, _ domains: Pins, root: String) throws -> String {
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
        return try build.build(name: "app-\(name).apk")
    }

    /// The IPA of a release: ATS's `NSPinnedDomains`, each pin in the list of its position (a leaf pin a leaf
    /// identity, a CA pin and a pin of any position a CA identity: ATS has no "any"), the lab root bundled as a
    /// certificate file, and every key pin as a string in the executable (found, unplaced: strings in code pin no
    /// host).
    func ipa(_ name: String, _ domains: Pins, root: String) throws -> String {
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
        return try build.build(name: "app-\(name).ipa")
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
                [("apk", try self.apk(name, domains, root: root)), ("ipa", try self.ipa(name, domains, root: root))]
            }
            for (kind, path) in builds {
                let added = try await OffPoolThread.run {
                    try PinBenchBinary.run(
                        ["release", "add", "\(kind)-\(release.name)", "--from", path, "--share", "1"], in: folder.url)
                }
                #expect(added.status == 0, "\(added.stderrText)")
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
                        if !NSDictionary(dictionary: cell).isEqual(to: other) {
                            differences.append(
                                "\(kind)-\(release) \(host) \(scenario): \(Self.shown(other)) for \(Self.shown(cell))")
                        }
                    }
                }
            }
        }
        #expect(compared >= 2 * 2 * 2 * 5)
        // The cells that differ by design, each with why: none but these.
        var explained: [String: String] = [:]
        for difference in differences {
            explained[difference] = Self.why(difference)
        }
        #expect(explained.values.allSatisfy { $0 != nil }, "unexplained: \(differences.filter { Self.why($0) == nil })")
        print("compared \(compared) cells; by design: \(explained)")
    }

    /// A cell as `accepted active level 1`.
    static func shown(_ cell: [String: Any]) -> String {
        [cell["outcome"], cell["role"], cell["level"].map { "level \($0)" }, cell["rejection"]].compactMap { $0 }
            .map { "\($0)" }.joined(separator: " ")
    }

    /// Why a cell differs by design, or nil when it should not.
    static func why(_ difference: String) -> String? {
        nil
    }
}
