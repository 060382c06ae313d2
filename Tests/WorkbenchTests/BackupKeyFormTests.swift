import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore
import Testing

@testable import Workbench

/// The `K` form: its keys, its effect, the pin added as an undoable edit, and its screens.
@Suite struct BackupKeyFormTests {
    typealias F = WorkbenchFixture

    /// Domains focused on good.pinbench.test (second row once sorted), the form open on it.
    func openForm(_ size: Size = Size(width: 100, height: 30)) async -> WorkbenchState {
        var state = F.state(size: size)
        await F.press([.character("R"), .down, .character("K")], on: &state)
        return state
    }

    func form(_ state: WorkbenchState) -> BackupKeyForm? {
        if case .backupKeyForm(let form) = state.overlay { return form }
        return nil
    }

    @Test func keysChooseTheAlgorithmAndTypeTheFolderThenGenerateAsAnEffect() async throws {
        var state = await openForm()
        #expect(form(state)?.host == "good.pinbench.test")
        #expect(form(state)?.algorithm == .p256)
        await F.press([.down, .down, .up, .down], on: &state)
        #expect(form(state)?.algorithm == .rsa2048)
        // Enter with no folder: refused in the form, the folder field focused.
        await F.press([.enter], on: &state)
        #expect(form(state)?.problem != nil && form(state)?.field == .folder)
        // Letters bound elsewhere (q quits, K opens the form) type into the folder field.
        let effects = await F.press(F.type("/keys/qK") + [.backspace, .enter], on: &state)
        #expect(form(state)?.folder == "/keys/q")
        #expect(form(state)?.isGenerating == true)
        let host = try HostName("good.pinbench.test")
        let requests = effects.compactMap { effect -> BackupKeyRequest? in
            if case .generateBackupKey(let request) = effect { return request }
            return nil
        }
        #expect(requests == [BackupKeyRequest(host: host, algorithm: .rsa2048, folder: "/keys/q")])
        // While generating, keys other than Esc do nothing.
        await F.press([.up, .character("x"), .enter], on: &state)
        #expect(form(state)?.algorithm == .rsa2048 && form(state)?.folder == "/keys/q")
    }

    @Test func aWrittenKeyIsPinnedAsABackupAndUndoRemovesIt() async throws {
        var state = await openForm()
        await F.press(F.type("x") + [.tab] + F.type("/k") + [.enter], on: &state)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinbench-k-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let key = try BackupKey.generate(for: try HostName("good.pinbench.test"), algorithm: .p256)
        let files = try BackupKeyFiles.write(key, to: folder)
        let pin = key.pin(keyFile: files.key, requestFile: files.request, added: F.now)
        let created = BackupKeyCreated(host: "good.pinbench.test", pin: pin, keyFile: files.key)
        await F.run(state.apply(.backupKeyFinished(.success(created))), on: &state)
        #expect(state.overlay == nil)
        let domain = try #require(state.manifest.domains.first { $0.host == "good.pinbench.test" })
        #expect(domain.pins == [pin])
        #expect(pin.role == .backup && pin.value == key.spkiPin)
        #expect(state.editing.isDirty)
        #expect(state.chrome.message?.text.contains(files.key.path) == true)
        await F.press([.character("z")], on: &state)
        #expect(state.manifest.domains.first { $0.host == "good.pinbench.test" }?.pins.isEmpty == true)
    }

    @Test func aRefusedWriteIsShownInTheFormAndEscCloses() async {
        var state = await openForm()
        await F.press([.tab] + F.type("/k") + [.enter], on: &state)
        let refusal = BackupKeyError(.exists, reason: "/k/good.pinbench.test.p256.key.pem already exists\u{1B}[2J")
        _ = state.apply(.backupKeyFinished(.failure(refusal)))
        #expect(form(state)?.isGenerating == false)
        #expect(form(state)?.problem?.contains("already exists") == true)
        #expect(form(state)?.problem?.contains("\u{1B}") == false)
        await F.press([.escape], on: &state)
        #expect(state.overlay == nil)
        #expect(state.manifest == F.manifest().canonicallyOrdered)
    }

    @Test func theFooterShowsTheFormsOwnKeys() async {
        let text = WorkbenchProgram.view(await openForm()).text
        let footer = text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(footer.contains("Enter generate") && footer.contains("Esc cancel"))
        #expect(!footer.contains("q quit"))
    }

    @Test(arguments: [(80, 24), (100, 30), (160, 48)])
    func formScreen(width: Int, height: Int) async {
        var state = await openForm(Size(width: width, height: height))
        await F.press([.down, .down, .tab] + F.type("~/pin-keys"), on: &state)
        let frame = WorkbenchProgram.view(state)
        let name = "\(width)x\(height)"
        assertSnapshot(frame.text, named: name)
        assertSnapshot(frame.roleMap(), named: name + ".roles")
        assertSnapshot(frame.attributeMap(theme: ThemeCatalog.shipped.defaultTheme, mode: .mono), named: name + ".mono")
        #expect(frame.text.contains("(*) RSA 2048"))
        #expect(frame.text.contains("~/pin-keys▏"))
    }
}
