import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore
import TestSupport
import Testing

/// `pinbench demo` driven like a user would drive it, then the manifest it wrote checked against the openssl
/// command line and `pinbench check`, while the demo's lab (which lives in the demo process) still serves. One demo at
/// a time: each starts a lab with a fresh PKI, and six at once beside the rest of the suite starved a two-core machine.
@Suite("pinbench demo in a real terminal", .serialized)
struct DemoWorkflowTests {
    let good = "good.pinbench.test"
    let mitm = "mitm.pinbench.test"

    @Test("pinning the good leaf's key and its CA's key as backup writes the pins openssl computes")
    func pinBackupWriteAndCheck() async throws {
        let folder = TemporaryFolder()
        let manifestURL = folder.url.appendingPathComponent("pins.json")
        let tmux = try TmuxSession.pinbench(["demo", "--manifest", manifestURL.path], width: 100, height: 30)
        try await tmux.waitFor(good)

        // The demo writes its manifest before the workbench opens; `connect` is where the lab listens.
        let demo = try ManifestStore.load(manifestURL).manifest
        let connect = try #require(demo.policy(for: good)?.connect)
        let served = try OpenSSLCLI.servedChain(connect: connect, serverName: good)
        try #require(served.count >= 2, "openssl saw \(served.count) certificate(s) from \(connect)")
        let leafPin = try OpenSSLCLI.spkiPin(certificatePEM: served[0])
        let caPin = try OpenSSLCLI.spkiPin(certificatePEM: served[1])

        try await tmux.waitFor("✓ \(good)")  // fetched and judged
        try tmux.send("/")
        try tmux.send("good.", literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor("Chain: \(good)")
        try tmux.send("Tab")
        try await tmux.waitFor("▶ 2 Chain")
        try tmux.send("p")
        try await tmux.waitFor("pinned spki-sha256 \(leafPin) as active")
        try tmux.send("j")
        try await tmux.waitFor("Certificate: level 1 CA")
        try tmux.send("p")
        try await tmux.waitFor("pinned spki-sha256 \(caPin) as active")
        try tmux.send("b")
        try await tmux.waitFor("pin \(caPin) of \(good) is now backup")

        try tmux.send("w")
        let gate = try await tmux.waitFor("Write pins.json?")
        // Lint errors need `!`; warnings only need `y`. Either way the gate is passed knowingly.
        try tmux.send(gate.contains("! write anyway") ? "!" : "y")
        try await tmux.waitFor("wrote ")

        let written = try ManifestStore.load(manifestURL).manifest
        let pins = try #require(written.policy(for: good)).pins
        let leaf = pins.first { $0.value == leafPin }
        let ca = pins.first { $0.value == caPin }
        #expect(leaf?.type == .spkiSHA256 && leaf?.role == .active, "\(pins)")
        #expect(ca?.type == .spkiSHA256 && ca?.role == .backup, "\(pins)")

        // needs pinbench check
        // Recorded rather than thrown, so that quitting is still checked when this part fails.
        let check = try await PinBenchBinary.run(["check", "--manifest", manifestURL.path, "--json", good, mitm])
        do {
            let report = try CheckReport.decode(check)
            #expect(report.outcome(for: good) == "accepted", "\(check.stdoutText)")
            #expect(report.outcome(for: mitm) == "rejected", "\(check.stdoutText)")
            #expect(report.results.count == 2, "positional hosts restrict the check: \(check.stdoutText)")
        } catch {
            Issue.record(error)
        }
        #expect(check.status == 1, "a rejection exits 1: \(check.stderrText)")

        #expect(try await tmux.quitWorkbench() == 0)
    }

    @Test("the demo writes three shipped releases beside its manifest: the forecast shows the lockouts, no setup")
    func demoReleases() async throws {
        let folder = TemporaryFolder()
        let manifestURL = folder.url.appendingPathComponent("pins.json")
        let tmux = try TmuxSession.pinbench(["demo", "--manifest", manifestURL.path], width: 100, height: 30)
        try await tmux.waitFor("✓ \(good)")
        for file in ["releases.json", "pins-release-1.0.json", "pins-release-2.0.json", "pins-release-2.1.json"] {
            #expect(folder.read(file) != nil, "\(file) beside the demo manifest")
        }
        let rotating = "rotating.pinbench.test"
        let result = try await PinBenchBinary.run(
            ["forecast", "--manifest", manifestURL.path, "--live", "--json", rotating], in: folder.url)
        #expect(result.status == 0, "\(result.stderrText)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let domain = try #require((report["domains"] as? [[String: Any]])?.first)
        let rows = try #require(domain["releases"] as? [[String: Any]])
        func outcome(_ release: String, _ scenario: String) -> String? {
            let cells = rows.first { $0["name"] as? String == release }?["cells"] as? [String: [String: Any]]
            return cells?[scenario]?["outcome"] as? String
        }
        #expect(rows.map { $0["name"] as? String } == ["1.0", "2.0", "2.1", "next (pins.json)"])
        #expect(outcome("1.0", "current") == "lapsed")
        #expect(outcome("2.0", "current") == "accepted" && outcome("2.1", "current") == "accepted")
        #expect(outcome("2.0", "renewal-new-key") == "locked-out" && outcome("2.1", "renewal-new-key") == "accepted")
        #expect(outcome("2.0", "issuer-rotation") == "accepted" && outcome("2.1", "issuer-rotation") == "locked-out")
        #expect(outcome("next (pins.json)", "renewal-new-key") == "accepted")
        #expect(outcome("next (pins.json)", "issuer-rotation") == "accepted")
        let lockedOut = try #require(domain["lockedOut"] as? [String: [String: Any]])
        #expect(lockedOut["renewal-new-key"]?["percent"] as? Double == 35)
        #expect(lockedOut["issuer-rotation"]?["percent"] as? Double == 50)

        // The same lockouts in the workbench's Forecast view of the rotating host, with no setup.
        try tmux.send("/")
        try tmux.send("rotating.", literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor("✓ \(rotating)")
        try tmux.send("F")
        // At 100 columns the cell's word is shortened to LOCKED.
        let view = try await tmux.waitFor("✗ LOCKED") { $0.contains("║ 2.0 ") && $0.contains("✗ LOCKED") }
        #expect(view.contains("║ 2.1 ") && view.contains("║ 1.0 "), "\(view)")
        try tmux.send("Escape")

        #expect(try await tmux.quitWorkbench() == 0)
    }

    /// The lab scenarios that pass their pins yet fail something else, as the demo shows them (with the demo's
    /// arguments): what the Certificate pane must show, and what it must not.
    static let scenarioScreens:
        [(host: String, arguments: [String], marker: String, shown: [String], absent: [String])] =
            [
                (
                    "tls11.pinbench.test", [], "!",
                    ["Protocol   TLSv1.1", "TLS 1.1 < 1.2", "NSExceptionMinimumTLSVersion", "TLSv1.1 · "], []
                ),
                (
                    "revoked.pinbench.test", [], "✗",
                    [
                        "rejected: the leaf certificate was revoked on", "Revocation: REVOKED on", "keyCompromise",
                        "✓ stapled", "Revocation REVOKED on", "OCSP ✗ revoked",
                    ], []
                ),
                // No log list in force: CT is "not checked", in the summary line and the Connection section, and the
                // verdict's reasons do not mention it.
                (
                    "good.pinbench.test", [], "✓",
                    ["ATS ✓ · OCSP ✓ · CT not checked (no log list)", "CT         not checked (no log list)"],
                    ["Certificate Transparency:", "fails the CT policy"]
                ),
                (
                    "ct-logged.pinbench.test", ["--check-ct"], "✓",
                    [
                        "Certificate Transparency: meets the CT policy: 2 valid SCTs from 2 distinct logs",
                        "SCT        log", "CT         meets the CT policy", "· CT ✓",
                    ], ["CT not checked"]
                ),
                (
                    "no-sct.pinbench.test", ["--check-ct"], "✓",
                    ["Certificate Transparency: fails the CT policy", "· CT ✗"], []
                ),
                (
                    "no-sct.pinbench.test", ["--require-ct"], "✗",
                    ["Certificate Transparency is required and the leaf does not meet the policy", "· CT ✗"], []
                ),
            ]

    @Test(
        "tls11, revoked, good, ct-logged, no-sct in the demo: each verdict, the summary line, the pane explaining it",
        arguments: Self.scenarioScreens.indices)
    func scenarioScreen(_ index: Int) async throws {
        let (host, arguments, marker, shown, absent) = Self.scenarioScreens[index]
        let folder = TemporaryFolder()
        let manifestURL = folder.url.appendingPathComponent("pins.json")
        let tmux = try TmuxSession.pinbench(
            ["demo", "--manifest", manifestURL.path] + arguments, width: 160, height: 48)
        try await tmux.waitFor("\(marker) \(host)")  // fetched and judged
        try tmux.send("/")
        try tmux.send(String(host.prefix { $0 != "." }) + ".", literal: true)
        try tmux.send("Enter")
        try await tmux.waitFor("Chain: \(host)")
        try tmux.send("3")
        let screen = try await tmux.waitFor(shown[0])
        for text in shown { #expect(screen.contains(text), "\(host): \(text)") }
        for text in absent { #expect(!screen.contains(text), "\(host) \(arguments): \(text)") }
        #expect(try await tmux.quitWorkbench() == 0)
    }
}
