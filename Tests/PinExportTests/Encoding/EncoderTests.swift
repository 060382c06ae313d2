import Foundation
import PinExport
import PinningCore
import TestSupport
import Testing

/// Each encoder on the inputs that break its language, with the exact text expected.
@Suite("encoders, one per output language")
struct EncoderTests {
    @Test("terminal text: one line, readable escapes, idempotent")
    func terminal() {
        #expect(
            TerminalSafeText.sanitize("a\nb\r\t\0\u{1B}[2J\u{202E}\u{2028}\u{85}")
                == #"a\nb\r\t\0\u{1B}[2J\u{202E}\u{2028}\u{85}"#)
        let once = TerminalSafeText.sanitize("x\n\u{7}y")
        #expect(TerminalSafeText.sanitize(once) == once)
        #expect(TerminalSafeText.sanitize("Zürich 中 😀 \\n") == "Zürich 中 😀 \\n")
        // Invisible characters that hide text (tag characters spell words unseen): every format character (Cf),
        // the joiner inside an emoji too.
        #expect(
            TerminalSafeText.sanitize("a\u{FEFF}\u{200B}\u{2060}\u{E0065}\u{E0076}👨\u{200D}👩")
                == #"a\u{FEFF}\u{200B}\u{2060}\u{E0065}\u{E0076}👨\u{200D}👩"#)
    }

    @Test("Kotlin: templates, quotes and controls escaped; printable ASCII only; comments stay one line")
    func kotlin() {
        #expect(KotlinEncoding.stringLiteral("b$(touch${IFS}X)") == #""b\$(touch\${IFS}X)""#)
        #expect(KotlinEncoding.stringLiteral("\"\\\n\u{1B}é😀") == #""\"\\\n\u001B\u00E9\uD83D\uDE00""#)
        #expect(
            KotlinEncoding.lineComment("a\n.add(\"x\")\u{2028}\u{85}\u{202E}") == #"a\n.add("x")\u{2028}\u{85}\u{202E}"#
        )
    }

    @Test("XML: markup escaped, controls as references, what XML cannot carry made visible, comments unbreakable")
    func xml() {
        #expect(XMLEncoding.text("a<b>&]]>\n\u{85}") == "a&lt;b&gt;&amp;]]&gt;&#xA;&#x85;")
        #expect(XMLEncoding.attributeValue("\"'\t") == "&quot;&apos;&#x9;")
        #expect(XMLEncoding.text("a\u{1}b\u{FFFE}") == #"a\u{1}b\u{FFFE}"#)
        #expect(!XMLEncoding.canCarry("a\u{1}") && XMLEncoding.canCarry("a\n\u{202E}"))
        #expect(XMLEncoding.comment("a--b---c-") == "a- -b- - -c- ")
        #expect(XMLEncoding.comment("-->\n<x>") == #"- ->\n<x>"#)
        // A hyphen inside a grapheme cluster (before a combining U+0301) is still a hyphen; a prepended U+0600 is a
        // format character, made visible, so the hyphens after it stay apart too.
        #expect(XMLEncoding.comment("x\u{600}--><pin>") == #"x\u{600}- -><pin>"#)
        #expect(XMLEncoding.comment("<!--\u{301}") == "<!- -\u{301}")
        #expect(XMLEncoding.comment("a-\u{301}") == "a-\u{301}")
        #expect(XMLEncoding.comment("a\u{600}-") == #"a\u{600}- "#)
    }

    @Test("property lists: the same layout as Foundation, strings escaped, altered strings reported")
    func propertyList() throws {
        let rendering = PropertyListEncoding.render(
            .dictionary(["b": .array([.string("x\u{1}<")]), "a": .bool(true), "c": .array([])]))
        #expect(
            rendering.text == """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                \t<key>a</key>
                \t<true/>
                \t<key>b</key>
                \t<array>
                \t\t<string>x\\u{1}&lt;</string>
                \t</array>
                \t<key>c</key>
                \t<array/>
                </dict>
                </plist>

                """)
        #expect(rendering.altered == ["x\u{1}<"])
    }

    @Test("HTTP quoted-string: quotes and backslashes as pairs; controls and non-ASCII refused")
    func httpHeader() {
        #expect(HTTPHeaderEncoding.quotedString(#"a"b\c"#) == #""a\"b\\c""#)
        #expect(HTTPHeaderEncoding.quotedString("a\r\nX-Evil: 1") == nil)
        #expect(HTTPHeaderEncoding.quotedString("é") == nil)
    }

    @Test("JSON: bidi controls, C1, DEL and line separators as \\uXXXX")
    func json() {
        #expect(
            JSONEncoding.string("\u{202E}\u{2028}\u{85}\u{7F}\u{1}\n\"\\é")
                == #""\u202e\u2028\u0085\u007f\u0001\n\"\\é""#)
        #expect(JSONEncoding.string("\u{FEFF}\u{E0065}") == #""\ufeff\udb40\udc65""#)
    }

    @Test("shell words: bash reads back exactly the value for hostile text; controls are refused")
    func shellWords() async throws {
        var random = HostileText(seed: 7)
        let values = (0..<300).map { _ in random.text() } + ["", "'", "''", "a b", "$(touch X)", "~", "*", "-n"]
        let carried = values.filter { !TextHazards.containsHazard($0) }
        #expect(carried.count > 100, "most of the hostile texts are carried")
        for value in values where TextHazards.containsHazard(value) { #expect(ShellEncoding.word(value) == nil) }
        #expect(ShellEncoding.word("api.example.com") == "api.example.com")
        #expect(ShellEncoding.word("it's") == #"'it'\''s'"#)
        let folder = TemporaryFolder()
        let script = carried.map { "printf '%s\\0' \(ShellEncoding.word($0)!)" }.joined(separator: "\n")
        let result = try await OffPoolThread.run {
            try ProcessRunner.run("/bin/bash", ["-c", script], currentDirectory: folder.url).checked()
        }
        let words = result.stdout.split(separator: 0, omittingEmptySubsequences: false).dropLast()
        #expect(words.map { String(decoding: $0, as: UTF8.self) } == carried)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    }
}
