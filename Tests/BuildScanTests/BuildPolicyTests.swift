import BuildScan
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// ``BuildPolicy``: a scan's findings as a manifest-shaped policy, on APKs `aapt` builds and IPAs packed by Python's
/// `zipfile` and `plistlib`, with DEX files from ``DexBuilder`` and Mach-O files from the toolchain's `clang`.
@Suite("Build policy: the pins a build ships, in the manifest's shape")
struct BuildPolicyTests {
    static let pinA = APKScanTests.pinA
    static let pinB = APKScanTests.pinB
    static let pinC = IPAScanTests.pinC

    @Test(
        "APK: the config's hosts, pins, includeSubdomains and expiry; OkHttp's pins as code patterns; SHA-1 not carried",
        .enabled(if: APKBuild.toolsPresent, "needs aapt, dexdump and android-framework-res"))
    func apk() async throws {
        let apk = try await OffPoolThread.run { () throws -> (APKBuild, String) in
            var build = APKBuild()
            build.networkSecurityConfig = APKBuild.networkSecurityConfig(pins: [Self.pinA, Self.pinB])
            build.files["res/raw/corp_ca.der"] = TestPKI.shared.root.der
            build.dex = DexBuilder.make(
                pairs: [
                    ("api.example.com", "sha256/" + Self.pinA), ("api.example.com", "sha256/" + Self.pinC),
                    ("**.cdn.example.com", "sha256/" + Self.pinB),
                    ("login.example.com", "sha1/" + String(repeating: "A", count: 27) + "="),
                    ("*.wild.example.com", "sha256/" + Self.pinA),
                    ("legacy.example.com", "sha256/" + Self.pinA), ("legacy.example.com", "sha256/" + Self.pinB),
                ])
            return (build, try build.build())
        }
        let report = try BuildScanner.scan(path: apk.1)
        let policy = BuildPolicy(report)
        #expect(
            policy.domains.map(\.policy.host) == [
                "api.example.com", "cdn.example.com", "legacy.example.com", "login.example.com",
            ])
        let api = try #require(policy.domains.first { $0.policy.host == "api.example.com" })
        #expect(api.policy.includeSubdomains)
        #expect(api.policy.mode == .enforce)
        // The pin set's expiration is the first day without pins: the manifest's expires is the day before.
        #expect(api.policy.expires == CalendarDay("2027-06-29"))
        // The declared set only: OkHttp's different set for the host (A and C) is checked too, so both must pass; it
        // never widens the declared one, and is listed with why.
        #expect(api.policy.pins.map(\.value) == [Self.pinA, Self.pinB])
        #expect(api.policy.pins.allSatisfy { $0.type == .spkiSHA256 && $0.position == .any && $0.role == .active })
        #expect(api.found.allSatisfy { $0.origins.map(\.certainty) == [.declared] })
        #expect(api.found[0].origins[0].location.keyPath == "network-security-config/domain-config[1]/pin-set/pin[1]")
        let alsoChecked = policy.notCarried.filter { $0.reason == BuildPolicy.alsoChecked }
        // legacy.example.com inherits A and B, expiring; the same pins in code never expire: a second check too.
        #expect(
            alsoChecked.map(\.value) == [Self.pinA, Self.pinC, Self.pinA, Self.pinB].map { "sha256/" + $0 })
        #expect(alsoChecked.allSatisfy { $0.location.entry == "classes.dex" })
        let legacy = try #require(policy.domains.first { $0.policy.host == "legacy.example.com" })
        #expect(legacy.policy.pins.map(\.value) == [Self.pinA, Self.pinB])
        #expect(legacy.policy.expires == CalendarDay("2027-06-29"))
        #expect(legacy.found.allSatisfy { $0.origins.map(\.certainty) == [.declared] })
        // OkHttp's *. matches one label and never the domain: the manifest cannot state it.
        #expect(!policy.domains.contains { $0.policy.host == "wild.example.com" })
        let wild = try #require(policy.notCarried.first { $0.value == "*.wild.example.com" })
        #expect(wild.reason.contains("exactly one label") && wild.location.entry == "classes.dex")
        // OkHttp's ** wildcard pins the domain and its subdomains.
        let cdn = try #require(policy.domains.first { $0.policy.host == "cdn.example.com" })
        #expect(
            cdn.policy.includeSubdomains && cdn.policy.pins.map(\.value) == [Self.pinB] && cdn.policy.expires == nil)
        // Only code pins the host: its pins are kept, marked as found by a code pattern only.
        #expect(cdn.found.allSatisfy { $0.origins.map(\.certainty) == [.codePattern] })
        let login = try #require(policy.domains.first { $0.policy.host == "login.example.com" })
        #expect(!login.policy.includeSubdomains && login.policy.pins.count == 2)
        #expect(policy.notCarried.map(\.value).contains("sha1/" + String(repeating: "A", count: 27) + "="))
        #expect(policy.notCarried.count == 6)
        // The bundled CA is a pin with no host: kept apart, as a bundled file.
        // The bundled CA's key and whole-certificate pins, as openssl computes them: pins with no host, kept apart.
        let pem = TestPKI.shared.root.pem
        let (key, whole) = try await OffPoolThread.run {
            (try OpenSSLCLI.spkiPin(certificatePEM: pem), try OpenSSLCLI.certPin(certificatePEM: pem))
        }
        #expect(
            policy.unplaced.map(\.pin) == [Pin(type: .spkiSHA256, value: key), Pin(type: .certSHA256, value: whole)])
        #expect(policy.unplaced.allSatisfy { $0.origins.map(\.certainty) == [.bundledFile] })
        #expect(policy.unplaced.first?.origins.first?.location.entry == "res/raw/corp_ca.der")
        #expect(policy.manifest.domains == policy.domains.map(\.policy))
    }

    @Test(
        "APK: the same pins in code as in the config are one check, each pin with both places",
        .enabled(if: APKBuild.toolsPresent, "needs aapt, dexdump and android-framework-res"))
    func sameSetInCode() async throws {
        let apk = try await OffPoolThread.run { () throws -> (APKBuild, String) in
            var build = APKBuild()
            build.networkSecurityConfig = """
                <?xml version="1.0" encoding="utf-8"?>
                <network-security-config>
                  <domain-config>
                    <domain>api.example.com</domain>
                    <pin-set><pin digest="SHA-256">\(Self.pinA)</pin><pin digest="SHA-256">\(Self.pinB)</pin></pin-set>
                  </domain-config>
                </network-security-config>
                """
            build.dex = DexBuilder.make(
                pairs: [("api.example.com", "sha256/" + Self.pinB), ("api.example.com", "sha256/" + Self.pinA)])
            return (build, try build.build())
        }
        let policy = BuildPolicy(try BuildScanner.scan(path: apk.1))
        let api = try #require(policy.domains.first)
        #expect(policy.domains.count == 1 && api.policy.host == "api.example.com")
        #expect(api.policy.pins.map(\.value) == [Self.pinA, Self.pinB])
        #expect(api.found.allSatisfy { $0.origins.map(\.certainty) == [.declared, .codePattern] })
        #expect(policy.notCarried.isEmpty)
    }

    @Test(
        "IPA: ATS positions, TrustKit's mode and expiry, Mach-O strings with no host kept apart",
        .enabled(if: MachOBuild.toolsPresent, "needs the Swift toolchain's clang, llvm-objdump and llvm-nm"))
    func ipa() async throws {
        let build = try await OffPoolThread.run { () throws -> (IPABuild, String) in
            var build = IPABuild()
            var plist = IPAScanTests.configuredPlist()
            // TrustKit also pins api.example.com, report-only, to pins A and C: a second check, never a relaxation.
            var trustKit = plist["TSKConfiguration"] as? [String: Any] ?? [:]
            var pinned = trustKit["TSKPinnedDomains"] as? [String: Any] ?? [:]
            pinned["api.example.com"] = ["TSKPublicKeyHashes": [Self.pinA, Self.pinC], "TSKEnforcePinning": false]
            trustKit["TSKPinnedDomains"] = pinned
            plist["TSKConfiguration"] = trustKit
            build.plist = plist
            build.files["Demo"] = try MachOBuild.image(strings: ["sha256/" + Self.pinC])
            return (build, try build.build())
        }
        let policy = BuildPolicy(try BuildScanner.scan(path: build.1))
        let api = try #require(policy.domains.first { $0.policy.host == "api.example.com" })
        #expect(api.policy.pins.map(\.position) == [.leaf, .ca])
        #expect(api.policy.pins.map(\.value) == [Self.pinA, Self.pinB])
        #expect(api.policy.includeSubdomains && api.policy.mode == .enforce && api.policy.expires == nil)
        let alsoChecked = policy.notCarried.filter { $0.reason == BuildPolicy.alsoChecked }
        #expect(alsoChecked.map(\.value) == ["sha256/" + Self.pinA, "sha256/" + Self.pinC])
        #expect(alsoChecked.allSatisfy { $0.location.keyPath?.hasPrefix("TSKConfiguration/") == true })
        let login = try #require(policy.domains.first { $0.policy.host == "login.example.com" })
        #expect(login.policy.mode == .reportOnly)
        #expect(login.policy.expires == CalendarDay("2027-06-29"))
        #expect(login.policy.pins.map(\.value) == [Self.pinA, Self.pinC])
        #expect(login.found.allSatisfy { $0.origins.map(\.certainty) == [.declared] })
        // The malformed CA identity is the importer's note, never a pin.
        #expect(policy.domains.first { $0.policy.host == "cdn.example.com" }?.policy.pins.map(\.value) == [Self.pinB])
        #expect(policy.unplaced.map(\.pin.value) == [Self.pinC])
        #expect(policy.unplaced.first?.origins.map(\.certainty) == [.codePattern])
        #expect(policy.unplaced.first?.origins.first?.location.offset != nil)
    }
}
