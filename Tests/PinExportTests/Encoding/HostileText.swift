import Foundation
import TestSupport

/// A reproducible generator of hostile text: the pieces that break each output language, mixed with random
/// characters from every Unicode plane. Seeded, so a failing case can be replayed.
struct HostileText {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// The pieces an attacker puts in a certificate name or a manifest label.
    static let pieces: [String] = [
        "\n", "\r\n", "\r", "\"", "'", "$", "${IFS}", "$x", "$(touch X)", "`touch X`", "--", "-", "---", "]]>",
        "<!--", "-->", "\\", "\\n", "\\u0041", "\u{0}", "\u{1}", "\u{8}", "\u{1B}[31m", "\u{1B}]0;PWNED\u{7}",
        "\u{202E}", "\u{2066}", "\u{2028}", "\u{2029}", "\u{85}", "\u{9B}", "\u{7F}", "\u{FFFE}", "\u{FFFF}", "&amp;",
        "&", "<", ">", "<pin>", "\t", " ", ";", "|", "*", "?", "~", "#", "%", "@", "/", "=", "é", "中", "😀",
        "\n    .add(\"evil.example\", \"sha256/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\")",
        "\r\nPublic-Key-Pins: pin-sha256=\"evil\"", "*/", "/*", "// ", "</string><key>evil</key>",
        "\u{600}-", "-\u{301}", "\u{600}-->", "<!--\u{301}", "\u{200D}", "\u{FEFF}",
    ]

    mutating func next() -> UInt64 { generator.next() }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// A random scalar: mostly ASCII, sometimes a control, sometimes from anywhere in Unicode.
    mutating func scalar() -> Unicode.Scalar {
        switch below(10) {
        case 0...4: return Unicode.Scalar(UInt8(0x20 + below(0x5F)))
        case 5: return Unicode.Scalar(UInt8(below(0x20)))
        case 6: return Unicode.Scalar(UInt32(0x7F + below(0x21)))!
        default:
            while true {
                if let scalar = Unicode.Scalar(UInt32(below(0x110000))) { return scalar }
            }
        }
    }

    /// Up to `pieces` hostile pieces and random characters, joined.
    mutating func text(pieces count: Int = 8) -> String {
        var text = ""
        for _ in 0..<below(count + 1) {
            if chance(60) {
                text += Self.pieces[below(Self.pieces.count)]
            } else {
                text.unicodeScalars.append(scalar())
            }
        }
        return text
    }

    /// A host: often a plain DNS name, else hostile text (the exports must be safe without the host validator).
    mutating func host() -> String {
        if chance(50) {
            return (0...below(3)).map { _ in String((0...below(6)).map { _ in "abcxyz019-"[below(10)] }) + "a" }
                .joined(separator: ".") + ".test"
        }
        return "h" + text(pieces: 5).replacingOccurrences(of: "\\", with: "")
    }

    /// A pin value: usually 32 bytes of base64, sometimes hostile text.
    mutating func pinValue() -> String {
        if chance(85) {
            return Data((0..<32).map { _ in UInt8(below(256)) }).base64EncodedString()
        }
        return text(pieces: 4)
    }
}

extension String {
    fileprivate subscript(_ offset: Int) -> Character { self[index(startIndex, offsetBy: offset)] }
}
