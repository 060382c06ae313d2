import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore
import Testing

@testable import Workbench

private typealias F = WorkbenchFixture

/// Live reload, as the backend drives it: the manifest changed in a real file, read back through the one reader
/// and sent as `manifestOnDisk`; writes through the real store.
@Suite("Live reload")
struct ReloadTests {
    let folder: URL
    let url: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-reload-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        url = folder.appendingPathComponent("pins.json")
        try ManifestStore.update(at: url) { $0 = F.manifest() }
    }

    func loadedState(size: Size = Size(width: 100, height: 30)) async throws -> WorkbenchState {
        var state = WorkbenchState(
            document: try ManifestStore.load(url), size: size, now: F.now, themeName: "default",
            themeNames: ThemeCatalog.shipped.themes.map(\.name))
        await F.press([.character("R")], on: &state)
        return state
    }

    /// Another process's edit: a backup pin (the evil chain's leaf key) for good.pinbench.test.
    func outsidePinAdd() throws {
        try ManifestStore.update(at: url) { manifest in
            let pin = Pin(
                certificate: CertificateDetails(F.evil[0]), level: 0, type: .spkiSHA256, role: .backup, added: F.now)
            _ = ManifestEditor.addPin(pin, host: "good.pinbench.test", to: &manifest)
        }
    }

    func diskMessage() -> WorkbenchMessage {
        .manifestOnDisk(Result { () throws(ManifestError) in try ManifestStore.load(url) })
    }

    @Test func aCleanSessionReloadsKeepsTheSelectionAndSaysSo() async throws {
        var state = try await loadedState()
        await F.press([.down, .down], on: &state)
        #expect(state.selectedDomainPolicy?.host == "mitm.pinbench.test")
        try outsidePinAdd()
        _ = await F.run(state.apply(diskMessage()), on: &state)
        #expect(state.manifest.policy(for: "good.pinbench.test")?.pins.count == 1)
        #expect(state.selectedDomainPolicy?.host == "mitm.pinbench.test")
        #expect(!state.editing.isDirty && state.overlay == nil)
        #expect(state.chrome.message?.text == "reloaded pins.json: changed on disk (1 domain changed)")
        // The reloaded version is the base of the next write: w writes nothing new, and the store accepts it.
        await F.press([.character("m")], on: &state)
        #expect(state.chrome.message?.text == "no changes")
        #expect(throws: Never.self) { try ManifestStore.save(state.editing.document) }
    }

    @Test func ourOwnWriteAndAnUnchangedFileAreNotReloads() async throws {
        var state = try await loadedState()
        await F.press([.character("2"), .character("p")], on: &state)
        let saved = try ManifestStore.save(state.editing.document)
        _ = state.apply(.saved(saved))
        _ = state.apply(diskMessage())
        #expect(state.chrome.message?.text == "wrote \(url.path)")
        #expect(state.overlay == nil)
    }

    @Test func withUnsavedEditsItAsksThenReappliesAndTheWriteHasBoth() async throws {
        var state = try await loadedState()
        // Mine: delete evil.pinbench.test. Theirs: a backup pin for good.pinbench.test.
        await F.press([.character("d"), .character("y")], on: &state)
        try outsidePinAdd()
        _ = state.apply(diskMessage())
        guard case .reload(let prompt) = state.overlay else {
            Issue.record("no reload prompt")
            return
        }
        #expect(prompt.theirs.map(\.text).first == "~ good.pinbench.test")
        #expect(prompt.mine == "1 domain removed")
        let screen = WorkbenchProgram.view(state).text
        #expect(screen.contains("pins.json changed on disk"))
        #expect(screen.contains("r reload (drop yours) · a re-apply yours on top · k keep editing"))

        // Keep editing: the write is refused (the file changed), and the refusal offers the disk version again.
        await F.press([.character("k")], on: &state)
        #expect(state.overlay == nil && state.editing.isDirty)
        let effects = await F.press([.character("w"), .character("!")], on: &state)
        guard case .save(let document) = effects.first else {
            Issue.record("no save effect")
            return
        }
        #expect(throws: ManifestError.self) { try ManifestStore.save(document) }
        do {
            try ManifestStore.save(document)
        } catch {
            _ = state.apply(.saveFailed(error))
        }
        guard case .reload = state.overlay else {
            Issue.record("the refused write did not offer the disk version")
            return
        }

        _ = await F.press([.character("a")], on: &state)
        #expect(state.chrome.message?.text == "re-applied your edits onto pins.json as changed on disk; w writes both")
        #expect(state.manifest.policy(for: "evil.pinbench.test") == nil)
        #expect(state.manifest.policy(for: "good.pinbench.test")?.pins.count == 1)
        let written = await F.press([.character("w"), .character("!")], on: &state)
        guard case .save(let merged) = written.first else {
            Issue.record("no save effect after re-applying")
            return
        }
        _ = state.apply(.saved(try ManifestStore.save(merged)))
        let onDisk = try ManifestStore.load(url).manifest
        #expect(onDisk.policy(for: "evil.pinbench.test") == nil)
        #expect(onDisk.policy(for: "good.pinbench.test")?.pins.count == 1)
        #expect(!state.editing.isDirty)
    }

    @Test func reapplyingNamesWhatTheDiskChangedToo() async throws {
        var state = try await loadedState()
        // Mine: remove mitm.pinbench.test. Theirs: a note on one of its pins.
        await F.press([.down, .down, .character("d"), .character("y")], on: &state)
        try ManifestStore.update(at: url) { manifest in
            let index = manifest.indexOfDomain("mitm.pinbench.test")!
            manifest.domains[index].pins[0].note = "theirs"
        }
        _ = state.apply(diskMessage())
        await F.press([.character("a")], on: &state)
        #expect(state.chrome.message?.isError == true)
        #expect(
            state.chrome.message?.text.contains("mitm.pinbench.test: removed here but changed on disk; not removed")
                == true)
        #expect(state.manifest.policy(for: "mitm.pinbench.test")?.pins[0].note == "theirs")
    }

    @Test func reloadDropsMyEdits() async throws {
        var state = try await loadedState()
        await F.press([.character("d"), .character("y")], on: &state)
        try outsidePinAdd()
        _ = state.apply(diskMessage())
        await F.press([.character("r")], on: &state)
        #expect(state.manifest.policy(for: "evil.pinbench.test") != nil)
        #expect(state.manifest.policy(for: "good.pinbench.test")?.pins.count == 1)
        #expect(!state.editing.isDirty && state.undoStack.isEmpty)
        #expect(state.chrome.message?.text.hasSuffix("your edits were dropped") == true)
    }

    @Test func anInvalidFileOnDiskIsNeverTakenIn() async throws {
        var state = try await loadedState()
        await F.press([.character("d"), .character("y")], on: &state)
        let edited = state.manifest
        try Data(#"{"schema": 1, "domains": [{"host": "a.test",}]}"#.utf8).write(to: url)
        _ = state.apply(diskMessage())
        #expect(state.manifest == edited && state.editing.isDirty && state.overlay == nil)
        #expect(state.chrome.message?.isError == true)
        #expect(state.chrome.message?.text.contains("pins.json on disk cannot be used now") == true)
        try FileManager.default.removeItem(at: url)
        _ = state.apply(diskMessage())
        #expect(state.chrome.message?.text.contains("pins.json is gone from disk") == true)
        #expect(state.manifest == edited)
    }

    // MARK: - Golden screens

    @Test(arguments: [(80, 24), (100, 30), (160, 48)])
    func reloadScreen(width: Int, height: Int) async throws {
        var state = try await loadedState()
        await F.press([.character("d"), .character("y")], on: &state)
        try outsidePinAdd()
        _ = state.apply(diskMessage())
        _ = state.apply(.resize(Size(width: width, height: height)))
        let frame = WorkbenchProgram.view(state)
        let name = "\(width)x\(height)"
        assertSnapshot(frame.text.replacingOccurrences(of: folder.path, with: "TMP"), named: name)
        assertSnapshot(frame.roleMap(), named: name + ".roles")
        let theme = ThemeCatalog.shipped.defaultTheme
        assertSnapshot(frame.attributeMap(theme: theme, mode: .mono), named: name + ".mono")
    }

    @Test(arguments: [(80, 24), (100, 30), (160, 48)])
    func diffScreen(width: Int, height: Int) async throws {
        var state = try await loadedState()
        await F.press([.down, .character("2"), .character("p"), .down, .character("p"), .character("b")], on: &state)
        await F.press([.character("1"), .down, .character("d"), .character("y"), .character("m")], on: &state)
        _ = state.apply(.resize(Size(width: width, height: height)))
        let frame = WorkbenchProgram.view(state)
        let name = "\(width)x\(height)"
        assertSnapshot(frame.text, named: name)
        assertSnapshot(frame.roleMap(), named: name + ".roles")
        let theme = ThemeCatalog.shipped.defaultTheme
        assertSnapshot(frame.attributeMap(theme: theme, mode: .mono), named: name + ".mono")
    }
}
