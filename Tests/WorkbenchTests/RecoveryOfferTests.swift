import Foundation
import PinningCore
import Testing

@testable import Workbench

/// The recovery offer at the start, as pure updates: a recovery file that differs from the manifest is offered
/// with what it changes; `r` makes its edits this session's unsaved (undoable) edits, `d` asks for the file to go,
/// `k` and `Esc` keep it; one that holds nothing new is removed quietly, and one that cannot be used is named and
/// never used.
@Suite struct RecoveryOfferTests {
    typealias F = WorkbenchFixture

    /// The fixture manifest with one domain added: the unsaved edits of a session that ended without saving.
    func edited() -> PinManifest {
        var manifest = F.manifest()
        manifest.domains.append(DomainPolicy(host: "recovered.pinbench.test"))
        return manifest
    }

    func offered() -> WorkbenchState {
        var state = F.state()
        _ = state.apply(.recoveryFound([.found(path: "/tmp/x/.pins.json.pinbench-recovery", manifest: edited())]))
        return state
    }

    @Test func aDifferingRecoveryFileIsOfferedWithWhatItChanges() {
        let state = offered()
        guard case .recovery(let offer)? = state.overlay else {
            Issue.record("no offer: \(String(describing: state.overlay))")
            return
        }
        #expect(offer.summary == "1 domain added")
        #expect(!state.editing.isDirty, "nothing is taken before the user chooses")
        let text = WorkbenchProgram.view(state).text
        #expect(text.contains("Unsaved edits of pins.json found"), "\(text)")
        #expect(text.contains("recovered.pinbench.test"), "\(text)")
        #expect(text.contains("r recover"), "\(text)")
        assertSnapshot(text, named: "100x30")
    }

    @Test func rRecoversTheEditsAsUnsavedUndoableEdits() {
        var state = offered()
        let effects = state.apply(.key(.character("r")))
        #expect(state.overlay == nil)
        #expect(state.editing.isDirty)
        #expect(state.manifest.policy(for: "recovered.pinbench.test") != nil)
        #expect(
            effects.contains { if case .recovery(.adopt(let path)) = $0 { path.hasSuffix("recovery") } else { false } })
        #expect(state.chrome.message?.text.contains("recovered the unsaved edits") == true)
        _ = state.apply(.key(.character("z")))
        #expect(!state.editing.isDirty, "z undoes the recovery")
    }

    @Test func dDiscardsAndKAndEscapeKeepForLater() {
        var state = offered()
        let discard = state.apply(.key(.character("d")))
        #expect(discard.contains { if case .recovery(.discard) = $0 { true } else { false } })
        #expect(!state.editing.isDirty && state.overlay == nil)
        for key in [Key.character("k"), .escape, .character("q")] {
            var kept = offered()
            let effects = kept.apply(.key(key))
            #expect(effects.contains { if case .recovery(.keep) = $0 { true } else { false } }, "\(key)")
            #expect(!kept.editing.isDirty && kept.overlay == nil, "\(key)")
        }
    }

    @Test func severalFilesAreOfferedOneAfterTheOther() {
        var state = F.state()
        var second = edited()
        second.domains.append(DomainPolicy(host: "second.pinbench.test"))
        _ = state.apply(
            .recoveryFound([
                .found(path: "/tmp/x/.pins.json.pinbench-recovery", manifest: edited()),
                .found(path: "/tmp/x/.pins.json.pinbench-recovery.2", manifest: second),
            ]))
        _ = state.apply(.key(.character("k")))
        guard case .recovery(let next)? = state.overlay else {
            Issue.record("the second file was not offered")
            return
        }
        #expect(next.path.hasSuffix(".2") && next.summary == "2 domains added")
    }

    @Test func aFileWithNothingNewIsRemovedAndAnUnusableOneIsNamedAndNeverUsed() {
        var state = F.state()
        let effects = state.apply(
            .recoveryFound([
                .found(path: "/tmp/x/.pins.json.pinbench-recovery", manifest: F.manifest()),
                .unusable(path: "/tmp/x/.pins.json.pinbench-recovery.2", reason: "line 1, column 3: bad\u{1b}[2J"),
            ]))
        #expect(state.overlay == nil)
        #expect(!state.editing.isDirty)
        #expect(effects.contains { if case .recovery(.discard) = $0 { true } else { false } })
        let log = state.chrome.messageLog.entries.map(\.message)
        #expect(log.contains { !$0.isError && $0.text.contains("held no edit the manifest lacks") }, "\(log)")
        let refused = log.first { $0.isError && $0.text.contains("cannot be used") }
        #expect(refused?.text.contains("left as it is") == true, "\(log)")
        #expect(refused?.text.contains("\u{1b}") == false, "escaped")
    }
}
