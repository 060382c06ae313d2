/// The tests' own statement of the visible-escape rule, written apart from the code under test: what a reader
/// should see where an output cannot carry a character as itself.
enum SpecEscapes {
    static func isHazard(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || [0x2028, 0x2029].contains(value)
            // Every format character (Unicode category Cf): bidirectional controls, zero width characters, the soft
            // hyphen, the BOM, interlinear annotations, tag characters; the whole tag block, assigned or not.
            || scalar.properties.generalCategory == .format || (0xE0000...0xE007F).contains(value)
    }

    static func isXMLCharacter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value == 0x9 || value == 0xA || value == 0xD || (0x20...0xD7FF).contains(value)
            || (0xE000...0xFFFD).contains(value) || value >= 0x10000
    }

    static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return #"\n"#
        case "\r": return #"\r"#
        case "\t": return #"\t"#
        case "\0": return #"\0"#
        default: return #"\u{"# + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }

    /// Every hazard shown as its escape.
    static func visible(_ text: String) -> String { replacing(text, where: isHazard) }

    /// What XML 1.0 can carry of `text`: the characters it has no way to write shown as escapes.
    static func xmlCarried(_ text: String) -> String { replacing(text) { !isXMLCharacter($0) } }

    /// Scalars in `text` that are hazards, except those in `allowed`.
    static func rawHazards(_ text: String, allowing allowed: Set<Unicode.Scalar> = ["\n"]) -> [String] {
        text.unicodeScalars.filter { isHazard($0) && !allowed.contains($0) }.map { escape($0) }
    }

    private static func replacing(_ text: String, where predicate: (Unicode.Scalar) -> Bool) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if predicate(scalar) { result += escape(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
