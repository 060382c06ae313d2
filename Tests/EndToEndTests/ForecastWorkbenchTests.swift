import Foundation
import LabPKI
import ManifestEditing
import PinningCore
import TestSupport
import Testing

/// The Forecast view in a real terminal: the workbench on a manifest with a releases file kept by `pinbench release
/// add`, `F` on the pinned domain, and another `pinbench release add` while it is open.
@Suite("The Forecast view in a real terminal")
struct ForecastWorkbenchTests {
    let pki = TestPKI.shared

    /// A release's manifest file pinning the shared PKI's host on `pins`.
    func writeRelease(_ name: String, pins: [Pin], in workspace: OfflineWorkspace) {
        let manifest = PinManifest(domains: [DomainPolicy(host: pki.host, pins: pins)])
        workspace.folder.write(name, ManifestCodec.encode(manifest))
    }

    /// `pinbench release add NAME --from ./FILE --share SHARE` beside the workspace's manifest.
    func releaseAdd(_ name: String, file: String, share: String, in workspace: OfflineWorkspace) async throws {
        let result = try await PinBenchBinary.run(
            [
                "release", "add", name, "--from", "./" + file, "--share", share, "--manifest",
                workspace.folder.path("pins.json"),
            ],
            in: workspace.folder.url)
        #expect(result.status == 0, "\(result.stderrText)")
    }

    /// The cell of release `name` under renewal-new-key on `screen`, read at that heading's column.
    func newKeyCell(_ name: String, on screen: String) throws -> String {
        let lines = screen.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.contains("RELEASE") && $0.contains("renewal-new-key") })
        let row = try #require(lines.first { $0.contains("║ \(name) ") })
        let column = try #require(header.range(of: "renewal-new-key")).lowerBound
        let offset = header.distance(from: header.startIndex, to: column)
        return String(row.dropFirst(offset).prefix(12)).trimmingCharacters(in: .whitespaces)
    }

    @Test("a release pinning only the leaf key is LOCKED OUT under a new key; a release added outside shows at once")
    func lockedOutAndLiveReleases() async throws {
        let workspace = try OfflineWorkspace.standard()
        let leaf = Pin(
            certificate: CertificateDetails(pki.good.leaf.certificate), level: 0, type: .spkiSHA256, added: Date())
        let ca = Pin(
            certificate: CertificateDetails(pki.intermediate.certificate), level: 1, type: .spkiSHA256, role: .backup,
            added: Date())
        writeRelease("v41.json", pins: [leaf], in: workspace)
        writeRelease("v42.json", pins: [leaf, ca], in: workspace)
        try await releaseAdd("4.1", file: "v41.json", share: "40", in: workspace)

        let tmux = try TmuxSession.pinbench(workspace.workbenchArguments, width: 160, height: 48)
        try await tmux.waitFor("✓ \(pki.host)")
        try tmux.send("F")
        let opened = try await tmux.waitFor("║ 4.1 ")
        let row41 = try #require(opened.split(separator: "\n").first { $0.contains("║ 4.1 ") })
        #expect(try newKeyCell("4.1", on: opened) == "✗ LOCKED OUT", "\(opened)")
        #expect(row41.contains("40%"))
        #expect(opened.contains("1 shipped release from"))

        // Another terminal adds 4.2, which also pins the CA's key: the view follows without a key.
        try await releaseAdd("4.2", file: "v42.json", share: "60", in: workspace)
        let updated = try await tmux.waitFor("║ 4.2 ")
        #expect(try newKeyCell("4.2", on: updated) == "✓ accepted", "4.2 pins the CA key as a backup:\n\(updated)")
        #expect(updated.contains("2 shipped releases from"))

        try tmux.send("Escape")
        try await tmux.waitFor("F forecast")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }

    @Test("the renewal calendar of a Gen-Y-shaped CA in the Forecast view: renewals, YE3, the next release's odds")
    func renewalCalendar() async throws {
        let folder = TemporaryFolder()
        // Today's leaf began ten days ago, so the calendar's first renewal is weeks ahead whatever the date.
        let issued = try #require(CalendarDay(containing: Date()).adding(days: -10))
        let lab = try GenYLab(issued: issued)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("catalog/labgeny"), withIntermediateDirectories: true)
        for (path, text) in lab.files { folder.write("catalog/" + path, text) }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("chains"), withIntermediateDirectories: true)
        folder.write("chains/\(GenYLab.host).pem", lab.leaf.pem + lab.pool[0].pem)
        folder.write("root.pem", lab.root.pem)
        // YE1 and today's leaf key: a new key at each renewal, and YE2 is as likely as YE1.
        let manifest = PinManifest(
            trustAnchors: ["root.pem"], caCatalog: "catalog",
            domains: [
                DomainPolicy(
                    host: GenYLab.host,
                    pins: [
                        lab.spki(lab.pool[0]), Pin(type: .spkiSHA256, value: lab.spki(lab.leaf).value, role: .backup),
                    ],
                    issuance: DomainIssuance(ca: GenYLab.id))
            ])
        folder.write("pins.json", ManifestCodec.encode(manifest))

        let tmux = try TmuxSession.pinbench(
            ["--manifest", folder.path("pins.json"), "--chains", folder.path("chains"), "--no-system-trust"],
            width: 160, height: 90)
        try await tmux.waitFor("✓ \(GenYLab.host)")
        try tmux.send("F")
        try await tmux.waitFor("Forecast: \(GenYLab.host)")
        // Tall enough to show the whole view, the calendar below the matrix, timeline and advice.
        let shown = try await tmux.waitFor("Renewal calendar")
        #expect(shown.contains("#1 "), "\(shown)")
        #expect(shown.contains("YE3"), "the backup intermediate is an issuer of each renewal:\n\(shown)")
        #expect(shown.contains("probability 1/2"), "\(shown)")
        #expect(shown.contains("✗ next (pins.json): first lockout at renewal #1"), "\(shown)")
        try tmux.send("Escape")
        try await tmux.waitFor("F forecast")
        try tmux.send("q")
        #expect(try await tmux.waitForExit() == 0)
    }
}
