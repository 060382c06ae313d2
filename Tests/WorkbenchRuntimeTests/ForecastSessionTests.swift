import Foundation
import ManifestEditing
import ManifestFiles
import PinForecast
import PinningCore
import TestSupport
import Testing
import Workbench
import WorkbenchRuntime

/// The Forecast view in a whole session on real files: the runtime reads `releases.json` beside the manifest when
/// the session starts, judges the domain's fetched chain off the loop, and reads the file again when another writer
/// changes it, so the view follows with no key pressed.
@Suite struct ForecastSessionTests {
    /// A manifest file pinning the workspace's host on `pins`.
    static func writeRelease(_ name: String, pins: [Pin], in workspace: RuntimeWorkspace) {
        let manifest = PinManifest(domains: [DomainPolicy(host: workspace.pki.host, pins: pins)])
        workspace.folder.write(name, ManifestCodec.encode(manifest))
    }

    @Test("the releases file is read at the start and again when it changes; the view follows without a key")
    func releasesFileReadAndWatched() async throws {
        let workspace = try RuntimeWorkspace()
        let pki = workspace.pki
        let leaf = Pin(
            certificate: CertificateDetails(pki.good.leaf.certificate), level: 0, type: .spkiSHA256, added: Date())
        let ca = Pin(
            certificate: CertificateDetails(pki.intermediate.certificate), level: 1, type: .spkiSHA256, role: .backup,
            added: Date())
        Self.writeRelease("v41.json", pins: [leaf], in: workspace)
        Self.writeRelease("v42.json", pins: [leaf, ca], in: workspace)
        let releasesURL = ReleaseList.url(besideManifest: workspace.manifestURL)
        try ManifestStore.update(ReleaseList.self, at: releasesURL) { list in
            list.releases = [ReleaseEntry(name: "4.1", share: 40, source: .file("v41.json"))]
        }
        let script: [ScriptedScreen.Step] = [
            .waitFor("✓ accepted"), .keys("F"), .waitFor("LOCKED OUT"), .waitFor("1 shipped release from"),
            .run {
                // As `pinbench release add 4.2 --from v42.json` in another terminal: the locked writer.
                try ManifestStore.update(ReleaseList.self, at: releasesURL) { list in
                    list.releases.append(ReleaseEntry(name: "4.2", share: 60, source: .file("v42.json")))
                }
            },
            .waitFor("2 shipped releases from"), .waitFor("║ 4.2 "),
            .run { workspace.folder.write("releases.json", "{\"schema\": 1, \"releases\": [}") },
            .waitFor("releases.json:1:"), .press([.escape]), .keys("q"),
        ]
        let screen = ScriptedScreen(script: script)
        let final = try await workspace.runSession(on: screen)
        #expect(screen.failure == nil, "\(screen.failure ?? "")")
        let afterAdd = try #require(screen.seen["║ 4.2 "])
        let row = try #require(afterAdd.split(separator: "\n").first { $0.contains("║ 4.2 ") })
        // 4.2 pins the CA key as a backup: it holds every scenario but root-only (a new intermediate and leaf key).
        #expect(row.components(separatedBy: "LOCKED OUT").count == 2, "\(row)")
        let row41 = try #require(afterAdd.split(separator: "\n").first { $0.contains("║ 4.1 ") })
        #expect(row41.contains("LOCKED OUT"), "4.1 pins only the leaf key: \(row41)")
        guard case .unreadable(let error) = final.forecast.releases else {
            Issue.record("a broken releases file was taken as \(final.forecast.releases)")
            return
        }
        #expect(error.position?.line == 1)
        #expect(final.forecast.releasesGeneration >= 3)
    }

    @Test(
        "a release at a git tag is read by the runtime itself (the loader `pinbench forecast` uses); one that cannot be read is named"
    )
    func releaseAtGitRevision() async throws {
        let workspace = try RuntimeWorkspace()
        try await GitCLI.run(["init", "-q", "-b", "main"], in: workspace.folder.url)
        try await GitCLI.run(["add", "-A"], in: workspace.folder.url)
        try await GitCLI.run(["commit", "-q", "-m", "pins"], in: workspace.folder.url)
        try await GitCLI.run(["tag", "v4.0"], in: workspace.folder.url)
        let releasesURL = ReleaseList.url(besideManifest: workspace.manifestURL)
        try ManifestStore.update(ReleaseList.self, at: releasesURL) { list in
            list.releases = [
                ReleaseEntry(name: "4.0", share: 50, source: .revision("v4.0", path: nil)),
                ReleaseEntry(name: "3.9", share: 10, source: .revision("v3.9", path: nil)),
            ]
        }
        let script: [ScriptedScreen.Step] = [
            .waitFor("✓ accepted"), .keys("F"), .waitFor("║ 4.0 "), .press([.escape]), .keys("q"),
        ]
        let screen = ScriptedScreen(script: script)
        let final = try await workspace.runSession(on: screen)
        #expect(screen.failure == nil, "\(screen.failure ?? "")")
        guard case .loaded(_, let book, let problems) = final.forecast.releases else {
            Issue.record("the releases file was taken as \(final.forecast.releases)")
            return
        }
        #expect(book.releases.map(\.name) == ["4.0"])
        #expect(problems.count == 1 && problems[0].hasPrefix("release 3.9: "), "\(problems)")
    }
}
