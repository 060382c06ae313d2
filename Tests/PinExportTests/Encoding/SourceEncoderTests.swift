import PinExport
import PinningCore
import Testing

/// The Swift and Objective-C encoders on the texts that break naive escaping.
@Suite("Swift and Objective-C source encoders")
struct SourceEncoderTests {
    @Test("Swift literals: no interpolation, no raw newline or bidi control, printable ASCII only")
    func swiftLiteral() {
        #expect(SwiftEncoding.stringLiteral(#"a\(x)"b"#) == #""a\\(x)\"b""#)
        #expect(SwiftEncoding.stringLiteral("l1\nl2\r\t\0") == #""l1\nl2\r\t\0""#)
        #expect(SwiftEncoding.stringLiteral("\u{202E}é😀") == #""\u{202E}\u{E9}\u{1F600}""#)
        #expect(SwiftEncoding.lineComment("x\ny\u{2028}") == #"x\ny\u{2028}"#)
    }

    @Test("Objective-C literals: no trigraph, UTF-8 as three-digit octal, C escapes by name")
    func objectiveCLiteral() {
        #expect(ObjectiveCEncoding.stringLiteral("??/") == #"@"\?\?/""#)
        #expect(ObjectiveCEncoding.stringLiteral("é1") == #"@"\303\2511""#, "three digits: the 1 stays a 1")
        #expect(ObjectiveCEncoding.stringLiteral("\u{85}\0\"\\\n") == #"@"\302\205\000\"\\\n""#)
    }

    @Test("Objective-C block comments cannot end early or nest")
    func objectiveCComment() {
        #expect(ObjectiveCEncoding.blockComment("a*/b/*c") == "a* /b/ *c")
        for text in ["**//**", "*/*/", "/*/", "*//*"] {
            let comment = ObjectiveCEncoding.blockComment(text)
            #expect(!comment.contains("*/") && !comment.contains("/*"), "\(text) -> \(comment)")
        }
        #expect(!ObjectiveCEncoding.blockComment("*/*/").contains("*/"))
        #expect(ObjectiveCEncoding.blockComment("line\nnext") == #"line\nnext"#)
    }
}
