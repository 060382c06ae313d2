import CTWatch
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing
import Workbench
import WorkbenchRuntime

/// What `pinbench workbench` decides before the terminal loop: the theme with its warnings, the first state and
/// fetches, the fetch seam `--chains` chooses, and the CT watch `--ct-log-list` sets up.
@Suite("Opening the workbench")
struct WorkbenchOpeningTests {
    @Test("a theme that exists is used quietly; an unknown one falls back to the default with a warning")
    func theme() {
        let mono = WorkbenchOpening(themeName: "mono", catalog: .shipped)
        #expect(mono.themeName == "mono")
        #expect(mono.warnings.isEmpty)
        let unknown = WorkbenchOpening(themeName: "nope", catalog: .shipped)
        #expect(unknown.themeName == ThemeCatalog.shipped.defaultTheme.name)
        #expect(unknown.warnings.count == 1)
        #expect(unknown.warnings.first?.hasPrefix("warning: theme nope not found (themes: ") == true)
    }

    @Test("the session starts with the theme, ASCII and the watched logs asked for, fetching every domain or none")
    func session() throws {
        let workspace = try RuntimeWorkspace()
        let document = try ManifestLoader.open(workspace.manifestURL)
        let opening = WorkbenchOpening(themeName: "mono", catalog: .shipped)
        func open(fetchAtStart: Bool) throws -> (session: WorkbenchSession, initialEffects: [Effect]) {
            opening.session(
                screen: ScriptedScreen(script: []), document: document, anchors: TrustAnchors(),
                fetch: { _ in .failure(FetchFailure(.connectionRefused, detail: "none")) }, fetchAtStart: fetchAtStart,
                asciiOnly: true, inputs: workspace.inputs, transparency: nil, watch: nil, clients: [])
        }
        let fetching = try open(fetchAtStart: true)
        #expect(fetching.session.state.chrome.themeName == "mono")
        #expect(fetching.session.state.chrome.asciiOnly)
        #expect(!fetching.initialEffects.isEmpty)
        #expect(try open(fetchAtStart: false).initialEffects.isEmpty)
    }

    @Test("--chains reads HOST.pem from the folder; without it the fetch is live (a closed port is refused)")
    func fetchChoice() async throws {
        let pki = TestPKI.shared
        let folder = TemporaryFolder()
        folder.write("\(pki.host).pem", pki.good.presentedPEM)
        let offline = WorkbenchFetch.make(chainsFolder: folder.url.path, deadline: .seconds(5), anchors: TrustAnchors())
        let fetched = try await offline(FetchRequest(host: pki.host)).get()
        #expect(fetched.certificates.count == pki.good.presented.count)
        let live = WorkbenchFetch.make(chainsFolder: nil, deadline: .seconds(5), anchors: TrustAnchors())
        guard case .failure(let failure) = await live(FetchRequest(host: pki.host, connect: "127.0.0.1:1")) else {
            Issue.record("a closed port gave a chain")
            return
        }
        #expect(failure.kind == .connectionRefused)
    }

    @Test("--ct-log-list: a list that cannot be read is refused before any round")
    func watchRefused() throws {
        let folder = TemporaryFolder()
        #expect(throws: WatchSetupError.self) {
            try WatchSettings.network(
                listPath: folder.path("missing.json"), manifest: folder.url.appendingPathComponent("pins.json"),
                intervalSeconds: 60, fromNow: false)
        }
    }
}
