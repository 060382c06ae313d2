import Foundation

/// Stops the run when a property that must hold for every input does not: libFuzzer sees the trap as a crash and
/// saves the input (`crash-<sha1>`), so a broken invariant is reported exactly like a memory error.
///
/// With `FUZZ_REPORT_ONLY=1` in the environment a broken invariant is printed (the first time at each place, then
/// at every power of two) and the run goes on: for measuring a long run while a known failure is being fixed
/// elsewhere. CI never sets it.
public enum Invariant {
    /// Reports a broken invariant unless `condition` holds; true when it held.
    @discardableResult
    public static func check(
        _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID,
        line: UInt = #line
    ) -> Bool {
        if condition() { return true }
        fail(message(), file: file, line: line)
        return false
    }

    /// Reports a broken invariant and traps (or, in report-only mode, counts it and returns).
    public static func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) {
        let place = "\(file):\(line)"
        guard reportOnly else {
            FileHandle.standardError.write(Data("\n== INVARIANT BROKEN at \(place)\n\(message)\n".utf8))
            fatalError("invariant broken: see the message above")
        }
        let count = (brokenCounts[place] ?? 0) + 1
        brokenCounts[place] = count
        if count == 1, let input = currentInput {
            // The first input that broke this invariant, for reproducing it without report-only mode.
            let name = "broken-\(file)-\(line)".map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }
            FileManager.default.createFile(atPath: String(name), contents: input)
        }
        if count & (count - 1) == 0 {
            FileHandle.standardError.write(
                Data("\n== INVARIANT BROKEN (report only, \(count) times so far) at \(place)\n\(message)\n".utf8))
        }
    }

    /// The input being checked, saved when it is the first to break an invariant in report-only mode.
    nonisolated(unsafe) public static var currentInput: Data?

    private static let reportOnly = ProcessInfo.processInfo.environment["FUZZ_REPORT_ONLY"] == "1"
    // libFuzzer calls the target on one thread.
    nonisolated(unsafe) private static var brokenCounts: [String: Int] = [:]
}

/// A readable rendering of text for failure messages: every non-printable-ASCII scalar as `\u{…}`.
public func visible(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
        if scalar.value >= 0x20 && scalar.value < 0x7F && scalar != "\\" {
            result.unicodeScalars.append(scalar)
        } else {
            result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
    return result
}
