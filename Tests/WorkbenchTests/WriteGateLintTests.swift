import Foundation
import ManifestLint
import PinningCore
import Testing

@testable import Workbench

private typealias F = WorkbenchFixture

/// The workbench's write gate runs the CLI's lint on the same inputs: the document (its trustAnchors resolved
/// against its folder) and the live chains with the paths the validator verified.
@Suite("Write gate lint, as the CLI runs it")
struct WriteGateLintTests {
    @Test("a missing trust anchor and a pin on a root the server does not send: the CLI's findings exactly")
    func sameLintAsTheCLI() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-gate-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rootKey = CertificateDetails(F.root[0]).spkiPin
        let spare = Data(repeating: 9, count: 32).base64EncodedString()
        var manifest = PinManifest(domains: [
            DomainPolicy(
                host: "good.pinbench.test",
                pins: [
                    Pin(type: .spkiSHA256, value: rootKey, role: .active),
                    Pin(type: .spkiSHA256, value: spare, role: .backup),
                ])
        ])
        manifest.trustAnchors = ["anchors/gone.pem"]
        var state = WorkbenchState(
            document: F.document(manifest, url: folder.appendingPathComponent("pins.json")),
            size: Size(width: 100, height: 30),
            now: F.now, themeName: "default", themeNames: ThemeCatalog.shipped.themes.map(\.name))
        await F.press([.character("R"), .character("w")], on: &state)
        guard case .writeGate(let gate) = state.overlay else {
            Issue.record("no write gate")
            return
        }
        #expect(
            state.results.live["good.pinbench.test"]?.verdict?.outcome == .accepted,
            "the root pin is on the verified path")
        #expect(gate.findings.map(\.rule) == [.missingTrustAnchor], "\(gate.findings.map(\.formatted))")

        // The CLI's lint on the same document and the chain judged by the same validator.
        let chain = F.good
        let verdict = await PinValidator(manifest: manifest, trustAnchors: TrustAnchors(certificates: F.root))
            .validate(host: "good.pinbench.test", chain: chain, at: F.now)
        let cli = ManifestLinter(.gather(for: state.editing.document)).lint(
            state.editing.document, now: F.now,
            served: ["good.pinbench.test": ServedChain(presented: chain, verdict: verdict)])
        #expect(Set(gate.findings) == Set(cli))
    }

    /// The fixture fetched, then good.pinbench.test pinned on its leaf key only: the change introduces no-backup-pin
    /// and all-pins-on-expiring-leaf for good; too-few-pins of good, evil and offline (enforced) and mitm's stale pins were there before.
    func gateAfterPinningGood(size: Size = Size(width: 100, height: 30)) async -> WorkbenchState {
        var state = F.state(size: size)
        await F.press([.character("R"), .down, .character("2"), .character("p"), .character("w")], on: &state)
        return state
    }

    @Test("findings the change introduces are told apart from those the loaded manifest had, as typed values")
    func introducedAndPreexisting() async throws {
        let state = await gateAfterPinningGood()
        guard case .writeGate(let gate) = state.overlay else {
            Issue.record("no write gate")
            return
        }
        // No backup pin, and every pin on a leaf that expires within 30 days (the fixture's leaf: 18 days).
        #expect(Set(gate.introduced.map(\.rule)) == [.noBackupPin, .allPinsOnExpiringLeaf])
        #expect(gate.introduced.allSatisfy { $0.host == "good.pinbench.test" && $0.severity == .warning })
        // The loaded manifest's own lint, on the same inputs, is exactly what was there before.
        var loaded = state.editing.document
        loaded.manifest = state.editing.savedManifest
        let before = ManifestLinter(.gather(for: loaded)).lint(loaded, now: F.now, served: state.servedChains)
        func problems(_ findings: [LintFinding]) -> [String] {
            findings.map { "\($0.severity) \($0.rule.rawValue) \($0.host ?? "")" }.sorted()
        }
        #expect(problems(gate.preexisting) == problems(before))
        // good's too-few-pins was there before (0 pins) and still is (1 pin): the same problem, newly worded.
        let good = gate.preexisting.filter { $0.host == "good.pinbench.test" }
        #expect(good.map(\.rule) == [.tooFewPins] && good.first?.message.contains("1 pin;") == true)
        #expect(gate.tally == LintTally(gate.introduced + gate.preexisting), "writing is judged on every finding")
        #expect(gate.tally.errors == 3)
    }

    @Test("the gate shows the change, then what it introduces; findings from before are folded until f")
    func changeFirstAndFolded() async throws {
        var state = await gateAfterPinningGood()
        func rows() -> [String] { WorkbenchProgram.view(state).text.split(separator: "\n").map(String.init) }
        func row(_ text: String, in rows: [String]) -> Int? { rows.firstIndex { $0.contains(text) } }
        let folded = rows()
        let change = try #require(row("Your change", in: folded))
        let diff = try #require(row("~ good.pinbench.test", in: folded))
        let introduced = try #require(row("Introduced by this change: 2 warnings", in: folded))
        let finding = try #require(row("[no-backup-pin] good.pinbench.test", in: folded))
        let earlier = try #require(row("Already in the manifest before this change: 3 errors, 1 warning", in: folded))
        #expect(change < diff && diff < introduced && introduced < finding && finding < earlier)
        #expect(folded[earlier].contains("(f shows them)"))
        #expect(row("[too-few-pins]", in: folded) == nil, "folded")
        #expect(WorkbenchProgram.view(state).text.contains("f earlier findings"), "the footer names the key")

        await F.press([.character("f")], on: &state)
        let unfolded = rows()
        #expect(row("(f folds them)", in: unfolded) != nil)
        await F.press([.character("G")], on: &state)
        let bottom = rows()
        #expect(row("[too-few-pins] offline.pinbench.test", in: bottom) != nil, "\(bottom.joined(separator: "\n"))")
        await F.press([.character("f")], on: &state)
        guard case .writeGate(let gate) = state.overlay else {
            Issue.record("no write gate")
            return
        }
        #expect(!gate.showsPreexisting)
    }

    @Test("findings are compared by severity, rule and domain, one for one, not by their words")
    func findingsAreComparedOneForOne() {
        let old = LintFinding(.error, .malformedPinValue, host: "a.example", message: "pin x", fix: "f")
        let another = LintFinding(.error, .malformedPinValue, host: "A.example", message: "pin y", fix: "f")
        let other = LintFinding(.warning, .noBackupPin, host: "a.example", message: "no backup", fix: "f")
        let gate = WriteGate(edited: [old, another, other], loaded: [old, other], diff: [])
        #expect(gate.introduced == [another], "a second malformed pin is new")
        #expect(gate.preexisting == [old, other])
        let reworded = LintFinding(.warning, .noBackupPin, host: "a.example", message: "other words", fix: "g")
        #expect(WriteGate(edited: [reworded], loaded: [other], diff: []).introduced.isEmpty)
        let worse = LintFinding(.error, .noBackupPin, host: "a.example", message: "no backup", fix: "f")
        #expect(WriteGate(edited: [worse], loaded: [other], diff: []).introduced == [worse], "a new severity is new")
        let none = WriteGate(edited: [], loaded: [old], diff: [])
        #expect(none.introduced.isEmpty && none.preexisting.isEmpty)
    }
}
