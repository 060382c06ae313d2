import Foundation
import ManifestEditing
import ManifestLint
import PinningCore
import Testing

@testable import Workbench

/// Update is pure of the disk: lint in the write gate and the settings form judges the facts the state was given
/// with its manifest (``LintEnvironment``), never the files themselves.
@Suite struct LintFactsTests {
    typealias F = WorkbenchFixture

    /// A manifest in a fresh folder whose one trust anchor really exists and is readable.
    func manifestWithReadableAnchor() throws -> (ManifestDocument, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-facts-\(UUID())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("anchors"), withIntermediateDirectories: true)
        try Data("not read by lint".utf8).write(to: folder.appendingPathComponent("anchors/root.pem"))
        var manifest = F.manifest()
        manifest.trustAnchors = ["anchors/root.pem"]
        return (F.document(manifest, url: folder.appendingPathComponent("pins.json")), folder)
    }

    func gateRules(_ state: WorkbenchState) async -> [LintFinding.Rule] {
        var state = state
        await F.press([.character("w")], on: &state)
        guard case .writeGate(let gate) = state.overlay else {
            Issue.record("no write gate")
            return []
        }
        return gate.findings.map(\.rule)
    }

    @Test func theWriteGateJudgesTheFactsItWasGivenNotTheDisk() async throws {
        let (document, folder) = try manifestWithReadableAnchor()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(LintEnvironment.gather(for: document).unreadableTrustAnchors.isEmpty, "the file is there")

        let saysUnreadable = LintEnvironment(
            unreadableTrustAnchors: ["anchors/root.pem"], publicSuffixes: .success(PublicSuffixList.compiledIn))
        let told = WorkbenchState(
            document: document, lintEnvironment: saysUnreadable, size: F.state().chrome.size, now: F.now)
        #expect(await gateRules(told).contains(.missingTrustAnchor), "the facts say unreadable: a finding")

        let gathered = WorkbenchState(document: document, size: F.state().chrome.size, now: F.now)
        #expect(await !gateRules(gathered).contains(.missingTrustAnchor), "gathered from the disk: none")

        // The reverse: the file gone, but the facts (gathered before) say readable, and update does not look.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("anchors/root.pem"))
        #expect(await !gateRules(gathered).contains(.missingTrustAnchor))
    }

    @Test func factsArriveWithAReloadedManifest() async throws {
        let (document, folder) = try manifestWithReadableAnchor()
        defer { try? FileManager.default.removeItem(at: folder) }
        var state = WorkbenchState(document: document, size: F.state().chrome.size, now: F.now)
        var manifest = document.manifest
        manifest.domains.append(DomainPolicy(host: "new.pinbench.test"))
        let changed = ManifestDocument(manifest: manifest, url: document.url, loadedFingerprint: "changed on disk")
        let facts = LintEnvironment(
            unreadableTrustAnchors: ["anchors/root.pem"], publicSuffixes: .success(PublicSuffixList.compiledIn))
        _ = state.apply(.manifestOnDisk(.success(changed), lint: facts))
        #expect(state.manifest.policy(for: "new.pinbench.test") != nil, "reloaded: no unsaved edits")
        #expect(await gateRules(state).contains(.missingTrustAnchor))
    }

    @Test func theClientsOfTheSessionLintItsPinsAndSurviveAReload() async throws {
        // `--clients curl`: curl matches the leaf's key only, so mitm's CA pin is out of its reach.
        let facts = LintEnvironment(publicSuffixes: .success(PublicSuffixList.compiledIn), clients: [.curl])
        var state = WorkbenchState(
            document: F.document(), lintEnvironment: facts, size: F.state().chrome.size, now: F.now)
        #expect(await gateRules(state).contains(.pinOutOfSomeClientsReach))
        #expect(await !gateRules(F.state()).contains(.pinOutOfSomeClientsReach), "no clients: no client rule")
        // A reload gathers the disk's facts again, which know nothing of --clients: the session keeps its own.
        var manifest = F.manifest()
        manifest.domains.append(DomainPolicy(host: "new.pinbench.test"))
        let changed = ManifestDocument(manifest: manifest, url: F.document().url, loadedFingerprint: "changed")
        _ = state.apply(
            .manifestOnDisk(
                .success(changed), lint: LintEnvironment(publicSuffixes: .success(PublicSuffixList.compiledIn))))
        #expect(state.manifest.policy(for: "new.pinbench.test") != nil)
        #expect(state.editing.lintEnvironment.clients == [.curl])
        #expect(await gateRules(state).contains(.pinOutOfSomeClientsReach))
        // The diff of an edit that adds a certificate pin warns that curl carries none.
        var edited = state.manifest
        let index = try #require(edited.domains.firstIndex { $0.host == "mitm.pinbench.test" })
        edited.domains[index].pins.append(
            Pin(type: .certSHA256, value: Data(repeating: 5, count: 32).base64EncodedString(), role: .backup))
        state.update { $0.replaceManifest(edited) }
        let warnings = state.manifestDiff().filter { $0.kind == .clientWarning }
        let new = warnings.filter { $0.text.hasPrefix("! CLIENTS mitm.pinbench.test") }
        #expect(new.count == 1)
        #expect(new.first?.text.contains("curl carries key pins only") == true)
        // The CA pin was out of curl's reach before the edit: shown, marked as such.
        #expect(warnings.filter { $0.text.hasPrefix("  (already before) clients:") }.count == 1)
    }

    @Test func theSettingsFormReadsTheGivenPublicSuffixList() async {
        // A list that makes pinbench.test a public suffix: only these facts can say so.
        let facts = LintEnvironment(publicSuffixes: .success(PublicSuffixList(text: "good.pinbench.test\n")))
        var state = WorkbenchState(
            document: F.document(), lintEnvironment: facts, size: F.state().chrome.size, now: F.now)
        // Domains are sorted: evil, good, … ; e opens good's settings, ↓ Enter turns includeSubdomains on.
        await F.press([.down, .character("e"), .down, .enter], on: &state)
        guard case .settings(let form) = state.overlay else {
            Issue.record("no settings form")
            return
        }
        #expect(form.draft.includeSubdomains)
        #expect(form.newFindings.map(\.rule) == [.includeSubdomainsOnPublicSuffix])
    }
}
