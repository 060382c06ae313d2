import Foundation
import PinningCore
import TestSupport
import Testing
import Workbench
import WorkbenchRuntime

/// The runtime's one manifest reader gathers the lint's disk facts with every read, so the workbench's update reads
/// no file and a reload sees anchor files that appeared or vanished since the start.
@Suite("ManifestLoader: lint facts with every read")
struct ManifestLoaderTests {
    @Test("a reload message carries facts gathered now: an anchor file removed since the start is unreadable")
    func reloadGathersFacts() throws {
        let workspace = try RuntimeWorkspace()
        let document = try ManifestLoader.open(workspace.manifestURL)
        #expect(ManifestLoader.lintFacts(for: document).unreadableTrustAnchors.isEmpty)
        try FileManager.default.removeItem(atPath: workspace.folder.path("root.pem"))
        guard case .manifestOnDisk(let result, let lint) = ManifestLoader.reloadMessage(workspace.manifestURL) else {
            Issue.record("not a manifestOnDisk message")
            return
        }
        #expect(try result.get().manifest.trustAnchors == ["root.pem"])
        #expect(lint?.unreadableTrustAnchors == ["root.pem"])
        // A manifest that cannot be read carries no facts: the workbench keeps those it had.
        workspace.folder.write("pins.json", "{ not json")
        guard case .manifestOnDisk(let broken, let none) = ManifestLoader.reloadMessage(workspace.manifestURL) else {
            Issue.record("not a manifestOnDisk message")
            return
        }
        #expect(throws: ManifestError.self) { try broken.get() }
        #expect(none == nil)
    }
}
