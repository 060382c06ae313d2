import CACatalog
import Foundation
import ManifestEditing
import PinningCore
import Testing

@testable import Workbench

/// The settings form edits a domain's `issuance` through the same ``DomainSettingsChange`` reader as `pinbench domain
/// set`, lints each change (an unknown CA or profile is an error on its row), and shows the draft's effective
/// issuance with the live chain, each value with its provenance.
@Suite struct IssuanceFormTests {
    typealias F = WorkbenchFixture

    /// Everything fetched, good selected, the settings form open on its first row.
    func openForm() async -> WorkbenchState {
        var state = F.state(manifest: F.manifest())
        await F.press([.character("R"), .down, .character("e")], on: &state)
        return state
    }

    func form(_ state: WorkbenchState) -> SettingsForm? {
        guard case .settings(let form) = state.overlay else { return nil }
        return form
    }

    /// Moves from the first row to `field`, types `text` over its value and takes it.
    func type(_ text: String, into field: SettingsForm.Field, on state: inout WorkbenchState) async {
        let rows = SettingsForm.Field.allCases.count
        await F.press(
            Array(repeating: Key.up, count: rows) + Array(repeating: Key.down, count: field.rawValue) + [.enter],
            on: &state)
        await F.press(Array(repeating: .backspace, count: 20) + F.type(text) + [.enter], on: &state)
    }

    @Test func issuanceFieldsAreTypedLintedAndAppliedAsOneUndoableEdit() async throws {
        var state = await openForm()
        let opened = try #require(form(state))
        #expect(opened.text(of: .issuanceCA, in: opened.draft) == "none")
        // The live chain's issuer is no catalog key: the plan says so, and its lifetime comes from the leaf.
        let leafDays = IssuancePlan.lifetimeDays(of: F.good[0])
        #expect(opened.issuanceLines.contains { $0.contains("signed by no catalog key") }, "\(opened.issuanceLines)")
        #expect(opened.issuanceLines.contains { $0.contains("a leaf of \(leafDays) days") })

        await type("letsencrpyt", into: .issuanceCA, on: &state)
        var current = try #require(form(state))
        #expect(current.findings(for: .issuanceCA).map(\.rule) == [.issuanceUnknownCA])
        #expect(WorkbenchProgram.view(state).text.contains("✗ issuance-unknown-ca"))

        await type("letsencrypt", into: .issuanceCA, on: &state)
        await type("shortlived", into: .issuanceProfile, on: &state)
        await type("0", into: .lifetimeDays, on: &state)
        current = try #require(form(state))
        #expect(current.error?.field == .lifetimeDays, "0 days is refused as it is typed")
        #expect(current.draft.issuance.lifetimeDays == nil)
        await F.press([.escape], on: &state)
        await type("5", into: .lifetimeDays, on: &state)
        await F.press([.down, .enter], on: &state)
        current = try #require(form(state))
        #expect(
            current.draft.issuance
                == DomainIssuance(ca: "letsencrypt", profile: "shortlived", lifetimeDays: 5, keyReuse: true))
        #expect(current.findings(for: .issuanceCA).isEmpty && current.newFindings.isEmpty)
        // The draft's plan: declared values, and a move away from the CA the live chain comes from.
        #expect(current.issuanceLines.contains { $0.contains("shortlived  (declared in the manifest)") })
        #expect(current.issuanceLines.contains { $0.contains("lifetimeDays 5 days: declared in the manifest") })
        #expect(current.issuanceWarning?.hasPrefix("! moving CA: the manifest declares letsencrypt") == true)
        // Drawn as a warning: the marker is in words, and its cells take the warning role.
        let frame = WorkbenchProgram.view(Self.resized(state, 160, 48))
        let row = try #require(
            (0..<frame.size.height).first { String(frame.row($0).map(\.character)).contains("! moving CA") })
        let cells = Array(frame.row(row))
        let start = try #require(
            cells.indices.first { String(cells[$0..<min($0 + 11, cells.count)].map(\.character)) == "! moving CA" })
        #expect(cells[start].role == .verdictWarning)

        await F.press([.character("y")], on: &state)
        #expect(state.overlay == nil)
        let good = try #require(state.manifest.policy(for: "good.pinbench.test"))
        #expect(
            good.issuance == DomainIssuance(ca: "letsencrypt", profile: "shortlived", lifetimeDays: 5, keyReuse: true))
        #expect(state.undoStack.count == 1)
        #expect(state.chrome.message?.text.contains("issuance.ca letsencrypt (was none)") == true)
        await F.press([.character("z")], on: &state)
        #expect(state.manifest.policy(for: "good.pinbench.test")?.issuance == nil)
    }

    @Test func keyReuseCyclesNoneTrueFalseAndClearingEveryFieldRemovesTheSetting() async throws {
        var manifest = F.manifest()
        let index = try #require(manifest.indexOfDomain("good.pinbench.test"))
        manifest.domains[index].issuance = DomainIssuance(keyReuse: false)
        var state = F.state(manifest: manifest)
        let toLast = Array(repeating: Key.down, count: SettingsForm.Field.allCases.count)
        await F.press([.character("R"), .down, .character("e")] + toLast, on: &state)
        #expect(form(state)?.field == .keyReuse)
        await F.press([.enter], on: &state)
        #expect(form(state)?.draft.issuance.keyReuse == nil)
        await F.press([.character("y")], on: &state)
        #expect(state.manifest.policy(for: "good.pinbench.test")?.issuance == nil)
        await F.press([.character("e")] + toLast + [.enter], on: &state)
        #expect(form(state)?.draft.issuance.keyReuse == true)
        await F.press([.enter], on: &state)
        #expect(form(state)?.draft.issuance.keyReuse == false)
    }

    static func resized(_ state: WorkbenchState, _ width: Int, _ height: Int) -> WorkbenchState {
        var state = state
        _ = state.apply(.resize(Size(width: width, height: height)))
        return state
    }

    @Test("the lifetime row's hint names the rule's range")
    func lifetimeHint() {
        let range = DomainIssuance.lifetimeDaysRange
        #expect(
            SettingsFormView.hint(for: .lifetimeDays).hasPrefix("days, \(range.lowerBound) to \(range.upperBound),"))
    }
}
