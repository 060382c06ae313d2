import Foundation
import Testing

@testable import Workbench

/// One marker table for every glyph: the legend comes from it, and in ASCII mode (a non-UTF-8 locale or `--ascii`)
/// every glyph on screen becomes its one-column ASCII stand-in, so no state is left to colour alone.
@Suite struct AsciiModeTests {
    typealias F = WorkbenchFixture

    @Test func everyGlyphAndFallbackIsOneColumnAndTheFallbacksAreASCII() {
        for marker in Marker.all {
            #expect(CharacterWidth.of(marker.glyph) == 1, "\(marker.glyph)")
            #expect(marker.ascii.isASCII && CharacterWidth.of(marker.ascii) == 1, "\(marker.glyph)")
            #expect(marker.ascii != " ", "\(marker.glyph) would become a blank")
        }
        #expect(Set(Marker.all.map(\.glyph)).count == Marker.all.count, "a glyph listed twice")
        // Within the legend, different meanings stay told apart in ASCII too (▸ and ▶ share > by design: a row
        // pointer and a title pointer are never in the same place).
        let legend = Marker.all.filter(\.inLegend)
        let states: [Marker] = [.accepted, .rejected, .warning, .failed, .pending, .idle, .activePin, .backupPin]
        #expect(Set(states.map(\.ascii)).count == states.count)
        #expect(legend.count >= states.count)
    }

    /// Every non-ASCII character in the workbench's code (outside comments) is in the table, so a new glyph
    /// cannot reach the screen without an ASCII fallback and a meaning.
    @Test func everyGlyphTheViewsDrawIsInTheTable() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Workbench")
        let known = Set(Marker.all.map(\.glyph))
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 20)
        var unknown: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                let beforeComment = code.components(separatedBy: " // ").first ?? code
                for character in beforeComment where !character.isASCII && !known.contains(character) {
                    unknown.append("\(file.lastPathComponent): \(character) in \(code)")
                }
            }
        }
        #expect(unknown.isEmpty, "glyphs without a fallback: \(unknown)")
    }

    @Test func theHelpLegendIsTheTable() {
        let legend = HelpOverlay.legendLines().map(\.text)
        for marker in Marker.all where marker.inLegend {
            #expect(legend.contains("  \(marker.glyph)  \(marker.meaning)"))
        }
        #expect(!legend.contains { $0.contains("box line") })
    }

    func scenario(_ size: Size) async -> WorkbenchState {
        var state = F.state(size: Size(width: 100, height: 30))
        await F.press(
            [.character("R"), .down, .character("2"), .character("p"), .down, .character("p"), .character("b"), .up],
            on: &state)
        _ = state.apply(.resize(size))
        state = state.drawing(asciiOnly: true)
        return state
    }

    @Test(arguments: [(80, 24), (100, 30), (160, 48)])
    func overviewInASCII(width: Int, height: Int) async {
        let state = await scenario(Size(width: width, height: height))
        let frame = WorkbenchProgram.view(state)
        #expect(frame.text.allSatisfy { $0.isASCII })
        let name = "\(width)x\(height)"
        assertSnapshot(frame.text, named: name)
        assertSnapshot(frame.attributeMap(theme: ThemeCatalog.shipped.defaultTheme, mode: .mono), named: name + ".mono")
        assertSnapshot(frame.roleMap(), named: name + ".roles")
        // The same cells and roles as in UTF-8: only characters change.
        var unicode = state
        unicode = unicode.drawing(asciiOnly: false)
        let glyphs = WorkbenchProgram.view(unicode)
        #expect(glyphs.roleMap() == frame.roleMap())
        #expect(glyphs.text != frame.text)
    }

    @Test func markersInASCIIStillTellStatesApart() async {
        let text = WorkbenchProgram.view(await scenario(Size(width: 100, height: 30))).text
        #expect(text.contains("+ good.pinbench.test"))
        #expect(text.contains("x mitm.pinbench.test"))
        #expect(text.contains("? offline.pinbench.test:8443"))
        #expect(text.contains("! evil.pinbench.test"))
        #expect(text.contains("* unsaved"))
        #expect(text.contains("key* +match"))
        #expect(text.contains("#= > 2 Chain"))
        #expect(text.contains("+- 1 Domains"))
    }

    @Test func helpAndOverlaysInASCII() async {
        var state = await scenario(Size(width: 100, height: 30))
        await F.press([.character("?"), .character("G")], on: &state)
        let help = WorkbenchProgram.view(state)
        #expect(help.text.allSatisfy { $0.isASCII })
        assertSnapshot(help.text, named: "help")
        #expect(help.text.contains("+  accepted"))
        #expect(help.text.contains("*  active pin"))
        await F.press([.escape, .character("w")], on: &state)
        let gate = WorkbenchProgram.view(state)
        #expect(gate.text.allSatisfy { $0.isASCII })
        assertSnapshot(gate.text, named: "writeGate")
    }

    @Test func unknownAndWideCharactersBecomeQuestionMarksWithoutMovingAnything() {
        var frame = Frame(size: Size(width: 8, height: 1))
        frame.put("é漢✓─a", at: Point(x: 0, y: 0))
        let ascii = frame.asciiOnly(fallbacks: Marker.asciiFallbacks, unknown: Marker.unknownFallback)
        #expect(ascii.lineText(0) == "???+-a  ")
        #expect(!ascii.cells.contains { $0.isContinuation })
    }
}
