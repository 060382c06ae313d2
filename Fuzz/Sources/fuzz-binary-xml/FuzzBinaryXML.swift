import BuildScan
import Foundation
import FuzzSupport

/// The binary XML reader (`BinaryXML.parse`, what reads AndroidManifest.xml and the network security config) and
/// the resource table reader on the same bytes. Invariants beyond "no crash":
/// - parsing is deterministic;
/// - a tree stays within the bounds: nesting depth at most `xmlDepth`, elements at most `xmlNodes`;
/// - an error names the entry it was given, and its text carries no raw control or bidi scalar.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBinaryXML(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    Invariant.currentInput = Data(bytes)
    defer { Invariant.currentInput = nil }
    var limits = ScanLimits()
    limits.xmlDepth = 16
    limits.xmlNodes = 2_000
    let first = Result { () throws(ScanError) in try BinaryXML.parse(bytes, entry: "fuzz.xml", limits: limits) }
    let second = Result { () throws(ScanError) in try BinaryXML.parse(bytes, entry: "fuzz.xml", limits: limits) }
    Invariant.check(first == second, "parsing the same bytes twice gave different results")
    switch first {
    case .success(let root):
        Invariant.check(depth(root) <= limits.xmlDepth, "a tree deeper than the bound")
        Invariant.check(size(root) <= limits.xmlNodes, "more elements than the bound")
    case .failure(let error):
        check(error)
    }
    if case .failure(let error) = Result(catching: { () throws(ScanError) in
        _ = try ResourceTable(bytes, entry: "fuzz.xml", limits: limits)
    }) {
        check(error)
    }
    return 0
}

private func check(_ error: ScanError) {
    Invariant.check(error.entry == "fuzz.xml", "the error names another entry: \(visible(error.description))")
    Invariant.check(
        UnsafeScalars.first(in: error.description) == nil,
        "the error's text carries an unsafe scalar: \(visible(error.description))")
}

private func depth(_ element: BinaryXMLElement) -> Int { 1 + (element.children.map(depth).max() ?? 0) }
private func size(_ element: BinaryXMLElement) -> Int { 1 + element.children.map(size).reduce(0, +) }

extension Result where Failure == ScanError, Success: Equatable {
    fileprivate static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.success(let a), .success(let b)): a == b
        case (.failure(let a), .failure(let b)): a == b && a.reason == b.reason
        default: false
        }
    }
}
