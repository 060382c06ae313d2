import BuildScan
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// Scans of IPAs packed by Python's `zipfile`, their Info.plist written by `plistlib` (binary and XML) and read back
/// by it as the oracle; certificates' pins against `openssl`; Mach-O files from the toolchain's `clang` with
/// `llvm-objdump` and `llvm-nm` as second opinions.
@Suite(
    "Scan: IPAs and app folders",
    .enabled(if: MachOBuild.toolsPresent, "needs the Swift toolchain's clang, llvm-objdump and llvm-nm"))
struct IPAScanTests {
    static let pinA = "7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y="
    static let pinB = "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="
    static let pinC = "x4QzPSC810K5/cMjb05Qm4k3Bw5zBn4lTdO/nEW/Td4="

    static func configuredPlist() -> [String: Any] {
        var plist = IPABuild.basePlist()
        plist["NSAppTransportSecurity"] = [
            "NSAllowsArbitraryLoads": true,
            "NSExceptionDomains": [
                "legacy.example.com": ["NSIncludesSubdomains": true, "NSExceptionAllowsInsecureHTTPLoads": true]
            ],
            "NSPinnedDomains": [
                "api.example.com": [
                    "NSIncludesSubdomains": true,
                    "NSPinnedLeafIdentities": [["SPKI-SHA256-BASE64": pinA]],
                    "NSPinnedCAIdentities": [["SPKI-SHA256-BASE64": pinB]],
                ],
                "cdn.example.com": [
                    "NSPinnedCAIdentities": [["SPKI-SHA256-BASE64": "not-a-pin"], ["SPKI-SHA256-BASE64": pinB]]
                ],
            ],
        ]
        plist["TSKConfiguration"] = [
            "TSKSwizzleNetworkDelegates": false,
            "TSKPinnedDomains": [
                "login.example.com": [
                    "TSKPublicKeyHashes": [pinA, pinC], "TSKEnforcePinning": false,
                    "TSKExpirationDate": "2027-06-30", "TSKReportUris": ["https://report.example.com/pins"],
                ]
            ],
        ]
        return plist
    }

    func configuredBuild(binary: Bool) throws -> IPABuild {
        var build = IPABuild()
        build.plist = Self.configuredPlist()
        build.binaryPlist = binary
        build.files["Demo"] = try MachOBuild.image(strings: ["hello"])
        return build
    }

    @Test(
        "Info.plist's facts, ATS and TrustKit pins with their key paths, as plistlib reads them",
        arguments: [true, false])
    func declaredConfiguration(binary: Bool) async throws {
        // The build holds the temporary folder: kept alive while the IPA is read. Python and clang run off the
        // cooperative pool (OffPoolThread), as every subprocess of these tests.
        let build = try await OffPoolThread.run { try self.configuredBuild(binary: binary) }
        let (ipa, oracleJSON) = try await OffPoolThread.run { () throws -> (String, Data) in
            let ipa = try build.build()
            return (ipa, try IPABuild.plistlibReading(ipa))
        }
        let report = try BuildScanner.scan(path: ipa)
        #expect(report.platform == "ios")
        let oracle = try JSONSerialization.jsonObject(with: oracleJSON) as? [String: Any] ?? [:]
        #expect(report.app.package == oracle["CFBundleIdentifier"] as? String)
        #expect(report.app.versionName == oracle["CFBundleShortVersionString"] as? String)
        #expect(report.app.bundleVersion == oracle["CFBundleVersion"] as? String)
        #expect(report.app.executable == "Demo")
        #expect(report.app.versionName == "4.1" && report.app.bundleVersion == "4.1.0.7")

        let plist = "Payload/Demo.app/Info.plist"
        let pins = report.findings.filter { $0.kind == .pin && $0.certainty == .declared }
        #expect(pins.allSatisfy { $0.location.entry == plist })
        let api = pins.filter { $0.host == "api.example.com" }
        #expect(api.map(\.value) == ["sha256/" + Self.pinA, "sha256/" + Self.pinB])
        #expect(api.map(\.detail) == ["leaf identity", "CA identity"])
        #expect(api.allSatisfy { $0.includeSubdomains == true })
        #expect(
            api.map(\.location.keyPath) == [
                "NSAppTransportSecurity/NSPinnedDomains/api.example.com/NSPinnedLeafIdentities/0/SPKI-SHA256-BASE64",
                "NSAppTransportSecurity/NSPinnedDomains/api.example.com/NSPinnedCAIdentities/0/SPKI-SHA256-BASE64",
            ])
        let cdn = pins.filter { $0.host == "cdn.example.com" }
        #expect(cdn.map(\.value) == ["sha256/" + Self.pinB])
        #expect(cdn.first?.location.keyPath?.contains("NSPinnedCAIdentities/1/") == true)
        let notes = report.findings.filter { $0.kind == .note }
        #expect(Set(notes.map(\.value)) == ["malformedPin", "semanticsDiffer"])

        let login = report.findings.filter { $0.host == "login.example.com" }
        #expect(login.filter { $0.kind == .pin }.map(\.value) == ["sha256/" + Self.pinA, "sha256/" + Self.pinC])
        #expect(
            login.first { $0.kind == .pin }?.location.keyPath
                == "TSKConfiguration/TSKPinnedDomains/login.example.com/TSKPublicKeyHashes/0")
        #expect(login.first { $0.kind == .pinMode }?.value == "report-only")
        #expect(login.first { $0.kind == .pinExpiration }?.value == "2027-06-30")
        #expect(login.first { $0.kind == .reportURI }?.value == "https://report.example.com/pins")

        // Every pin plistlib reads is one the scan found, host for host; the malformed one is a note, not a pin.
        var expected: Set<String> = []
        let transport = oracle["NSAppTransportSecurity"] as? [String: Any]
        for (host, value) in transport?["NSPinnedDomains"] as? [String: [String: Any]] ?? [:] {
            for list in ["NSPinnedLeafIdentities", "NSPinnedCAIdentities"] {
                for identity in value[list] as? [[String: String]] ?? [] {
                    let pin = identity["SPKI-SHA256-BASE64"] ?? ""
                    if Data(base64Encoded: pin)?.count == 32 { expected.insert(host + " sha256/" + pin) }
                }
            }
        }
        let trustKit = oracle["TSKConfiguration"] as? [String: Any]
        for (host, value) in trustKit?["TSKPinnedDomains"] as? [String: [String: Any]] ?? [:] {
            for pin in value["TSKPublicKeyHashes"] as? [String] ?? [] { expected.insert(host + " sha256/" + pin) }
        }
        #expect(Set(pins.map { ($0.host ?? "") + " " + $0.value }) == expected)
        #expect(expected.count == 5)

        let arbitrary = try #require(report.findings.first { $0.rules.contains(.arbitraryLoads) })
        #expect(arbitrary.location.keyPath == "NSAppTransportSecurity/NSAllowsArbitraryLoads")
        #expect(arbitrary.host == nil && arbitrary.kind == .cleartextTraffic)
        let legacy = try #require(report.findings.first { $0.host == "legacy.example.com" })
        #expect(legacy.kind == .cleartextTraffic && legacy.rules.isEmpty && legacy.includeSubdomains == true)
        #expect(report.brokenRules == [.arbitraryLoads])
    }

    @Test(
        "certificates anywhere in the app and its frameworks carry the pins openssl computes; a proxy CA breaks a rule")
    func bundledCertificates() async throws {
        let proxy = try await OffPoolThread.run {
            try LegacyCertificate.root(commonName: "mitmproxy", key: .ec(curve: "P-256"))
        }
        let proxyPin = try await OffPoolThread.run { try OpenSSLCLI.spkiPin(certificatePEM: proxy.pem) }
        var build = IPABuild()
        build.plist["TSKConfiguration"] = [
            "TSKPinnedDomains": ["api.example.com": ["TSKPublicKeyHashes": [proxyPin, Self.pinA]]]
        ]
        build.files["Demo"] = try await OffPoolThread.run { try MachOBuild.image(strings: []) }
        build.files["corp_ca.der"] = TestPKI.shared.root.der
        build.files["Frameworks/Pinning.framework/backup.PEM"] = Array(TestPKI.shared.intermediate.pem.utf8)
        build.files["certs/charles.cer"] = proxy.der
        let ipa = try await OffPoolThread.run { [build] in try build.build() }
        let report = try BuildScanner.scan(path: ipa)
        let bundled = report.findings.filter { $0.kind == .bundledCertificate }
        let cases: [(String, String)] = [
            ("Payload/Demo.app/corp_ca.der", TestPKI.shared.root.pem),
            ("Payload/Demo.app/Frameworks/Pinning.framework/backup.PEM", TestPKI.shared.intermediate.pem),
            ("Payload/Demo.app/certs/charles.cer", proxy.pem),
        ]
        #expect(Set(bundled.map(\.location.entry)) == Set(cases.map(\.0)))
        for (entry, pem) in cases {
            let finding = try #require(bundled.first { $0.location.entry == entry })
            let (spki, cert) = try await OffPoolThread.run {
                (try OpenSSLCLI.spkiPin(certificatePEM: pem), try OpenSSLCLI.certPin(certificatePEM: pem))
            }
            #expect(finding.value == "sha256/" + spki)
            #expect(finding.detail?.contains("cert-sha256 " + cert) == true)
            #expect(finding.certainty == .bundledFile)
        }
        #expect(bundled.first { $0.location.entry.hasSuffix("charles.cer") }?.rules == [.debuggingProxyCA])
        let pinned = try #require(report.findings.first { $0.kind == .pin && $0.value == "sha256/" + proxyPin })
        #expect(pinned.rules == [.debuggingProxyCA] && pinned.host == "api.example.com")
        #expect(report.findings.first { $0.kind == .pin && $0.value == "sha256/" + Self.pinA }?.rules == [])
        #expect(report.brokenRules == [.debuggingProxyCA])
    }

    static let pinSource = """
        const char *host = "api.example.com";
        const char *pin = "sha256/\(pinA)";
        const char *backup = "\(pinB)";
        const char *notPin = "sha256/not-a-pin";
        const char *tooLong = "\(pinB)AAAA";
        const char *validator = "TSKPinningValidator";
        int main(void) { return host[0] + pin[0] + backup[0] + notPin[0] + tooLong[0] + validator[0]; }
        """

    @Test("pin strings in a clang-built Mach-O: sha256/ and bare, each at its byte offset in __TEXT,__cstring")
    func machOStrings() async throws {
        let object = try await OffPoolThread.run { try MachOBuild.object(Self.pinSource) }
        var build = IPABuild()
        build.files["Demo"] = object
        let ipa = try await OffPoolThread.run { [build] in try build.build() }
        let report = try BuildScanner.scan(path: ipa)
        let code = report.findings.filter { $0.kind == .pin && $0.certainty == .codePattern }
        #expect(code.map(\.value) == ["sha256/" + Self.pinA, "sha256/" + Self.pinB])
        #expect(code.allSatisfy { $0.location.entry == "Payload/Demo.app/Demo" && $0.host == nil })
        #expect(code.allSatisfy { $0.location.keyPath == "arm64 __TEXT,__cstring" })
        // The bytes at each offset are the literal, as clang wrote it.
        let literals = ["sha256/" + Self.pinA, Self.pinB]
        for (finding, literal) in zip(code, literals) {
            let offset = try #require(finding.location.offset)
            #expect(Array(object[offset..<offset + literal.utf8.count]) == Array(literal.utf8))
        }
        #expect(code[0].detail?.contains("host api.example.com") == true)
        #expect(code[1].detail?.contains("bare") == true)
        // llvm-objdump's reading of the section: every offset inside __cstring.
        let (headers, symbols) = try await OffPoolThread.run {
            (try MachOBuild.objdump(object, ["--private-headers"]), try MachOBuild.nm(object))
        }
        let section = try #require(headers.components(separatedBy: "sectname __cstring").dropFirst().first)
        let fields = section.split(separator: "\n").map { $0.split(separator: " ") }
        let start = try #require(fields.first { $0.first == "offset" }.flatMap { Int($0[1]) })
        let size = try #require(fields.first { $0.first == "size" }.flatMap { Int($0[1].dropFirst(2), radix: 16) })
        for finding in code { #expect((start..<start + size).contains(finding.location.offset ?? -1)) }
        // llvm-nm sees the same three string symbols' section as data: the object is the real thing.
        #expect(symbols.contains("_validator"))
        let library = try #require(report.findings.first { $0.kind == .library })
        #expect(library.value == "TrustKit" && library.certainty == .codePattern)
        #expect(report.brokenRules.isEmpty)
    }

    @Test("dylibs loaded (as llvm-objdump lists them) and frameworks bundled name the pinning libraries")
    func librariesAndFrameworks() async throws {
        let (main, framework) = try await OffPoolThread.run { () throws -> ([UInt8], [UInt8]) in
            let main = try MachOBuild.image(
                strings: ["hello"],
                dylibs: [
                    ("/usr/lib/libSystem.B.dylib", false), ("@rpath/TrustKit.framework/TrustKit", false),
                    ("@rpath/Alamofire.framework/Alamofire", true),
                ])
            return (main, try MachOBuild.image(strings: ["api.example.com", Self.pinC], filetype: 6))
        }
        let used = try await OffPoolThread.run { try MachOBuild.objdump(main, ["--dylibs-used"]) }
        #expect(used.contains("@rpath/TrustKit.framework/TrustKit (compatibility version"))
        #expect(
            used.contains(
                "@rpath/Alamofire.framework/Alamofire (compatibility version 1.0.0, current version 1.0.0, weak)"))
        var build = IPABuild()
        build.files["Demo"] = main
        build.files["Frameworks/TrustKit.framework/TrustKit"] = framework
        build.files["Frameworks/TrustKit.framework/Info.plist"] = Array("<plist/>".utf8)
        build.files["Frameworks/AFNetworking.framework/Info.plist"] = Array("<plist/>".utf8)
        let ipa = try await OffPoolThread.run { [build] in try build.build() }
        let report = try BuildScanner.scan(path: ipa)
        let libraries = report.findings.filter { $0.kind == .library }
        let declared = libraries.filter { $0.certainty == .declared }
        #expect(declared.map(\.value) == ["TrustKit", "Alamofire"])
        #expect(declared.map(\.location.keyPath) == ["arm64 load_commands/2", "arm64 load_commands/3"])
        #expect(declared[1].detail == "weakly loaded: @rpath/Alamofire.framework/Alamofire")
        let bundled = libraries.filter { $0.certainty == .bundledFile }
        #expect(Set(bundled.map(\.value)) == ["TrustKit", "AFNetworking"])
        let frameworkPin = try #require(report.findings.first { $0.kind == .pin })
        #expect(frameworkPin.location.entry == "Payload/Demo.app/Frameworks/TrustKit.framework/TrustKit")
        #expect(frameworkPin.value == "sha256/" + Self.pinC)
        #expect(frameworkPin.detail?.contains("host api.example.com") == true)
    }

    @Test("an app extension's Info.plist and executable are read as the app's are, each named by its own path")
    func appExtension() async throws {
        let (main, share) = try await OffPoolThread.run {
            (try MachOBuild.image(strings: []), try MachOBuild.image(strings: ["sha256/" + Self.pinB]))
        }
        var build = IPABuild()
        build.files["Demo"] = main
        var extensionPlist = IPABuild.basePlist(executable: "Share")
        extensionPlist["NSAppTransportSecurity"] = [
            "NSPinnedDomains": ["share.example.com": ["NSPinnedLeafIdentities": [["SPKI-SHA256-BASE64": Self.pinC]]]]
        ]
        build.plists["PlugIns/Share.appex/Info.plist"] = extensionPlist
        build.files["PlugIns/Share.appex/Share"] = share
        let ipa = try await OffPoolThread.run { [build] in try build.build() }
        let report = try BuildScanner.scan(path: ipa)
        #expect(report.app.executable == "Demo")
        let declared = try #require(report.findings.first { $0.kind == .pin && $0.certainty == .declared })
        #expect(declared.host == "share.example.com" && declared.value == "sha256/" + Self.pinC)
        #expect(declared.location.entry == "Payload/Demo.app/PlugIns/Share.appex/Info.plist")
        let code = try #require(report.findings.first { $0.kind == .pin && $0.certainty == .codePattern })
        #expect(code.location.entry == "Payload/Demo.app/PlugIns/Share.appex/Share")
        #expect(code.value == "sha256/" + Self.pinB)

        build.files["PlugIns/Share.appex/Share"] = nil
        let lacking = try await OffPoolThread.run { [build] in try build.build(name: "lacking.ipa") }
        #expect(throws: ScanError(.malformed, entry: "Payload/Demo.app/PlugIns/Share.appex/Info.plist", "")) {
            try BuildScanner.scan(path: lacking)
        }
    }

    @Test("a universal Mach-O: each architecture read; a pin in every slice is one finding naming each slice's offset")
    func universal() async throws {
        let (arm, intel, fat, nm, headers) = try await OffPoolThread.run {
            () throws -> ([UInt8], [UInt8], [UInt8], String, String) in
            let arm = try MachOBuild.object(Self.pinSource)
            let intel = try MachOBuild.object(Self.pinSource, target: "x86_64-apple-ios15.0-simulator")
            let fat = try MachOBuild.universal([arm, intel])
            return (arm, intel, fat, try MachOBuild.nm(fat), try MachOBuild.objdump(fat, ["--universal-headers"]))
        }
        #expect(nm.contains("(for architecture arm64)") && nm.contains("(for architecture x86_64)"))
        var build = IPABuild()
        build.files["Demo"] = fat
        let ipa = try await OffPoolThread.run { [build] in try build.build() }
        let report = try BuildScanner.scan(path: ipa)
        let code = report.findings.filter { $0.kind == .pin }
        // The same two pins in both slices: two findings, not four, each at its arm64 place.
        #expect(code.map(\.location.keyPath) == Array(repeating: "arm64 __TEXT,__cstring", count: 2))
        #expect(Set(code.map(\.value)).count == 2)
        let offsets = headers.split(separator: "\n").filter { $0.hasPrefix("    offset ") }.compactMap {
            Int($0.split(separator: " ").last!)
        }
        #expect(offsets == [16384, 32768])
        for finding in code {
            let offset = try #require(finding.location.offset)
            #expect((16384..<16384 + arm.count).contains(offset))
            let literal = finding.detail!.contains("bare") ? String(finding.value.dropFirst(7)) : finding.value
            // Each slice named with its own offset, where the string's bytes are.
            let detail = try #require(finding.detail)
            let named = try #require(detail.range(of: "in 2 slices of the universal binary: "))
            let places = detail[named.upperBound...].split(separator: ";")[0].components(separatedBy: ", ")
            #expect(places.map { $0.split(separator: " ")[0] } == ["arm64", "x86_64"])
            let sliceOffsets = places.compactMap { Int($0.split(separator: " ").last!) }
            #expect(sliceOffsets.first == offset)
            #expect((32768..<32768 + intel.count).contains(sliceOffsets[1]))
            for at in sliceOffsets {
                #expect(Array(fat[at..<at + literal.utf8.count]) == Array(literal.utf8))
            }
        }
        #expect(report.findings.filter { $0.kind == .library }.count == 2)
    }

    @Test("an unpacked .app folder scans as its IPA does; a symbolic link in it is refused by name")
    func folder() async throws {
        var build = try await OffPoolThread.run { try self.configuredBuild(binary: true) }
        build.files["Demo"] = try await OffPoolThread.run { try MachOBuild.object(Self.pinSource) }
        build.files["corp_ca.der"] = TestPKI.shared.root.der
        let (path, root) = try await OffPoolThread.run { [build] in (try build.build(), try build.buildFolder()) }
        let ipa = try BuildScanner.scan(path: path)
        let unpacked = try BuildScanner.scan(path: root)
        #expect(unpacked.app == ipa.app && unpacked.brokenRules == ipa.brokenRules)
        let prefix = "Payload/Demo.app/"
        func shown(_ findings: [ScanFinding], dropping: String) -> [String] {
            findings.map { finding in
                let place = finding.location
                return "\(finding.kind) \(finding.host ?? "-") \(finding.value) "
                    + "\(place.entry.dropFirst(dropping.count)) \(place.keyPath ?? "") \(place.offset ?? -1)"
            }
        }
        #expect(shown(unpacked.findings, dropping: "") == shown(ipa.findings, dropping: prefix))
        #expect(unpacked.findings.count > 10)

        try FileManager.default.createSymbolicLink(atPath: root + "/link.der", withDestinationPath: "/etc/passwd")
        #expect(throws: ScanError(.unsupported, entry: "link.der", "")) { try BuildScanner.scan(path: root) }
        let empty = TemporaryFolder()
        #expect(throws: ScanError(.unsupported, entry: nil, "")) { try BuildScanner.scan(path: empty.url.path) }
    }

    @Test("pinbench scan on an IPA: exit 1 for NSAllowsArbitraryLoads, the text escaped, --json read back")
    func command() async throws {
        var build = try await OffPoolThread.run { try self.configuredBuild(binary: true) }
        build.plist["CFBundleIdentifier"] = "com.example\u{1B}[2J.pins"
        var transport = build.plist["NSAppTransportSecurity"] as! [String: Any]
        transport["NSExceptionDomains"] = ["evil\u{202E}.example.com": ["NSExceptionAllowsInsecureHTTPLoads": true]]
        build.plist["NSAppTransportSecurity"] = transport
        let ipa = try await OffPoolThread.run { [build] in try build.build() }
        let text = try await PinBenchBinary.run(["scan", ipa])
        #expect(text.status == 1)
        #expect(text.stdoutText.contains("release-only rules broken: arbitrary-loads"))
        #expect(text.stdoutText.contains("com.example\\u{1B}[2J.pins 4.1 (4.1.0.7)"))
        #expect(text.stdoutText.contains("evil\\u{202E}.example.com"))
        #expect(!text.stdoutText.contains("\u{1B}") && !text.stdoutText.contains("\u{202E}"))
        let json = try await PinBenchBinary.run(["scan", ipa, "--json"])
        #expect(json.status == 1)
        #expect(!json.stdoutText.contains("\u{1B}") && !json.stdoutText.contains("\u{202E}"))
        #expect(try JSONDecoder().decode([ScanReport].self, from: json.stdout) == [try BuildScanner.scan(path: ipa)])

        var clean = IPABuild()
        clean.files["Demo"] = try await OffPoolThread.run { try MachOBuild.image(strings: []) }
        let cleanIPA = try await OffPoolThread.run { [clean] in try clean.build() }
        #expect(try await PinBenchBinary.run(["scan", cleanIPA]).status == 0)
    }
}
