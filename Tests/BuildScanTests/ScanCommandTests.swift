import BuildScan
import Foundation
import PinningCore
import TestSupport
import Testing

/// `pinbench scan` as a user runs it: the exit status, the text escaped, the JSON read back.
@Suite("Scan: the pinbench scan command", .enabled(if: APKBuild.toolsPresent, "needs aapt and android-framework-res"))
struct ScanCommandTests {
    @Test("a release-rule break exits 1; --json decodes to the library's report")
    func exitAndJSON() throws {
        var build = APKBuild()
        build.networkSecurityConfig = APKBuild.networkSecurityConfig(pins: [
            "7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y="
        ])
        build.files["res/raw/corp_ca.der"] = TestPKI.shared.root.der
        let apk = try build.build()
        let text = try PinBenchBinary.run(["scan", apk])
        #expect(text.status == 1)
        #expect(text.stdoutText.contains("release-only rules broken: override-pins"))
        let json = try PinBenchBinary.run(["scan", apk, "--json"])
        #expect(json.status == 1)
        let reports = try JSONDecoder().decode([ScanReport].self, from: json.stdout)
        #expect(reports == [try BuildScanner.scan(path: apk)])

        var clean = APKBuild()
        clean.networkSecurityConfig = APKBuild.networkSecurityConfig(
            pins: ["7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y="], overridePins: false)
        clean.files["res/raw/corp_ca.der"] = TestPKI.shared.root.der
        #expect(try PinBenchBinary.run(["scan", try clean.build()]).status == 0)
    }

    @Test("a hostile archive exits 2 with the entry named and escaped; text from the build is escaped")
    func hostile() throws {
        let folder = TemporaryFolder()
        let path = folder.write("evil.apk", Data(ZipBuilder(entries: [.init("x\u{1B}[2Jy/../z", [1])]).bytes()))
        let missing = try PinBenchBinary.run(["scan", folder.path("absent.apk")])
        #expect(missing.status == 2 && missing.stderrText.contains("absent.apk: cannot be opened"))
        let result = try PinBenchBinary.run(["scan", path])
        #expect(result.status == 2)
        #expect(result.stderrText.contains("evil.apk: \"x\\u{1B}[2Jy/../z\": "))
        #expect(!result.stderrText.contains("\u{1B}"))

        var build = APKBuild()
        build.networkSecurityConfig = """
            <?xml version="1.0" encoding="utf-8"?>
            <network-security-config><domain-config><domain>evil&#x202E;moc.&#x85;example.com</domain>
            <pin-set><pin digest="SHA-256">7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y=</pin></pin-set>
            </domain-config></network-security-config>
            """
        let apk = try build.build()
        let scanned = try PinBenchBinary.run(["scan", apk])
        #expect(scanned.status == 0)
        #expect(!scanned.stdoutText.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) && $0 != "\n" })
        #expect(scanned.stdoutText.contains("evil\\u{202E}moc."))
        let json = try PinBenchBinary.run(["scan", apk, "--json"])
        #expect(!json.stdoutText.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) && $0 != "\n" })
        let reports = try JSONDecoder().decode([ScanReport].self, from: json.stdout)
        #expect(reports.first?.findings.first { $0.kind == .domain }?.host == "evil\u{202E}moc.\u{85}example.com")
    }
}
