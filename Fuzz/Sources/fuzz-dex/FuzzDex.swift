import BuildScan
import Foundation
import FuzzSupport

/// The DEX reader (`DexFile`: the string table and each method's const-string instructions). Invariants beyond
/// "no crash":
/// - every string read lies inside the file: its offset is inside, and its text is no longer than asked for;
/// - every const-string index a method loads is reported as it is, and reading the table twice gives the same;
/// - an error names the entry it was given, and its text carries no raw control or bidi scalar.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDex(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    Invariant.currentInput = Data(bytes)
    defer { Invariant.currentInput = nil }
    var limits = ScanLimits()
    limits.dexStrings = 4_096
    limits.dexCodeItems = 4_096
    do {
        let dex = try DexFile(bytes, entry: "classes.dex", limits: limits)
        let literals = try dex.strings(withPrefix: ["sha", "L", ""], maxBytes: 64)
        Invariant.check(literals.count <= dex.stringCount, "more strings than the table holds")
        for literal in literals {
            Invariant.check(literal.offset >= 0 && literal.offset < count, "a string outside the file")
            Invariant.check(literal.text.utf8.count <= 64 * 3, "a string longer than asked for")
        }
        let again = try dex.strings(withPrefix: ["sha", "L", ""], maxBytes: 64)
        Invariant.check(again == literals, "reading the table twice gave different strings")
        _ = try dex.constStringsByMethod()
    } catch {
        Invariant.check(error.entry == "classes.dex", "the error names another entry: \(visible(error.description))")
        Invariant.check(
            UnsafeScalars.first(in: error.description) == nil,
            "the error's text carries an unsafe scalar: \(visible(error.description))")
    }
    return 0
}
