import BuildScan
import Foundation
import FuzzSupport

/// The Mach-O reader (`MachOFile`: universal and thin headers, load commands, sections, dylibs) and the pin search
/// over its bytes (`MachOPins`). Invariants beyond "no crash":
/// - every architecture lies inside the file, and no two overlap; every section lies inside its architecture;
/// - every pin found is `sha256/` and 44 characters, its offset inside its architecture, and the bytes there are
///   the literal (with or without the prefix);
/// - an error names the entry it was given, and its text carries no raw control or bidi scalar.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMachO(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    Invariant.currentInput = Data(bytes)
    defer { Invariant.currentInput = nil }
    var limits = ScanLimits()
    limits.machOLoadCommands = 4_096
    do {
        let file = try MachOFile(bytes, entry: "Payload/A.app/A", limits: limits)
        let ranges = file.architectures.map(\.range).sorted { $0.lowerBound < $1.lowerBound }
        for (first, second) in zip(ranges, ranges.dropFirst()) {
            Invariant.check(first.upperBound <= second.lowerBound, "two architectures overlap")
        }
        for architecture in file.architectures {
            Invariant.check(architecture.range.upperBound <= count, "an architecture past the file")
            for section in architecture.sections {
                Invariant.check(
                    section.range.lowerBound >= architecture.range.lowerBound
                        && section.range.upperBound <= architecture.range.upperBound,
                    "a section outside its architecture")
            }
        }
        for finding in MachOPins.findings(file) where finding.kind == .pin {
            let offset = finding.location.offset ?? -1
            Invariant.check(finding.value.hasPrefix("sha256/") && finding.value.utf8.count == 51, "not a pin")
            Invariant.check(
                file.architectures.contains { $0.range.contains(offset) }, "a pin outside every architecture")
            let literal = Array(finding.value.utf8)
            let bare = Array(literal.dropFirst(7))
            let matches =
                (offset + literal.count <= count && Array(bytes[offset..<offset + literal.count]) == literal)
                || (offset + bare.count <= count && Array(bytes[offset..<offset + bare.count]) == bare)
            Invariant.check(matches, "a pin whose bytes are not at its offset")
        }
    } catch {
        Invariant.check(
            error.entry == "Payload/A.app/A", "the error names another entry: \(visible(error.description))")
        Invariant.check(
            UnsafeScalars.first(in: error.description) == nil,
            "the error's text carries an unsafe scalar: \(visible(error.description))")
    }
    return 0
}
