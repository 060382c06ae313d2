import BuildScan
import ClientModels
import Foundation
import PinExport
import PinningCore
import TestSupport
import Testing

/// The Network Security Config export with an Android target, compiled into a real APK by Debian's `aapt` and read
/// back by `aapt dump xmltree` and by the build scanner: what the export writes is what the platform would parse.
@Suite(
    "Export: Android's Certificate Transparency opt-in compiled by aapt",
    .enabled(if: APKBuild.toolsPresent, "needs aapt, dexdump and android-framework-res"))
struct AndroidExportAPKTests {
    static let manifest = PinManifest(domains: [
        DomainPolicy(
            host: "api.example.com", includeSubdomains: true,
            pins: [
                Pin(type: .spkiSHA256, value: "7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y="),
                Pin(type: .spkiSHA256, value: "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=", role: .backup),
            ]),
        DomainPolicy(
            host: "login.example.com",
            pins: [Pin(type: .spkiSHA256, value: "7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y=")]),
    ])

    /// The export for `target`, built into an APK targeting its level; the scan and aapt's dump of the config.
    func built(_ target: AndroidTarget) throws -> (text: String, report: ScanReport, dump: String) {
        let text = PinExporter.export(Self.manifest, as: .android, options: ExportOptions(androidTarget: target)).text
        var build = APKBuild()
        build.manifest = APKBuild.manifest(targetSdk: target.sdk)
        build.networkSecurityConfig = text
        let apk = try build.build()
        let dump = try ProcessRunner.run(
            "/usr/bin/aapt", ["dump", "xmltree", apk, "res/xml/network_security_config.xml"]
        ).checked().stdoutText
        return (text, try BuildScanner.scan(path: apk), dump)
    }

    @Test("an opt-in at API 36 puts enabled=\"true\" in every domain-config, as aapt compiles and the scan reads it")
    func optIn() throws {
        let (text, report, dump) = try built(try AndroidTarget(sdk: 36, optsInToTransparency: true))
        #expect(text.components(separatedBy: "<certificateTransparency enabled=\"true\"/>").count == 3)
        #expect(report.app.targetSdkVersion == 36)
        let declared = report.findings.filter { $0.kind == .certificateTransparency }
        #expect(Set(declared.compactMap(\.host)) == ["api.example.com", "login.example.com"])
        #expect(declared.allSatisfy { $0.value == "true" })
        #expect(dump.components(separatedBy: "E: certificateTransparency").count == 3, "\(dump)")
        // aapt types the attribute as a boolean: 0xffffffff is true.
        #expect(dump.contains("A: enabled=(type 0x12)0xffffffff"), "\(dump)")
    }

    @Test("without the opt-in, at API 36 and 37, nothing is written: 37's default needs no element")
    func noOptIn() throws {
        for level in [35, 36, 37] {
            let (text, report, dump) = try built(try AndroidTarget(sdk: level))
            #expect(!text.contains("certificateTransparency"))
            #expect(!report.findings.contains { $0.kind == .certificateTransparency })
            #expect(!dump.contains("certificateTransparency"))
            #expect(report.app.targetSdkVersion == level)
        }
    }

    @Test("an element without enabled opts in to nothing, as Android's parser defaults it to false")
    func bareElement() throws {
        var build = APKBuild()
        build.manifest = APKBuild.manifest(targetSdk: 36)
        build.networkSecurityConfig = """
            <?xml version="1.0" encoding="utf-8"?>
            <network-security-config>
              <domain-config><domain>api.example.com</domain><certificateTransparency/></domain-config>
            </network-security-config>
            """
        let report = try BuildScanner.scan(path: try build.build())
        let declared = report.findings.filter { $0.kind == .certificateTransparency }
        #expect(declared.count == 1 && declared.first?.value == "false", "\(declared)")
    }
}
