import BuildScan
import Foundation
import TestSupport
import Testing

/// The scan's findings against androguard's reading of the same APK (androguard from PyPI, in a venv under
/// .build/: `python3 -m venv .build/androguard-venv && .build/androguard-venv/bin/pip install androguard`).
@Suite(
    "Scan: cross-checked with androguard",
    .enabled(
        if: AndroguardVenv.python != nil && APKBuild.toolsPresent,
        "needs androguard in .build/androguard-venv, aapt and android-framework-res"))
struct AndroguardCrossCheckTests {
    static let script = """
        import json, sys
        from androguard.util import set_log
        set_log("ERROR")
        from androguard.core.apk import APK
        from androguard.core.axml import AXMLPrinter
        from androguard.core.dex import DEX
        apk = APK(sys.argv[1])
        reference = int(apk.get_attribute_value("application", "networkSecurityConfig")[1:], 16)
        config = apk.get_android_resources().get_resolved_res_configs(reference)[0][1]
        tree = AXMLPrinter(apk.get_file(config)).get_xml_obj()
        pins = []
        for domain_config in tree.iter("domain-config"):
            hosts = [d.text for d in domain_config.findall("domain")]
            for pin in domain_config.findall("pin-set/pin"):
                pins += [h + " sha256/" + pin.text for h in hosts]
        dex = DEX(apk.get_file("classes.dex"))
        print(json.dumps({
            "package": apk.get_package(), "versionName": apk.get_androidversion_name(),
            "versionCode": int(apk.get_androidversion_code()), "targetSdk": int(apk.get_target_sdk_version()),
            "debuggable": apk.get_attribute_value("application", "debuggable") == "true",
            "config": config, "pins": sorted(pins),
            "dexPins": sorted(s for s in dex.get_strings() if s.startswith("sha256/") or s.startswith("sha1/")),
        }))
        """

    struct Androguard: Decodable {
        let package: String
        let versionName: String
        let versionCode: Int
        let targetSdk: Int
        let debuggable: Bool
        let config: String
        let pins: [String]
        let dexPins: [String]
    }

    @Test(
        "manifest facts, the config's resolution and pins per host, and the DEX pin literals agree",
        arguments: [false, true])
    func agree(debuggable: Bool) throws {
        var build = APKBuild()
        build.manifest = APKBuild.manifest(debuggable: debuggable)
        build.networkSecurityConfig = APKBuild.networkSecurityConfig(
            pins: ["7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y=", "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="])
        build.files["res/raw/corp_ca.der"] = TestPKI.shared.root.der
        build.dex = DexBuilder.make(
            pairs: [("api.example.com", "sha256/7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y=")],
            extra: ["sha256/another-literal-that-is-no-pin"])
        let apk = try build.build()
        let output = try ProcessRunner.run(try #require(AndroguardVenv.python), ["-c", Self.script, apk], timeout: 120)
            .checked()
        let expected = try JSONDecoder().decode(Androguard.self, from: output.stdout)
        let report = try BuildScanner.scan(path: apk)
        #expect(report.app.package == expected.package)
        #expect(report.app.versionName == expected.versionName)
        #expect(report.app.versionCode == expected.versionCode)
        #expect(report.app.targetSdkVersion == expected.targetSdk)
        #expect(report.app.debuggable == expected.debuggable)
        #expect(report.app.networkSecurityConfig == expected.config)
        // androguard's own walk covers each domain-config's direct pins; the scan's inherited ones are its own.
        let declared = report.findings.filter {
            $0.kind == .pin && $0.certainty == .declared
                && $0.location.keyPath?.hasPrefix(
                    "network-security-config/domain-config[1]/pin-set") == true
                && $0.host != "legacy.example.com"
        }
        #expect(declared.map { "\($0.host ?? "-") \($0.value)" }.sorted() == expected.pins)
        // The scan keeps the literals OkHttp accepts as pins; androguard lists every sha256/ string.
        let codePins = Set(report.findings.filter { $0.certainty == .codePattern && $0.kind == .pin }.map(\.value))
        #expect(codePins == Set(expected.dexPins.filter { $0 != "sha256/another-literal-that-is-no-pin" }))
        #expect(expected.dexPins.count == 2)
    }
}

/// The venv the androguard cross-checks run in, if it is there.
enum AndroguardVenv {
    static let python: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let path = root.appendingPathComponent(".build/androguard-venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()
}
