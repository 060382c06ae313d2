import Foundation
import PinningCore
import TestSupport
import Testing

/// The Public Suffix List compiled into the core (`PublicSuffixList+CompiledIn.swift`) against the one Debian's
/// `publicsuffix` package installs, which `.ci/run` installs: they must not drift apart unnoticed, so that lint and
/// the validator here judge wildcards as the shipped core does.
@Suite("public suffix table: the compiled-in list is the installed one")
struct PublicSuffixTableTests {
    static let regenerate = "regenerate it: scripts/generate-public-suffix-table.py (then commit the Swift file)"
    static let installed = FileManager.default.fileExists(atPath: PublicSuffixList.debianPath)
    static let generator = PythonInterpreter.packageRoot.appendingPathComponent(
        "scripts/generate-public-suffix-table.py")

    @Test(
        "every rule and section of the installed list, and no other, is compiled in",
        .enabled(if: installed, "needs Debian's publicsuffix package (apt-get install publicsuffix), as .ci/run does"))
    func sameRules() throws {
        let installed = try PublicSuffixList.load(path: PublicSuffixList.debianPath).get()
        let compiled = PublicSuffixList.compiledIn
        let drift =
            "the compiled-in list (\(compiled.ruleCount) rules) differs from \(PublicSuffixList.debianPath) "
            + "(\(installed.ruleCount) rules): \(Self.regenerate)"
        // Compared as a Bool: a failure names the fix, not ten thousand rules.
        let same = compiled.everyRule.elementsEqual(installed.everyRule) { $0.name == $1.name && $0.kind == $1.kind }
        #expect(same, Comment(rawValue: drift))
        #expect(compiled.ruleCount == installed.ruleCount)
        #expect(compiled.ruleCount == PublicSuffixList.compiledInSource.ruleCount)
    }

    @Test(
        "the compiled-in table answers every name near a rule as the parsed list does",
        .enabled(if: installed, "needs Debian's publicsuffix package (apt-get install publicsuffix), as .ci/run does"))
    func sameAnswers() throws {
        let installed = try PublicSuffixList.load(path: PublicSuffixList.debianPath).get()
        let compiled = PublicSuffixList.compiledIn
        var names: Set<String> = ["com", "example.com", "a.b.example.co.uk", "localhost", "zz", "~", "0", "zzzz.zzzz"]
        for rule in installed.everyRule {
            names.insert(rule.name)
            names.insert("x." + rule.name)
            names.insert("www." + rule.name)
            names.insert("a.b." + rule.name)
            if let dot = rule.name.firstIndex(of: ".") {
                names.insert(String(rule.name[rule.name.index(after: dot)...]))
            }
            // A name one byte either side of the rule in the table's order, where a binary search slips.
            names.insert(rule.name + "a")
            names.insert(String(rule.name.dropLast()))
        }
        var differing: [String] = []
        for name in names.sorted() where !name.isEmpty {
            if compiled.publicSuffixSection(of: name) != installed.publicSuffixSection(of: name) {
                differing.append(name)
            }
        }
        #expect(names.count > 40_000)
        #expect(differing.isEmpty, "the table and the parsed list disagree on \(differing.prefix(10))")
        // Known answers, so that two lists wrong the same way still fail.
        #expect(compiled.publicSuffixSection(of: "co.uk") == .icann)
        #expect(compiled.publicSuffixSection(of: "github.io") == .private)
        #expect(compiled.publicSuffixSection(of: "anything.ck") == .icann)
        #expect(compiled.publicSuffixSection(of: "www.ck") == nil)
        #expect(compiled.publicSuffixSection(of: "example.com") == nil)
        #expect(compiled.publicSuffixSection(of: "COM.") == .icann)
    }

    @Test(
        "the recorded SHA-256 and package version are the installed file's",
        .enabled(if: installed, "needs Debian's publicsuffix package (apt-get install publicsuffix), as .ci/run does"))
    func sameSource() throws {
        let digest = try ProcessRunner.run("/usr/bin/env", ["sha256sum", PublicSuffixList.debianPath]).checked()
        let sha256 = String(digest.stdoutText.prefix { $0 != " " })
        let source = PublicSuffixList.compiledInSource
        #expect(sha256 == source.sha256, "\(PublicSuffixList.debianPath) changed: \(Self.regenerate)")
        let version = try ProcessRunner.run("/usr/bin/env", ["dpkg-query", "-W", "-f=${Version}", "publicsuffix"])
        #expect(version.status == 0, "dpkg-query cannot name the package's version: \(version.stderrText)")
        #expect(
            version.stdoutText == source.packageVersion, "publicsuffix is now \(version.stdoutText): \(Self.regenerate)"
        )
        // The whole file as the generator writes it from the installed list today.
        let folder = TemporaryFolder()
        let regenerated = try ProcessRunner.run(
            "/usr/bin/env", ["python3", Self.generator.path, "--output", folder.path("Table.swift")])
        #expect(regenerated.status == 0, "\(regenerated.stderrText)")
        let committed = try String(
            contentsOf: PythonInterpreter.packageRoot.appendingPathComponent(
                "Sources/PinningCore/Hosts/PublicSuffixList+CompiledIn.swift"), encoding: .utf8)
        // Compared as a Bool: a failure names the fix, not the 150 kB file.
        let same = folder.read("Table.swift") == committed
        #expect(same, "the generated file differs: \(Self.regenerate)")
    }

    @Test("the generator writes a list's rules and sections, and refuses a list it cannot read (exit 2)")
    func generatorWritesRules() throws {
        let folder = TemporaryFolder()
        let script = Self.generator
        let list = folder.write(
            "list.dat",
            "// ===BEGIN ICANN DOMAINS===\ncom\n*.ck\n!www.ck\n公司.cn\n// ===BEGIN PRIVATE DOMAINS===\ngithub.io\n")
        let output = folder.path("Table.swift")
        let result = try ProcessRunner.run(
            "/usr/bin/env", ["python3", script.path, "--list", list, "--output", output])
        #expect(result.status == 0, "\(result.stderrText)")
        let written = try #require(folder.read("Table.swift"))
        #expect(written.contains("ruleCount: 5)"))
        // Sorted by bytes, A-labels, each with its kind: wildcard (I), rule by section (i, p), exception (!).
        #expect(written.contains("    ck I\n    com i\n    github.io p\n    www.ck !\n    xn--55qx5d.cn i\n"))
        let bad = try ProcessRunner.run(
            "/usr/bin/env", ["python3", script.path, "--list", folder.path("missing.dat"), "--output", output])
        #expect(bad.status == 2)
        #expect(bad.stderrText.contains("cannot read"))
    }
}
