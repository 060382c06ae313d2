import Foundation
import FuzzSupport
import PinningCore

/// The terminal sanitizer. The input bytes are read two ways (as UTF-8, and as little-endian 21-bit scalars, so
/// the fuzzer reaches C1 and bidi scalars without having to find their UTF-8 encodings). Invariants:
/// - the output has no C0, DEL, C1 or bidi scalar (the list is written out in FuzzSupport, not taken from the
///   code under test), and `isUnsafe` says so for every such scalar;
/// - text with none of them passes unchanged;
/// - every safe scalar of the input appears in the output, in order (nothing is dropped or reordered);
/// - sanitizing twice changes nothing more.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTerminalText(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    Invariant.currentInput = Data(bytes)
    defer { Invariant.currentInput = nil }
    check(String(decoding: bytes, as: UTF8.self))
    check(scalarsText(bytes))
    return 0
}

private func check(_ input: String) {
    let output = TerminalSafeText.sanitize(input)
    if let bad = output.unicodeScalars.first(where: UnsafeScalars.isControlOrBidi) {
        Invariant.fail("output carries raw \(visible(String(bad))): \(visible(output))")
    }
    for scalar in input.unicodeScalars where UnsafeScalars.isControlOrBidi(scalar) {
        Invariant.check(TerminalSafeText.isUnsafe(scalar), "isUnsafe misses \(visible(String(scalar)))")
    }
    if !input.unicodeScalars.contains(where: TerminalSafeText.isUnsafe) {
        Invariant.check(output == input, "safe text changed: \(visible(input)) -> \(visible(output))")
    }
    var remaining = output.unicodeScalars[...]
    for scalar in input.unicodeScalars where !TerminalSafeText.isUnsafe(scalar) {
        guard let found = remaining.firstIndex(of: scalar) else {
            Invariant.fail("safe scalar \(visible(String(scalar))) lost: \(visible(input)) -> \(visible(output))")
            return
        }
        remaining = remaining[remaining.index(after: found)...]
    }
    Invariant.check(TerminalSafeText.sanitize(output) == output, "not idempotent: \(visible(output))")
    Invariant.check(input.terminalSafe == output, "String.terminalSafe differs from sanitize")
}

/// Three bytes per scalar, little-endian, folded into the Unicode scalar range (surrogates become U+FFFD).
private func scalarsText(_ bytes: [UInt8]) -> String {
    var text = String.UnicodeScalarView()
    var index = 0
    while index + 3 <= bytes.count {
        let value = (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16) % 0x110000
        text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        index += 3
    }
    return String(text)
}
