import BuildScan
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// Scans of APKs that Debian's `aapt` builds from real sources: the findings against the sources, the certificates'
/// pins against `openssl`, the DEX literals against `dexdump`'s disassembly.
@Suite("Scan: APKs built by aapt", .enabled(if: APKBuild.toolsPresent, "needs aapt, dexdump and android-framework-res"))
struct APKScanTests {
    static let pinA = "7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y="
    static let pinB = "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="

    func releaseBuild() throws -> (APKBuild, IssuedCertificate) {
        let ca = TestPKI.shared.root
        var build = APKBuild()
        build.networkSecurityConfig = APKBuild.networkSecurityConfig(pins: [Self.pinA, Self.pinB])
        build.files["res/raw/corp_ca.der"] = ca.der
        build.files["assets/backup.pem"] = Array(TestPKI.shared.intermediate.pem.utf8)
        build.dex = DexBuilder.make(
            pairs: [
                ("api.example.com", "sha256/" + Self.pinA),
                ("*.cdn.example.com", "sha1/" + String(repeating: "A", count: 27) + "="),
            ],
            extra: ["sha256/not-a-pin", "Lokhttp3/CertificatePinner;"])
        return (build, ca)
    }

    @Test("the manifest's facts and the config's hosts, pins, expiration and anchors, each where it was declared")
    func declaredConfiguration() throws {
        let (build, _) = try releaseBuild()
        let report = try BuildScanner.scan(path: try build.build())
        #expect(report.app.package == "com.example.pins")
        #expect(report.app.versionName == "4.1")
        #expect(report.app.versionCode == 41)
        #expect(report.app.targetSdkVersion == 34)
        #expect(report.app.debuggable == false)
        #expect(report.app.networkSecurityConfig == "res/xml/network_security_config.xml")

        let declaredPins = report.findings.filter { $0.kind == .pin && $0.certainty == .declared }
        #expect(Set(declaredPins.compactMap(\.host)) == ["api.example.com", "login.example.com", "legacy.example.com"])
        let apiPins = declaredPins.filter { $0.host == "api.example.com" }
        #expect(apiPins.map(\.value) == ["sha256/" + Self.pinA, "sha256/" + Self.pinB])
        #expect(apiPins.allSatisfy { $0.includeSubdomains == true && $0.detail == nil })
        #expect(apiPins[1].location.keyPath == "network-security-config/domain-config[1]/pin-set/pin[2]")
        #expect(apiPins[1].location.entry == "res/xml/network_security_config.xml")
        #expect(apiPins[1].location.line != nil)
        #expect(declaredPins.first { $0.host == "login.example.com" }?.includeSubdomains == false)
        // The nested domain-config inherits the pins and declares its own cleartext setting.
        let legacy = report.findings.filter { $0.host == "legacy.example.com" }
        #expect(legacy.filter { $0.kind == .pin }.count == 2)
        #expect(legacy.first { $0.kind == .cleartextTraffic }?.value == "true")
        #expect(report.findings.first { $0.host == nil && $0.kind == .cleartextTraffic }?.value == "false")
        #expect(
            report.findings.first { $0.host == "api.example.com" && $0.kind == .pinExpiration }?.value == "2027-06-30")

        // overridePins on the corporate CA breaks a rule; the user CAs of debug-overrides are reported, not an error.
        let anchor = try #require(report.findings.first { $0.kind == .trustAnchor && $0.host == "api.example.com" })
        #expect(anchor.value == "res/raw/corp_ca.der")
        #expect(anchor.rules == [.overridePins])
        let debugUser = try #require(report.findings.first { $0.kind == .trustAnchor && $0.value == "user" })
        #expect(debugUser.debugOnly && debugUser.rules.isEmpty)
        #expect(report.findings.first { $0.kind == .debugOverrides }?.value == "ignored")
        #expect(report.brokenRules == [.overridePins])
    }

    @Test("bundled certificates carry the spki-sha256 and cert-sha256 pins openssl computes")
    func bundledCertificatePins() throws {
        let (build, ca) = try releaseBuild()
        let report = try BuildScanner.scan(path: try build.build())
        let bundled = report.findings.filter { $0.kind == .bundledCertificate }
        #expect(Set(bundled.map(\.location.entry)) == ["res/raw/corp_ca.der", "assets/backup.pem"])
        for (entry, issued) in [("res/raw/corp_ca.der", ca), ("assets/backup.pem", TestPKI.shared.intermediate)] {
            let finding = try #require(bundled.first { $0.location.entry == entry })
            #expect(finding.value == "sha256/" + (try OpenSSLCLI.spkiPin(certificatePEM: issued.pem)))
            #expect(
                finding.detail?.contains("cert-sha256 " + (try OpenSSLCLI.certPin(certificatePEM: issued.pem))) == true)
            #expect(finding.certainty == .bundledFile)
        }
    }

    @Test("OkHttp pins in classes.dex with the host loaded beside each, the same literals dexdump disassembles")
    func dexPins() throws {
        let (build, _) = try releaseBuild()
        let apk = try build.build()
        let report = try BuildScanner.scan(path: apk)
        let codePins = report.findings.filter { $0.kind == .pin && $0.certainty == .codePattern }
        let sha1 = "sha1/" + String(repeating: "A", count: 27) + "="
        #expect(
            codePins.map { "\($0.host ?? "-") \($0.value)" }.sorted() == [
                "*.cdn.example.com \(sha1)", "api.example.com sha256/\(Self.pinA)",
            ])
        #expect(codePins.allSatisfy { $0.location.entry == "classes.dex" && $0.location.offset != nil })
        #expect(report.findings.contains { $0.kind == .library && $0.value == "OkHttp CertificatePinner" })

        // dexdump verifies the file (checksum, structure) and disassembles the const-string instructions.
        let dex = build.folder.write("check.dex", Data(try #require(build.dex)))
        let dump = try ProcessRunner.run("/usr/bin/dexdump", ["-d", dex]).checked().stdoutText
        let loaded = dump.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "const-string v0, \"") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        #expect(loaded == ["api.example.com", "sha256/" + Self.pinA, "*.cdn.example.com", sha1])
        // Each pin's offset is where its string data starts in the DEX: the ULEB128 length, then the text.
        let bytes = try #require(build.dex)
        for pin in codePins {
            let offset = try #require(pin.location.offset)
            #expect(Array(bytes[(offset + 1)..<(offset + 1 + pin.value.utf8.count)]) == Array(pin.value.utf8))
        }
    }

    @Test("the findings cap keeps the first findings and never hides a broken rule")
    func findingsCap() throws {
        let (build, _) = try releaseBuild()
        let apk = try build.build()
        var limits = ScanLimits()
        limits.findings = 1
        let capped = try BuildScanner.scan(path: apk, limits: limits)
        let full = try BuildScanner.scan(path: apk)
        #expect(capped.findings == Array(full.findings.prefix(1)))
        #expect(capped.omittedFindings == full.findings.count - 1)
        #expect(!capped.findings.contains { !$0.rules.isEmpty })
        #expect(capped.brokenRules == [.overridePins])
    }

    @Test("a debuggable build: debug-overrides apply, so their user CAs break a rule too")
    func debuggableBuild() throws {
        var (build, _) = try releaseBuild()
        build.manifest = APKBuild.manifest(debuggable: true)
        let report = try BuildScanner.scan(path: try build.build())
        #expect(report.app.debuggable)
        #expect(report.findings.first { $0.kind == .debugOverrides }?.value == "applies")
        #expect(report.findings.first { $0.kind == .trustAnchor && $0.value == "user" }?.rules == [.userTrust])
        #expect(report.brokenRules == [.userTrust, .overridePins, .debuggable])
    }

    @Test("user CAs in base-config, and a debugging proxy's CA trusted as an anchor, break their rules")
    func userAndProxyTrust() throws {
        let proxy = try LegacyCertificate.root(commonName: "mitmproxy", key: .ec(curve: "P-256"))
        var build = APKBuild()
        build.networkSecurityConfig = """
            <?xml version="1.0" encoding="utf-8"?>
            <network-security-config>
              <base-config><trust-anchors><certificates src="system"/><certificates src="user"/></trust-anchors></base-config>
              <domain-config><domain>api.example.com</domain>
                <trust-anchors><certificates src="@raw/proxy_ca"/></trust-anchors></domain-config>
            </network-security-config>
            """
        build.files["res/raw/proxy_ca.pem"] = Array(proxy.pem.utf8)
        let report = try BuildScanner.scan(path: try build.build())
        #expect(report.findings.first { $0.kind == .trustAnchor && $0.value == "user" }?.rules == [.userTrust])
        let proxyAnchor = report.findings.first { $0.kind == .trustAnchor && $0.value == "res/raw/proxy_ca.pem" }
        #expect(proxyAnchor?.rules == [.debuggingProxyCA])
        #expect(report.brokenRules == [.userTrust, .debuggingProxyCA])
    }

    @Test("no network security config: an app targeting API 23 trusts user CAs by the platform's default")
    func platformDefault() throws {
        var build = APKBuild()
        build.manifest = APKBuild.manifest(config: false, targetSdk: 23)
        let old = try BuildScanner.scan(path: try build.build(name: "old.apk"))
        #expect(old.app.networkSecurityConfig == nil)
        #expect(old.brokenRules == [.userTrust])
        build.manifest = APKBuild.manifest(config: false, targetSdk: 24)
        #expect(try BuildScanner.scan(path: try build.build(name: "new.apk")).findings.isEmpty)
    }

    @Test("the binary XML reader reads what aapt dump xmltree shows, attribute by attribute")
    func binaryXMLAgainstAapt() throws {
        let (build, _) = try releaseBuild()
        let apk = try build.build()
        let archive = try ZipArchive(try FileArchiveSource(path: apk))
        let entry = try #require(archive.entry(named: "res/xml/network_security_config.xml"))
        let root = try BinaryXML.parse(try archive.read(entry), entry: entry.name)
        let dump = try ProcessRunner.run("/usr/bin/aapt", ["dump", "xmltree", apk, entry.name]).checked().stdoutText
        let dumpedElements = dump.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("E: ") else { return nil }
            return String(trimmed.dropFirst(3).prefix { $0 != " " })
        }
        func names(_ element: BinaryXMLElement) -> [String] { [element.name] + element.children.flatMap(names) }
        #expect(names(root) == dumpedElements)
        let dumpedText = dump.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            return trimmed.hasPrefix("C: \"") ? String(trimmed.dropFirst(4).dropLast()) : nil
        }
        func texts(_ element: BinaryXMLElement) -> [String] {
            (element.text.isEmpty ? [] : [element.text]) + element.children.flatMap(texts)
        }
        #expect(texts(root) == dumpedText)
    }
}
