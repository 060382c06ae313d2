import Testing

@testable import Workbench

@Suite struct KeyMapTests {
    let keyMap = KeyMap.standard

    @Test func noKeyIsBoundTwiceInOneContext() {
        var seen: Set<String> = []
        for binding in keyMap.bindings {
            #expect(
                seen.insert("\(binding.context) \(binding.key)").inserted, "\(binding.key) twice in \(binding.context)")
        }
    }

    @Test func everyCommandHasAKey() {
        let bound = Set(keyMap.bindings.map(\.command))
        #expect(Set(Command.allCases).subtracting(bound).isEmpty)
    }

    @Test func designKeysAreAllBound() {
        let keys: [Key] = [
            .character("?"), .tab, .backTab, .character("1"), .character("2"), .character("3"), .up, .down,
            .character("j"), .character("k"), .character("g"), .character("G"), .character("/"), .enter,
            .character("r"), .character("R"), .character("p"), .character("P"), .character("b"), .character("u"),
            .character("a"), .character("d"), .character("m"), .character("w"), .character("t"), .escape,
            .character("q"), .character("z"), .control("z"),
        ]
        for key in keys {
            let somewhere = PaneID.allCases.contains { keyMap.command(for: key, focus: $0) != nil }
            #expect(somewhere, "\(key) does nothing anywhere")
        }
    }

    @Test func paneBindingsWinOverGlobalOnesAndStayInTheirPane() {
        #expect(keyMap.command(for: .character("r"), focus: .domains) == .refresh)
        #expect(keyMap.command(for: .character("p"), focus: .chain) == .pinKey)
        #expect(keyMap.command(for: .character("P"), focus: .certificate) == .pinCertificate)
        #expect(keyMap.command(for: .character("p"), focus: .domains) == nil)
        #expect(keyMap.command(for: .character("d"), focus: .chain) == nil)
        #expect(keyMap.command(for: .character("q"), focus: .certificate) == .quit)
        #expect(keyMap.command(for: .character("x"), focus: .domains) == nil)
        let custom = KeyMap(bindings: [
            KeyBinding(.character("x"), .global, .quit, "g"), KeyBinding(.character("x"), .chain, .unpin, "c"),
        ])
        #expect(custom.command(for: .character("x"), focus: .chain) == .unpin)
        #expect(custom.command(for: .character("x"), focus: .domains) == .quit)
    }

    @Test func helpListsEveryBindingOnce() {
        let sections = keyMap.helpSections()
        #expect(sections.map(\.context) == [.global, .domains, .chain, .certificate, .dialog, .reload])
        for binding in keyMap.bindings {
            let section = sections.first { $0.context == binding.context }!
            let entries = section.entries.filter { $0.keys.contains(binding.key) }
            #expect(entries.count == 1 && entries[0].command == binding.command)
        }
        let moveUp = sections[0].entries.first { $0.command == .moveUp }!
        #expect(moveUp.keyLabel == "↑ k")
    }

    @Test func helpIsGeneratedFromTheTable() {
        let trimmed = KeyMap(bindings: [KeyBinding(.character("q"), .global, .quit, "leave")])
        #expect(HelpOverlay.lines(keyMap: trimmed).map(\.text) == ["Everywhere", "  q  leave"])
        assertSnapshot(HelpOverlay.lines(keyMap: keyMap).map(\.text).joined(separator: "\n"))
    }

    @Test func helpOverlayGolden() {
        var frame = Frame(size: Size(width: 80, height: 24))
        HelpOverlay.draw(into: &frame, keyMap: keyMap)
        assertSnapshot(frame.text)
    }

    @Test func keysFromScalars() {
        #expect(Key.from(scalar: "\u{1B}") == .escape)
        #expect(Key.from(scalar: "\r") == .enter)
        #expect(Key.from(scalar: "\t") == .tab)
        #expect(Key.from(scalar: "\u{1A}") == .control("z"))
        #expect(Key.from(scalar: "\u{7F}") == .backspace)
        #expect(Key.from(scalar: "é") == .character("é"))
        #expect(Key.control("z").description == "C-z")
    }
}
