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
        #expect(compiled == installed, Comment(rawValue: drift))
        #expect(compiled.ruleCount == PublicSuffixList.compiledInSource.ruleCount)
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
        #expect(
            written.contains("    *.ck\n    !www.ck\n    公司.cn\n    // ===BEGIN PRIVATE DOMAINS===\n    github.io\n"))
        let bad = try ProcessRunner.run(
            "/usr/bin/env", ["python3", script.path, "--list", folder.path("missing.dat"), "--output", output])
        #expect(bad.status == 2)
        #expect(bad.stderrText.contains("cannot read"))
    }
}
