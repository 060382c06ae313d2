import ManifestLint
import PinningCore
import Testing

@testable import Workbench

/// The overlays' own models as pure functions: a key, resolved through the standard key table in the overlay's
/// contexts, goes in; the action the workbench carries out comes out. No workbench around them.
@Suite struct OverlayModelTests {
    /// The command `key` means while `overlay` is open, as dispatch resolves it.
    func command(_ key: Key, in overlay: OverlayState) -> Command? {
        KeyMap.standard.command(for: key, in: overlay.keyContexts)
    }

    @Test func quitGuardKeys() throws {
        let overlay = OverlayState.quitGuard(QuitGuard())
        func action(_ key: Key) throws -> QuitGuard.Action {
            QuitGuard().update(try #require(command(key, in: overlay), "\(key)"))
        }
        #expect(try action(.character("y")) == .quitWithoutSaving)
        #expect(try action(.character("w")) == .writeFirst)
        #expect(try action(.character("n")) == .keepWorking)
        #expect(try action(.escape) == .keepWorking)
        #expect(QuitGuard().update(.moveDown) == .stay)
    }

    @Test func deleteConfirmationKeys() throws {
        let confirmation = DeleteConfirmation(host: "api.example")
        let overlay = OverlayState.confirmDelete(confirmation)
        #expect(
            confirmation.update(try #require(command(.character("y"), in: overlay))) == .delete(host: "api.example"))
        #expect(confirmation.update(try #require(command(.escape, in: overlay))) == .keep)
        #expect(confirmation.update(.write) == .stay, "w writes nothing while the question is open")
    }

    @Test func helpScrollsWithinItsLinesAndCloses() throws {
        var help = HelpPanel()
        let overlay = OverlayState.help(help)
        #expect(help.update(try #require(command(.down, in: overlay)), lineCount: 5, page: 3) == .stay)
        #expect(help.scroll == 1)
        #expect(help.update(try #require(command(.end, in: overlay)), lineCount: 5, page: 3) == .stay)
        #expect(help.scroll == 5, "the bottom is the last line, not past it")
        #expect(help.update(.pageUp, lineCount: 5, page: 3) == .stay && help.scroll == 2)
        #expect(help.update(try #require(command(.character("?"), in: overlay)), lineCount: 5, page: 3) == .close)
    }

    @Test func diffGoesOnToTheWriteGate() throws {
        var diff = DiffPanel(lines: [ManifestDiffLine(.domain, "~ api.example"), ManifestDiffLine(.note, "x")])
        let overlay = OverlayState.diff(diff)
        #expect(diff.update(try #require(command(.character("w"), in: overlay)), page: 10) == .write)
        #expect(diff.update(try #require(command(.escape, in: overlay)), page: 10) == .close)
        #expect(diff.update(try #require(command(.character("G"), in: overlay)), page: 10) == .stay)
        #expect(diff.scroll == 2)
    }

    @Test func writeGateRefusesErrorsUnlessForced() throws {
        let error = LintFinding(.error, .tooFewPins, host: "api.example", message: "enforces 1 pin", fix: "add one")
        var gate = WriteGate(edited: [error], loaded: [], diff: [], quitAfterWrite: true)
        let overlay = OverlayState.writeGate(gate)
        #expect(gate.update(try #require(command(.enter, in: overlay)), lineCount: 9, page: 4) == .refuse(errors: 1))
        #expect(
            gate.update(try #require(command(.character("!"), in: overlay)), lineCount: 9, page: 4)
                == .write(quitAfter: true))
        #expect(gate.update(try #require(command(.escape, in: overlay)), lineCount: 9, page: 4) == .cancel)
        #expect(gate.update(try #require(command(.character("f"), in: overlay)), lineCount: 9, page: 4) == .stay)
        #expect(gate.showsPreexisting)

        var clean = WriteGate(edited: [], loaded: [], diff: [])
        #expect(
            clean.update(try #require(command(.character("y"), in: overlay)), lineCount: 9, page: 4)
                == .write(quitAfter: false))
    }
}
