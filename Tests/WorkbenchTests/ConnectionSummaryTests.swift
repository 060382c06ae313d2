import Foundation
import PinningCore
import Testing

@testable import Workbench

/// The connection in one line near the top of the Certificate pane (protocol, key exchange, ATS, revocation, CT),
/// and CT said to be "not checked" unless a log list was in force.
@Suite struct ConnectionSummaryTests {
    typealias F = WorkbenchFixture

    /// good.pinbench.test fetched live (TLS 1.2, RSA key exchange, no staple), selected, the Certificate pane shown.
    func goodLive(size: Size = Size(width: 100, height: 30)) async -> WorkbenchState {
        var state = F.state(size: size)
        await F.press([.character("R")], on: &state)
        await F.deliverLive("good.pinbench.test", on: &state)
        await F.press([.down, .character("3")], on: &state)
        return state
    }

    @Test func theSummaryLineComesBeforeTheDetails() async throws {
        let state = await goodLive()
        let lines = state.certificateLines
        let summary = try #require(lines.firstIndex { $0.hasPrefix("TLSv1.2 · ") }, "\(lines)")
        let level = try #require(lines.firstIndex { $0.hasPrefix("Level 0 leaf") })
        let connection = try #require(lines.firstIndex(of: "Connection"))
        #expect(summary < level && level < connection, "near the top; the details stay in the Connection section")
        let text = lines[summary...].prefix { !$0.isEmpty }.joined(separator: " ")
        #expect(
            text == "TLSv1.2 · RSA (no forward secrecy) · ATS ✗ · OCSP not checked · CT not checked (no log list)",
            "\(text)")
        #expect(WorkbenchProgram.view(state).text.contains("TLSv1.2 · RSA (no forward secrecy) · ATS ✗"))
    }

    @Test func aForwardSecretConnectionThatMeetsATSShowsTicks() async throws {
        var state = F.state(size: Size(width: 160, height: 48))
        await F.press([.character("R")], on: &state)
        await F.deliverLive(
            "good.pinbench.test", protocolVersion: "TLSv1.3", suite: "TLS_AES_128_GCM_SHA256", group: "X25519",
            on: &state)
        await F.press([.down, .character("3")], on: &state)
        let line = try #require(state.certificateLines.first { $0.hasPrefix("TLSv1.3") })
        let facts = try #require(state.selectedLive?.chain?.connection)
        // ATS's own evaluator decides the marker: the fixture's leaf may still fail it on other grounds.
        #expect(line.hasPrefix("TLSv1.3 · X25519 · ATS " + (facts.ats.passes ? "✓" : "✗")), "\(line)")
    }

    @Test func inASCIIModeTheMarksAreTheProjectsStandIns() async {
        var state = await goodLive(size: Size(width: 160, height: 48))
        state = state.drawing(asciiOnly: true)
        let text = WorkbenchProgram.view(state).text
        #expect(text.contains("TLSv1.2 . RSA (no forward secrecy) . ATS x . OCSP not checked"), "\(text)")
        #expect(text.allSatisfy { $0.isASCII })
    }

    @Test func aChainFromAFileHasNoSummaryLine() async {
        var state = F.state()
        await F.press([.character("R"), .down, .character("3")], on: &state)
        #expect(!state.certificateLines.contains { $0.contains(" · ATS ") })
    }

    // MARK: - CT: not checked without a log list

    func validated(_ host: String, transparency: CTRequirement?) async -> VerdictSummary {
        let validate = WorkbenchServices.validation(
            trustAnchors: TrustAnchors(certificates: F.root), transparency: transparency, clock: { F.now })
        let chain = F.served[host]!
        let facts = F.connection(for: chain, host: host)
        return await validate(host, chain, F.manifest(), facts.revocationEvidence)
    }

    @Test func withoutALogListCTIsNotCheckedRatherThanFailed() async {
        let summary = await validated("good.pinbench.test", transparency: nil)
        #expect(summary.transparency == .notChecked(.noLogList))
        #expect(summary.transparency.meetsPolicy == nil)
        #expect(summary.transparency.summary == "not checked (no log list)")
        #expect(!summary.explanation.contains { $0.contains("Certificate Transparency") })
    }

    @Test func withALogListTheLeafWithoutSCTsFailsThePolicyAndSaysSo() async throws {
        let requirement = CTRequirement(logs: CTLogList(logs: []), required: false)
        let summary = await validated("good.pinbench.test", transparency: requirement)
        guard case .checked(let result, let required) = summary.transparency else {
            Issue.record("not checked: \(summary.transparency)")
            return
        }
        #expect(!result.meetsPolicy && !required)
        #expect(summary.transparency.summary.hasPrefix("fails the CT policy"))
        #expect(summary.outcome != .rejected, "reported, not required")

        // On screen: the summary line's CT mark and the Connection section's CT line.
        var state = await goodLive(size: Size(width: 160, height: 48))
        _ = state.apply(.validated(host: "good.pinbench.test", verdict: summary, generation: state.editing.generation))
        let text = state.certificateLines.joined(separator: "\n")
        #expect(text.contains(" · CT ✗"))
        #expect(text.contains("CT         fails the CT policy"))
        #expect(!text.contains("not checked (no log list)"))
    }

    @Test func aLogListWithAnUntrustedChainIsNotCheckedForThatReason() async {
        let requirement = CTRequirement(logs: CTLogList(logs: []), required: true)
        let summary = await validated("mitm.pinbench.test", transparency: requirement)
        #expect(summary.transparency == .notChecked(.noTrustedPath))
        #expect(summary.transparency.summary == "not checked: default trust failed first")
    }
}
