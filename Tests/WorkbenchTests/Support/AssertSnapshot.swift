import Foundation
import Testing

@testable import Workbench

/// Compares `actual` with a golden file stored beside the tests, in `Snapshots/<TestFile>.<test>[.<name>].txt`.
///
/// Modelled on swift-argument-parser's TestHelpers: no dependencies. The golden is (re)written when
/// `PINBENCH_RECORD_SNAPSHOTS` is set, or when it is missing outside CI (with `CI` set a missing golden fails, so a
/// forgotten file cannot pass silently). On a mismatch the failure shows a line diff.
func assertSnapshot(
    _ actual: String, named name: String? = nil, filePath: String = #filePath, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let testFile = URL(fileURLWithPath: filePath)
    let directory = testFile.deletingLastPathComponent().appendingPathComponent("Snapshots")
    let testName = function.split(separator: "(").first.map(String.init) ?? function
    var fileName = testFile.deletingPathExtension().lastPathComponent + "." + testName
    if let name { fileName += "." + name }
    let golden = directory.appendingPathComponent(fileName + ".txt")
    let environment = ProcessInfo.processInfo.environment
    let record = environment["PINBENCH_RECORD_SNAPSHOTS"] != nil
    let existing = try? String(contentsOf: golden, encoding: .utf8)

    if record || existing == nil {
        if existing == nil, environment["CI"] != nil, !record {
            Issue.record("missing golden \(golden.path)", sourceLocation: sourceLocation)
            return
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try (actual + "\n").write(to: golden, atomically: true, encoding: .utf8)
            print("recorded snapshot \(golden.lastPathComponent)")
        } catch {
            Issue.record("cannot write golden \(golden.path): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    let expected = String(existing!.dropLast(existing!.hasSuffix("\n") ? 1 : 0))
    guard expected != actual else { return }
    let message =
        "snapshot \(golden.lastPathComponent) differs (re-record with PINBENCH_RECORD_SNAPSHOTS=1):\n"
        + lineDiff(expected: expected, actual: actual)
    Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
}

/// A minimal diff: every differing line as `-expected` / `+actual`, with its line number.
func lineDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for i in 0..<max(old.count, new.count) {
        let a = i < old.count ? String(old[i]) : nil
        let b = i < new.count ? String(new[i]) : nil
        guard a != b else { continue }
        if let a { out.append(String(format: "%4d -", i + 1) + "|" + a + "|") }
        if let b { out.append(String(format: "%4d +", i + 1) + "|" + b + "|") }
    }
    return out.joined(separator: "\n")
}

/// A frame's three goldens: its text, its style roles, and its attributes in mono mode (what `NO_COLOR` shows).
func assertFrameSnapshots(
    _ frame: Frame, named name: String, filePath: String = #filePath, function: String = #function,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertSnapshot(frame.text, named: name, filePath: filePath, function: function, sourceLocation: sourceLocation)
    assertSnapshot(
        frame.roleMap(), named: name + ".roles", filePath: filePath, function: function, sourceLocation: sourceLocation)
    let mono = frame.attributeMap(theme: ThemeCatalog.shipped.defaultTheme, mode: .mono)
    assertSnapshot(mono, named: name + ".mono", filePath: filePath, function: function, sourceLocation: sourceLocation)
}
