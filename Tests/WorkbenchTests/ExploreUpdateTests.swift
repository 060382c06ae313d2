import Foundation
import ManifestEditing
import PinExport
import PinningCore
import Testing

@testable import Workbench

/// Copy, save PEM, export, search and the Connection section, as messages in and state and effects out.
@Suite struct ExploreUpdateTests {
    typealias F = WorkbenchFixture

    /// Everything fetched (good with live connection facts), good selected, the Chain pane focused on its leaf.
    func goodChain() async -> WorkbenchState {
        var state = F.state()
        await F.press([.character("R")], on: &state)
        await F.deliverLive("good.pinbench.test", on: &state)
        await F.press([.down, .character("2")], on: &state)
        return state
    }

    func clipboardTexts(_ effects: [Effect]) -> [String] {
        effects.compactMap {
            if case .output(.clipboard(let text)) = $0 { return text }
            return nil
        }
    }

    func fileWrites(_ effects: [Effect]) -> [(path: String, contents: String, replacing: Bool)] {
        effects.compactMap {
            if case .output(.writeFile(let path, let contents, let replacing, _)) = $0 {
                return (path, String(decoding: contents, as: UTF8.self), replacing)
            }
            return nil
        }
    }

    // MARK: - Connection

    @Test func connectionSectionShowsWhatInspectShows() async {
        var state = await goodChain()
        _ = state.apply(.key(.character("3")))
        let text = state.certificateLines.joined(separator: "\n")
        #expect(text.contains("Connection"))
        #expect(text.contains("Protocol   TLSv1.2"))
        #expect(text.contains("Cipher     TLS_RSA_WITH_AES_128_GCM_SHA256"))
        #expect(text.contains("Key exch.  RSA (no forward secrecy)"))
        #expect(text.contains("Handshake  14 ms (connect 2 ms)"))
        #expect(text.contains("OCSP       · no staple"))
        #expect(text.contains("ATS        ✗ fails App Transport Security:"))
        let ats = F.connection(for: F.good, host: "good.pinbench.test").ats
        #expect(!ats.passes)
        for violation in ats.violations { #expect(text.contains("\(violation.rule)")) }
        #expect(text.contains("NSExceptionRequiresForwardSecrecy"), "the exception key that would allow it")
        #expect(text.contains("Sent       2 certificates, leaf first"))
        #expect(text.contains("Built      3 certificates to the anchor"))
        #expect(text.contains("1 not sent"))
    }

    @Test func chainsFromFilesSayTheyHadNoHandshake() async {
        var state = F.state()
        await F.press([.character("R"), .down, .character("3")], on: &state)
        let text = state.certificateLines.joined(separator: "\n")
        #expect(text.contains("read from a file: no handshake"))
        #expect(!text.contains("Protocol"))
    }

    @Test func connectionTextFromTheServerIsMadeSafe() async {
        var state = F.state()
        await F.press([.character("R")], on: &state)
        var facts = F.connection(for: F.good, host: "good.pinbench.test")
        facts.cipherSuite = "EVIL\u{1B}[2J\nSUITE"
        facts.builtChain = nil
        facts.builtChainProblem = "bad\u{7}problem"
        let fetched = FetchedChain(certificates: F.good, connection: facts, fetchedAt: F.now)
        await F.run(state.apply(.fetchCompleted(host: "good.pinbench.test", result: .success(fetched))), on: &state)
        await F.press([.down, .character("3")], on: &state)
        let text = state.certificateLines.joined(separator: "\n")
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("\u{7}"))
        #expect(text.contains("Built      none: OpenSSL found no path"))
    }

    // MARK: - Copy

    @Test func yCopiesTheSPKIPinAndShowsEveryValueWhole() async {
        var state = await goodChain()
        let leaf = CertificateDetails(F.good[0])
        let effects = state.apply(.key(.character("y")))
        #expect(clipboardTexts(effects) == [leaf.spkiPin])
        guard case .copy(let dialog)? = state.overlay else {
            Issue.record("no copy dialog: \(String(describing: state.overlay))")
            return
        }
        #expect(
            dialog.values.map(\.text) == [leaf.spkiPin, leaf.certPin, leaf.sha256Fingerprint, leaf.sha1Fingerprint])
        #expect(dialog.copied == 0)
        // The fingerprint, whole, on screen: wrapped, never cut.
        let screen = WorkbenchProgram.view(state).text.replacingOccurrences(of: " ", with: "")
        #expect(screen.contains(leaf.spkiPin))

        #expect(clipboardTexts(state.apply(.key(.down))).isEmpty)
        #expect(clipboardTexts(state.apply(.key(.character("y")))) == [leaf.certPin])
        #expect(clipboardTexts(state.apply(.key(.enter))) == [leaf.certPin])
        _ = state.apply(.key(.escape))
        #expect(state.overlay == nil)
    }

    @Test func copyWorksFromTheCertificatePaneForTheSelectedLevel() async {
        var state = await goodChain()
        await F.press([.down, .character("3")], on: &state)
        let effects = state.apply(.key(.character("y")))
        #expect(clipboardTexts(effects) == [CertificateDetails(F.good[1]).spkiPin])
    }

    @Test func copyWithNothingSelectedSaysSo() async {
        var state = F.state()
        await F.press([.character("2")], on: &state)
        let effects = state.apply(.key(.character("y")))
        #expect(effects.isEmpty)
        #expect(state.overlay == nil)
        #expect(state.chrome.message?.isError == true)
    }

    @Test func theFooterUnderTheCopyDialogShowsItsOwnKeys() async {
        var state = await goodChain()
        _ = state.apply(.key(.character("y")))
        let bottom = WorkbenchProgram.view(state).text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(bottom.contains("y copy"), "\(bottom)")
        #expect(bottom.contains("Esc cancel"), "\(bottom)")
        #expect(!bottom.contains("pin key"), "\(bottom)")
    }

    // MARK: - Save PEM

    @Test func saveThisCertificateAsPEMWithTheDefaultName() async {
        var state = await goodChain()
        _ = state.apply(.key(.character("s")))
        guard case .fileOutput(let dialog)? = state.overlay else {
            Issue.record("no save dialog")
            return
        }
        #expect(dialog.choices.count == 2)
        #expect(dialog.choices[0].content == .pem(F.good[0].pemText, certificates: 1))
        #expect(dialog.choices[1].content == .pem(ChainCertificate.pemText(F.good), certificates: 2))
        _ = state.apply(.key(.enter))
        let writes = fileWrites(state.apply(.key(.enter)))
        #expect(writes.count == 1)
        #expect(writes.first?.path == "good.pinbench.test-level0.pem")
        #expect(writes.first?.contents == F.good[0].pemText)
        #expect(writes.first?.replacing == false)
        _ = state.apply(.fileWritten(path: "good.pinbench.test-level0.pem"))
        #expect(state.overlay == nil)
        #expect(state.chrome.message?.text == "saved 1 certificate as PEM to good.pinbench.test-level0.pem")
    }

    @Test func anExistingFileIsOverwrittenOnlyAfterYes() async {
        var state = await goodChain()
        await F.press([.character("s"), .down, .enter], on: &state)
        for _ in 0..<"good.pinbench.test-chain.pem".count { _ = state.apply(.key(.backspace)) }
        await F.press(F.type("/tmp/x/chain.pem"), on: &state)
        let first = fileWrites(state.apply(.key(.enter)))
        #expect(first.map(\.path) == ["/tmp/x/chain.pem"])
        #expect(first.first?.contents == ChainCertificate.pemText(F.good))
        _ = state.apply(.fileWriteFailed(OutputFileError(.exists, path: "/tmp/x/chain.pem", reason: "exists")))
        guard case .fileOutput(let asking)? = state.overlay else {
            Issue.record("the dialog closed instead of asking")
            return
        }
        #expect(asking.stage == .confirmingOverwrite)
        #expect(WorkbenchProgram.view(state).text.contains("exists. Overwrite it?"))
        // n goes back to the name; nothing is written.
        #expect(fileWrites(state.apply(.key(.character("n")))).isEmpty)
        let again = fileWrites(state.apply(.key(.enter)))
        #expect(again.map(\.replacing) == [false])
        _ = state.apply(.fileWriteFailed(OutputFileError(.exists, path: "/tmp/x/chain.pem", reason: "exists")))
        let yes = fileWrites(state.apply(.key(.character("y"))))
        #expect(yes.map(\.replacing) == [true])
        _ = state.apply(.fileWritten(path: "/tmp/x/chain.pem"))
        #expect(state.overlay == nil)
        #expect(state.chrome.message?.text == "saved 2 certificates as PEM to /tmp/x/chain.pem")
    }

    @Test func aFailedWriteSaysWhyAndKeepsTheName() async {
        var state = await goodChain()
        await F.press([.character("s"), .enter, .enter], on: &state)
        let error = OutputFileError(.failed, path: "p.pem", reason: "permission denied on p.pem; check its owner")
        _ = state.apply(.fileWriteFailed(error))
        guard case .fileOutput(let dialog)? = state.overlay else {
            Issue.record("dialog closed")
            return
        }
        #expect(dialog.stage == .naming)
        #expect(
            state.chrome.message
                == StatusMessage("not written: permission denied on p.pem; check its owner", isError: true))
    }

    @Test func theRootFromTheBuiltPathCanBeSavedToo() async {
        var state = await goodChain()
        await F.press([.character("G")], on: &state)
        #expect(state.selectedChainLevel?.sent == false)
        _ = state.apply(.key(.character("s")))
        guard case .fileOutput(let dialog)? = state.overlay else {
            Issue.record("no save dialog")
            return
        }
        let root = F.chain("root.pem")[0]
        #expect(dialog.choices.first?.content == .pem(root.pemText, certificates: 1))
    }

    @Test func withoutTheDEROfALevelOnlyTheChainIsOffered() async {
        var state = F.state()
        await F.press([.character("R"), .down, .character("2"), .character("G")], on: &state)
        #expect(state.selectedChainLevel?.sent == false)
        _ = state.apply(.key(.character("s")))
        guard case .fileOutput(let dialog)? = state.overlay else {
            Issue.record("no save dialog")
            return
        }
        #expect(dialog.choices.count == 1)
        #expect(dialog.notes.first?.contains("only the chain can be saved") == true)
    }

    // MARK: - Export

    @Test func exportListsEveryFormatOfTheCoreAndWritesTheEditedManifest() async {
        var state = await goodChain()
        await F.press([.character("p")], on: &state)  // an unsaved edit
        #expect(state.editing.isDirty)
        _ = state.apply(.key(.character("x")))
        guard case .fileOutput(let dialog)? = state.overlay else {
            Issue.record("no export chooser")
            return
        }
        #expect(
            dialog.choices.map { String($0.label.split(separator: " ")[0]) } == ExportFormat.allCases.map(\.rawValue))
        #expect(dialog.notes.joined().contains("differs from pins.json on disk"))
        let format = ExportFormat.allCases[1]
        await F.press([.down, .enter], on: &state)
        guard case .fileOutput(let naming)? = state.overlay else { return }
        #expect(naming.path.hasPrefix("pins-\(format.rawValue)."))
        let writes = fileWrites(state.apply(.key(.enter)))
        let edited = PinExporter.export(state.manifest, as: format).text
        #expect(writes.first?.contents == edited)
        #expect(edited != PinExporter.export(state.editing.savedManifest, as: format).text)
        _ = state.apply(.fileWritten(path: naming.path))
        #expect(state.overlay == nil)
        #expect(
            state.chrome.message?.text.hasPrefix("exported \(format.rawValue) to \(naming.path) (the edited manifest")
                == true)
    }

    @Test func anExportTheClientRefusesIsNotWrittenAndSaysWhy() async {
        var state = await goodChain()
        await F.press([.character("p")], on: &state)  // one key pin: TrustKit throws at start-up
        let refusals = PinExporter.export(state.manifest, as: .trustkit, options: ExportOptions(now: state.chrome.now))
            .refusals
        #expect(!refusals.isEmpty)
        _ = state.apply(.key(.character("x")))
        let downs = Array(repeating: Key.down, count: ExportFormat.allCases.firstIndex(of: .trustkit) ?? 0)
        await F.press(downs + [.enter], on: &state)
        #expect(fileWrites(state.apply(.key(.enter))).isEmpty)
        guard case .fileOutput(let dialog)? = state.overlay else {
            Issue.record("the dialog closed")
            return
        }
        #expect(dialog.stage == .naming)  // the name stays, to be changed or abandoned
        let text = state.chrome.message?.text ?? ""
        #expect(state.chrome.message?.isError == true)
        #expect(text.hasPrefix("not written: the client would refuse this TrustKit configuration"), "\(text)")
        #expect(text.contains(refusals[0].message) && text.contains("--allow-invalid"), "\(text)")
    }

    @Test func exportOfAnUneditedManifestSaysSo() {
        var state = F.state()
        _ = state.apply(.key(.character("x")))
        guard case .fileOutput(let dialog)? = state.overlay else { return }
        #expect(dialog.notes == ["Exports pins.json (no unsaved changes)."])
        _ = state.apply(.key(.escape))
        #expect(state.overlay == nil)
    }

    @Test func escapeInTheNameGoesBackToTheChoices() {
        var state = F.state()
        for key in [Key.character("x"), .enter, .character("q"), .escape] { _ = state.apply(.key(key)) }
        guard case .fileOutput(let dialog)? = state.overlay else {
            Issue.record("closed")
            return
        }
        #expect(dialog.stage == .choosing)
        #expect(state.chrome.message == nil)  // `q` was typed into the name, not taken as quit
    }

    // MARK: - Search

    @Test func searchHighlightsScrollsAndCycles() async {
        var state = await goodChain()
        state = WorkbenchProgram.update(state, .resize(Size(width: 100, height: 20))).0
        await F.press([.character("3"), .character("/")], on: &state)
        #expect(state.prompt?.kind == .search)
        await F.press(F.type("sha-"), on: &state)
        await F.press([.enter], on: &state)
        let lines = state.certificateLines
        let matches = state.search?.matches(in: lines) ?? []
        #expect(matches.count == 2)  // SHA-256 and SHA-1
        #expect(state.chrome.message?.text.hasPrefix("match 1 of 2 for \"sha-\"") == true)
        #expect(state.selection.certificateScroll.offset == matches[0].line - 1)
        await F.press([.character("n")], on: &state)
        #expect(state.search?.current == 1)
        await F.press([.character("n")], on: &state)
        #expect(state.search?.current == 0)
        await F.press([.character("N")], on: &state)
        #expect(state.search?.current == 1)
        await F.press([.escape], on: &state)
        #expect(state.search == nil)
    }

    @Test func noMatchSaysSo() async {
        var state = await goodChain()
        await F.press([.character("3"), .character("/")] + F.type("zzzz") + [.enter], on: &state)
        #expect(state.chrome.message?.text == "no match for \"zzzz\" in the Certificate pane")
        state.update { $0.search = nil }
        await F.press([.character("n")], on: &state)
        #expect(state.chrome.message?.text == "no search: / searches the Certificate pane")
    }

    @Test func slashInDomainsIsStillTheFilter() {
        var state = F.state()
        _ = state.apply(.key(.character("/")))
        #expect(state.prompt?.kind == .filter)
    }

    @Test func searchMatchesIgnoreCaseAndCountEveryOccurrence() {
        let search = CertificateSearch(query: "Ab")
        let found = search.matches(in: ["xxabAB", "none", "aB"])
        #expect(found.map(\.line) == [0, 0, 2])
        #expect(found.map(\.offset) == [2, 4, 0])
        var moving = search
        #expect(moving.move(by: -1, count: 3) == 2)
        #expect(moving.move(by: 1, count: 0) == nil)
    }
}
