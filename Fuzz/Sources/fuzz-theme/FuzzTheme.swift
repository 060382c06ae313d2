import Foundation
import FuzzSupport
import WorkbenchThemes

/// The theme reader (`ThemeParser.parse`). Invariants beyond "no crash":
/// - parsing is deterministic, and a comment line added before or after the text changes nothing but line numbers;
/// - 256-colour values are within 0...255 (or -1 for "default");
/// - an error names the file and a line that exists, and moves down by one when a blank line is put in front.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTheme(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    Invariant.currentInput = Data(UnsafeBufferPointer(start: start, count: count))
    defer { Invariant.currentInput = nil }
    let result = parse(text)
    Invariant.check(parse(text) == result, "parsing the same text twice gave different results")
    switch result {
    case .success(let theme):
        Invariant.check(theme.name == "fuzz", "the theme lost its name")
        for (role, style) in theme.styles {
            for value in [style.foreground256, style.background256].compactMap({ $0 }) {
                Invariant.check((-1...255).contains(value), "\(role) has 256-colour value \(value)")
            }
        }
        Invariant.check(parse("# leading comment\n" + text) == result, "a leading comment line changed the theme")
        Invariant.check(parse(text + "\n# trailing comment\n") == result, "a trailing comment line changed the theme")
    case .failure(let error):
        let lines = text.unicodeScalars.filter { $0 == "\n" }.count + 1
        Invariant.check(error.file == "fuzz.toml", "error does not name the file: \(visible(error.description))")
        Invariant.check(
            (1...lines).contains(error.line), "error on line \(error.line) of \(lines): \(visible(error.description))")
        guard case .failure(let shifted) = parse("\n" + text) else {
            Invariant.fail("a blank first line made a bad theme good")
            return 0
        }
        Invariant.check(
            shifted.line == error.line + 1 && shifted.message == error.message,
            "a blank first line moved the error from \(error.line) to \(shifted.line)")
    }
    return 0
}

private func parse(_ text: String) -> Result<Theme, ThemeError> {
    Result { () throws(ThemeError) in try ThemeParser.parse(text, name: "fuzz", file: "fuzz.toml") }
}
