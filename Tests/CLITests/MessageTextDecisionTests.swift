import Foundation
import Testing

/// No code decides on the words of a message: outcomes are typed values (a kind, a code, a case), and their text is
/// made only where it is shown. A search through a message's text breaks silently the day the sentence is reworded,
/// so this scans every Swift file under Sources for the shapes such a search takes, with a short allowlist, each
/// entry with its reason.
struct MessageTextDecisionTests {
    /// A name that holds words meant for people: `message`, `reason`, `failureReason`, `details`, `statement`, ...
    static let wordsName =
        #"\b[A-Za-z_]*(?:[mM]essage|[dD]escription|[rR]eason|[dD]etail|[sS]tatement|[sS]ummary|[fF]inding|"#
        + #"[eE]xplanation|[cC]onsequence|[pP]roblem)s?\??"#
    static let search = #"\.(?:contains|hasPrefix|hasSuffix|range|firstRange|starts)\((?:of: |with: )?"#

    /// The shapes of a decision on message text, by name, as patterns (compiled once per test by ``compiled()``).
    static let rules: [(name: String, pattern: String)] = [
        // message.contains("refused"), reason.lowercased().hasPrefix("timed out")
        ("searches words for a literal", wordsName + #"(?:\.(?:lowercased|uppercased)\(\))?"# + search + "\""),
        // statement.lowercased().contains(label)
        ("searches words case-insensitively", wordsName + #"\.(?:lowercased|uppercased)\(\)"# + search),
        // reasons.contains { $0.contains("not valid before") }
        (
            "searches a list of words",
            wordsName + #"\.(?:contains|first|filter|allSatisfy|firstIndex|lastIndex|last)"#
                + #"\s*(?:\((?:where|while): *)?\{\s*\$0(?:\.(?:lowercased|uppercased)\(\))?"# + search
        ),
        // "\(error)".contains("timeout"), error.localizedDescription.hasPrefix(...)
        (
            "searches an error's text",
            #"(?:"\\\([^"]*\)"|localizedDescription|String\(describing: [^)]*\))(?:\.lowercased\(\))?"# + search
        ),
        // failure.reason == "connection refused"
        ("compares words with a literal", wordsName + #"\s*[=!]=\s*""#),
    ]

    struct Rules {
        let compiled: [(name: String, regex: NSRegularExpression)]

        init() throws {
            compiled = try MessageTextDecisionTests.rules.map {
                ($0.name, try NSRegularExpression(pattern: $0.pattern))
            }
        }

        /// The names of the rules `line` breaks; none for a comment line.
        func broken(by line: String) -> [String] {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("//") { return [] }
            let range = NSRange(code.startIndex..., in: code)
            return compiled.filter { $0.regex.firstMatch(in: code, range: range) != nil }.map(\.name)
        }
    }

    struct Allowance {
        let file: String
        let code: String
        let why: String
    }

    /// Lines allowed to search message text, and why. An entry whose line is gone fails the scan: delete it then.
    static let allowlist = [
        Allowance(
            file: "Sources/pinbench/Support/CommandRunner.swift", code: #"message.hasPrefix("Error: ")"#,
            why: "swift-argument-parser gives its usage errors only as text; its own prefix is dropped for display, "
                + "nothing is decided on it"),
        Allowance(
            file: "Sources/Workbench/View/VerdictLine.swift",
            code: "verdict.statement.lowercased().contains(verdict.label.lowercased())",
            why: "display only: the outcome label is not repeated when the statement says it; no verdict depends on it"),
    ]

    @Test("the rules catch each shape of a search through message text, and leave other searches alone")
    func rulesCatchTheirShapes() throws {
        let rules = try Rules()
        let caught = [
            #"if failure.message.contains("refused") {"#,
            #"guard !reason.lowercased().hasPrefix("timed out") else"#,
            #"let expired = reasons.contains { $0.contains("not valid before") }"#,
            #"if details.first(where: { $0.hasSuffix("revoked") }) != nil"#,
            #"if "\(error)".contains("timeout") {"#,
            #"if error.localizedDescription.hasPrefix("The operation") {"#,
            #"let said = statement.lowercased().contains(label.lowercased())"#,
            #"if outcome.description == "nothing changed" {"#,
            #"if failureReason?.contains("alert") == true {"#,
        ]
        for line in caught { #expect(!rules.broken(by: line).isEmpty, "not caught: \(line)") }
        let allowed = [
            #"if host.hasPrefix("[") {"#,
            #"guard parts[0].hasPrefix("HTTP/1.") else"#,
            #"for failure in failures where !reasons.contains(failure.policyFailureReason.description) {"#,
            #"if findings.contains(where: { $0.severity == .error }) {"#,
            #"// message.contains("refused") in a comment"#,
            #"return .failure(FetchFailure(.undecodableChain, detail: "\(error)"))"#,
        ]
        for line in allowed { #expect(rules.broken(by: line).isEmpty, "caught: \(line)") }
    }

    @Test("no source decides on the text of a message, beyond the allowlist")
    func noDecisionOnMessageText() throws {
        let rules = try Rules()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let sources = root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 300)
        var found: [String] = []
        var used = Set<String>()
        for file in files {
            let path = String(file.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            let text = try String(contentsOf: file, encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let broken = rules.broken(by: String(line))
                guard !broken.isEmpty else { continue }
                if let allowance = Self.allowlist.first(where: { $0.file == path && line.contains($0.code) }) {
                    used.insert(allowance.file + allowance.code)
                    continue
                }
                found.append("\(path):\(index + 1): \(broken.joined(separator: ", ")): \(line)")
            }
        }
        #expect(found.isEmpty, "decide on a typed value instead:\n\(found.joined(separator: "\n"))")
        let stale = Self.allowlist.filter { !used.contains($0.file + $0.code) }.map { "\($0.file): \($0.code)" }
        #expect(stale.isEmpty, "allowlisted lines that are gone (delete their entries): \(stale)")
    }
}
