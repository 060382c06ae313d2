import Foundation
import PinningCore
import Testing

/// Invisible format characters (Unicode category Cf) as a class: escaped by the terminal encoder and by JSON, whose
/// output stays valid and reads back as the same text.
@Suite("format characters are hazards")
struct FormatCharacterTests {
    /// Every assigned format character, from the standard library's Unicode tables.
    static let formatCharacters: [Unicode.Scalar] = (0...0x10FFFF).compactMap { value in
        guard let scalar = Unicode.Scalar(UInt32(value)), scalar.properties.generalCategory == .format else {
            return nil
        }
        return scalar
    }

    @Test("every Cf scalar, the bidirectional controls and the five named ones are hazards")
    func wholeClass() {
        #expect(Self.formatCharacters.count > 150, "the table has the category: \(Self.formatCharacters.count)")
        for scalar in Self.formatCharacters {
            #expect(TextHazards.isHazard(scalar), "U+\(String(scalar.value, radix: 16, uppercase: true))")
        }
        let named: [Unicode.Scalar] = [
            "\u{200C}", "\u{200D}", "\u{AD}", "\u{180E}", "\u{FFF9}", "\u{61C}", "\u{200E}", "\u{202E}", "\u{2069}",
        ]
        for scalar in named { #expect(TextHazards.isHazard(scalar)) }
        // Visible text stays as it is.
        for text in ["Zürich", "中文", "😀", "a-b", "\u{301}", " "] {
            #expect(!TextHazards.containsHazard(text), "\(text)")
        }
    }

    @Test("the terminal encoder shows them; JSON escapes them and reads back the same text")
    func encoders() throws {
        let text = "a\u{200C}b\u{200D}c\u{AD}d\u{180E}e\u{FFF9}f"
        #expect(TerminalSafeText.sanitize(text) == #"a\u{200C}b\u{200D}c\u{AD}d\u{180E}e\u{FFF9}f"#)
        let literal = JSONEncoding.string(text)
        #expect(literal == #""a\u200cb\u200dc\u00add\u180ee\ufff9f""#)
        let decoded = try JSONSerialization.jsonObject(with: Data(literal.utf8), options: .fragmentsAllowed)
        #expect(decoded as? String == text)
        for scalar in Self.formatCharacters {
            let encoded = JSONEncoding.string("x" + String(scalar))
            #expect(!encoded.unicodeScalars.contains(scalar))
            let back = try JSONSerialization.jsonObject(with: Data(encoded.utf8), options: .fragmentsAllowed)
            #expect(back as? String == "x" + String(scalar))
        }
    }
}
