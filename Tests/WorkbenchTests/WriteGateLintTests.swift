import Foundation
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
        #expect(state.live["good.pinbench.test"]?.verdict?.outcome == .accepted, "the root pin is on the verified path")
        #expect(gate.findings.map(\.rule) == [.missingTrustAnchor], "\(gate.findings.map(\.formatted))")

        // The CLI's lint on the same document and the chain judged by the same validator.
        let chain = F.good
        let verdict = await PinValidator(manifest: manifest, trustAnchors: TrustAnchors(certificates: F.root))
            .validate(host: "good.pinbench.test", chain: chain, at: F.now)
        let cli = ManifestLinter().lint(
            state.document, now: F.now, served: ["good.pinbench.test": ServedChain(presented: chain, verdict: verdict)])
        #expect(Set(gate.findings) == Set(cli))
    }
}
