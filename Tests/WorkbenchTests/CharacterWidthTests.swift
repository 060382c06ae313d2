import Testing

@testable import Workbench

@Suite struct CharacterWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("日", 2), ("한", 2), ("✓", 1), ("✗", 1), ("●", 1), ("━", 1),
        ("🔒", 2), ("❤️", 2), ("\u{200B}", 0), ("\u{1B}", 0),
    ])
    func width(_ character: String, _ expected: Int) {
        #expect(CharacterWidth.of(Character(character)) == expected)
    }
}
