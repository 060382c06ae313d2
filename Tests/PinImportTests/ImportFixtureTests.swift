import Foundation
import PinImport
import PinningCore
import TestSupport
import Testing

/// Hand-written configurations shaped like the ones in TrustKit's README, Android's Network Security Config guide
/// and Apple's NSPinnedDomains documentation, read as an app ships them.
@Suite("Imports: real-world-shaped configurations")
struct ImportFixtureTests {
    static let trustKitInfoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>CFBundleIdentifier</key>
        	<string>com.datatheorem.TrustKitDemo</string>
        	<key>TSKConfiguration</key>
        	<dict>
        		<key>TSKSwizzleNetworkDelegates</key>
        		<false/>
        		<key>TSKPinnedDomains</key>
        		<dict>
        			<key>www.datatheorem.com</key>
        			<dict>
        				<key>TSKExpirationDate</key>
        				<string>2027-12-01</string>
        				<key>TSKPublicKeyHashes</key>
        				<array>
        					<string>HXXQgxueCIU5TTLHob/bPbwcKOKw6DkfsTWYHbxbqTY=</string>
        					<string>0SDf3cRToyZJaMsoS17oF72VMavLxj/N7WBNasNuiR8=</string>
        				</array>
        				<key>TSKEnforcePinning</key>
        				<false/>
        				<key>TSKReportUris</key>
        				<array>
        					<string>http://report.datatheorem.com/log_report</string>
        					<string>https://report.datatheorem.com/log_report</string>
        				</array>
        			</dict>
        			<key>yahoo.com</key>
        			<dict>
        				<key>TSKPublicKeyHashes</key>
        				<array>
        					<string>TQEtdMbmwFgYUifM4LDF+xgEtd0z69mPGmkp014d6ZY=</string>
        					<string>rFjc3wG7lTZe43zeYTvPq8k4xdDEutCmIhI5dn4oCeE=</string>
        				</array>
        				<key>TSKIncludeSubdomains</key>
        				<true/>
        				<key>TSKDisableDefaultReportUri</key>
        				<true/>
        			</dict>
        		</dict>
        	</dict>
        </dict>
        </plist>
        """

    static let androidConfig = """
        <?xml version="1.0" encoding="utf-8"?>
        <network-security-config>
            <base-config cleartextTrafficPermitted="false" />
            <domain-config>
                <domain includeSubdomains="true">example.com</domain>
                <pin-set expiration="2018-01-01">
                    <pin digest="SHA-256">7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y=</pin>
                    <!-- backup pin -->
                    <pin digest="SHA-256">fwza0LRMXouZHRC8Ei+4PyuldPDcf3UKgO/04cDM1oE=</pin>
                    <pin digest="SHA-1">2fRAUXyxl4A1/XHrKNBmc8bTkzA=</pin>
                </pin-set>
                <domain-config cleartextTrafficPermitted="true">
                    <domain>insecure.example.com</domain>
                </domain-config>
                <domain-config>
                    <domain>cdn.example.com</domain>
                    <pin-set>
                        <pin digest="SHA-256">r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=</pin>
                    </pin-set>
                    <trust-anchors>
                        <certificates src="@raw/my_ca"/>
                    </trust-anchors>
                </domain-config>
            </domain-config>
            <debug-overrides>
                <trust-anchors>
                    <certificates src="@raw/debug_cas"/>
                </trust-anchors>
            </debug-overrides>
        </network-security-config>
        """

    static let atsInfoPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>NSAppTransportSecurity</key>
            <dict>
                <key>NSAllowsArbitraryLoads</key>
                <false/>
                <key>NSPinnedDomains</key>
                <dict>
                    <key>example.org</key>
                    <dict>
                        <key>NSIncludesSubdomains</key>
                        <true/>
                        <key>NSPinnedCAIdentities</key>
                        <array>
                            <dict>
                                <key>SPKI-SHA256-BASE64</key>
                                <string>r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=</string>
                            </dict>
                        </array>
                    </dict>
                    <key>api.example.org</key>
                    <dict>
                        <key>NSPinnedLeafIdentities</key>
                        <array>
                            <dict>
                                <key>SPKI-SHA256-BASE64</key>
                                <string>7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y=</string>
                            </dict>
                            <dict>
                                <key>SPKI-SHA256-BASE64</key>
                                <string>fwza0LRMXouZHRC8Ei+4PyuldPDcf3UKgO/04cDM1oE=</string>
                            </dict>
                        </array>
                    </dict>
                </dict>
            </dict>
        </dict>
        </plist>
        """

    func read(_ text: String, _ format: ImportFormat) throws -> ImportedConfiguration {
        try ConfigurationImporter.read(Data(text.utf8), as: format, path: "fixture")
    }

    func domain(_ configuration: ImportedConfiguration, _ host: String) -> DomainPolicy? {
        configuration.domains.first { $0.policy.host == host }?.policy
    }

    @Test("TrustKit README shape: pins, report-only, expiry, subdomains; report URIs and app settings listed")
    func trustKit() throws {
        let imported = try read(Self.trustKitInfoPlist, .trustkit)
        let datatheorem = try #require(domain(imported, "www.datatheorem.com"))
        #expect(
            datatheorem.pins.map(\.value) == [
                "HXXQgxueCIU5TTLHob/bPbwcKOKw6DkfsTWYHbxbqTY=", "0SDf3cRToyZJaMsoS17oF72VMavLxj/N7WBNasNuiR8=",
            ])
        #expect(datatheorem.mode == .reportOnly)
        // TSKExpirationDate 2027-12-01 is the first day without pins.
        #expect(datatheorem.expires == CalendarDay("2027-11-30"))
        #expect(!datatheorem.includeSubdomains)
        // The http:// URI breaks the manifest's rule (https only) and is listed; the https one is carried.
        #expect(datatheorem.reportUris == ["https://report.datatheorem.com/log_report"])
        let yahoo = try #require(domain(imported, "yahoo.com"))
        #expect(yahoo.includeSubdomains && yahoo.mode == .enforce && yahoo.expires == nil)
        let skipped = imported.notCarried.map { "\($0.code.rawValue) \($0.location)" }
        #expect(
            skipped.sorted() == [
                "malformedValue TSKConfiguration › TSKPinnedDomains › www.datatheorem.com › TSKReportUris › 0",
                "unsupportedSetting TSKConfiguration › TSKPinnedDomains › yahoo.com › TSKDisableDefaultReportUri",
                "unsupportedSetting TSKConfiguration › TSKSwizzleNetworkDelegates",
            ])
    }

    @Test("TrustKit as a binary plist written by Python's plistlib, and as a standalone TSKPinnedDomains plist")
    func trustKitBinaryAndStandalone() throws {
        let folder = TemporaryFolder()
        folder.write("Info.plist", Self.trustKitInfoPlist)
        let script = """
            import plistlib, sys
            with open(sys.argv[1], 'rb') as f: d = plistlib.load(f)
            with open(sys.argv[2], 'wb') as f: plistlib.dump(d, f, fmt=plistlib.FMT_BINARY)
            with open(sys.argv[3], 'wb') as f: plistlib.dump(d['TSKConfiguration'], f)
            """
        _ = try ProcessRunner.run(
            "/usr/bin/python3",
            ["-c", script, folder.path("Info.plist"), folder.path("bin.plist"), folder.path("tk.plist")]
        ).checked()
        let binary = try ConfigurationImporter.read(URL(fileURLWithPath: folder.path("bin.plist")), as: .trustkit)
        let xml = try read(Self.trustKitInfoPlist, .trustkit)
        #expect(binary.domains == xml.domains)
        #expect(
            String(
                decoding: try Data(contentsOf: URL(fileURLWithPath: folder.path("bin.plist"))).prefix(6), as: UTF8.self)
                == "bplist")
        let standalone = try ConfigurationImporter.read(URL(fileURLWithPath: folder.path("tk.plist")), as: .trustkit)
        #expect(standalone.domains == xml.domains)
    }

    @Test("Android guide shape: nested configs inherit the pin-set, SHA-1 and trust anchors listed")
    func android() throws {
        let imported = try read(Self.androidConfig, .android)
        #expect(imported.domains.map(\.policy.host) == ["example.com", "insecure.example.com", "cdn.example.com"])
        let example = try #require(domain(imported, "example.com"))
        // expiration="2018-01-01" is the first day without pins.
        #expect(example.includeSubdomains && example.expires == CalendarDay("2017-12-31"))
        #expect(
            example.pins.map(\.value) == [
                "7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y=", "fwza0LRMXouZHRC8Ei+4PyuldPDcf3UKgO/04cDM1oE=",
            ])
        // The nested config without a pin-set inherits its parent's, expiration included.
        let insecure = try #require(domain(imported, "insecure.example.com"))
        #expect(insecure.pins == example.pins && insecure.expires == example.expires && !insecure.includeSubdomains)
        // The nested config with its own pin-set uses only its own.
        let cdn = try #require(domain(imported, "cdn.example.com"))
        #expect(cdn.pins.map(\.value) == ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="] && cdn.expires == nil)
        let codes = imported.notCarried.map(\.code)
        #expect(codes.filter { $0 == .unsupportedDigest }.count == 1)
        #expect(imported.notCarried.contains { $0.code == .unsupportedDigest && $0.location.contains("line 10") })
        #expect(imported.notCarried.contains { $0.location.contains("<trust-anchors> at line 20") })
        #expect(imported.notCarried.contains { $0.location.hasSuffix("<base-config> at line 3") })
        #expect(imported.notCarried.contains { $0.location.hasSuffix("<debug-overrides> at line 25") })
        #expect(imported.notCarried.contains { $0.location.hasSuffix("cleartextTrafficPermitted") })
    }

    @Test("Apple's NSPinnedDomains shape: CA identities at position ca, leaf identities at position leaf")
    func ats() throws {
        let imported = try read(Self.atsInfoPlist, .ats)
        let org = try #require(domain(imported, "example.org"))
        #expect(org.includeSubdomains)
        #expect(org.pins.map(\.position) == [.ca])
        let api = try #require(domain(imported, "api.example.org"))
        #expect(api.pins.map(\.position) == [.leaf, .leaf] && !api.includeSubdomains)
        #expect(imported.notCarried.map(\.location) == ["NSAppTransportSecurity › NSAllowsArbitraryLoads"])
        #expect(imported.domains.allSatisfy { $0.stated == [.includeSubdomains] })
    }

    @Test("merging keeps what the format does not state, changes what it does, and never removes a pin")
    func merge() throws {
        let existingPin = Pin(
            type: .spkiSHA256, value: "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=", role: .backup, label: "kept")
        let other = Pin(type: .spkiSHA256, value: Data(repeating: 9, count: 32).base64EncodedString())
        var manifest = PinManifest(domains: [
            DomainPolicy(
                host: "example.org", mode: .reportOnly, expires: CalendarDay("2030-01-01"), pins: [existingPin, other])
        ])
        let changes = ImportMerge.apply(
            try read(Self.atsInfoPlist, .ats), to: &manifest, added: Date(), note: "imported")
        let org = try #require(manifest.domains.first { $0.host == "example.org" })
        // ATS states includeSubdomains, but no mode and no expiry: those stay.
        #expect(org.includeSubdomains && org.mode == .reportOnly && org.expires == CalendarDay("2030-01-01"))
        #expect(org.pins == [existingPin, other])
        #expect(changes.contains { $0.action == .changedSetting && $0.detail == "includeSubdomains: false → true" })
        #expect(changes.contains { $0.action == .alreadyPinned && $0.pin == existingPin.value })
        let api = try #require(manifest.domains.first { $0.host == "api.example.org" })
        #expect(
            api.mode == .enforce
                && api.pins.allSatisfy { $0.note == "imported" && $0.added != nil && $0.role == .active })

        // TrustKit states mode and expiry: they change, and the change is listed.
        var trustKitManifest = PinManifest(domains: [
            DomainPolicy(host: "yahoo.com", mode: .reportOnly, expires: CalendarDay("2030-01-01"))
        ])
        let trustKitChanges = ImportMerge.apply(try read(Self.trustKitInfoPlist, .trustkit), to: &trustKitManifest)
        #expect(trustKitManifest.domains.first?.mode == .enforce && trustKitManifest.domains.first?.expires == nil)
        #expect(trustKitChanges.contains { $0.detail == "expires: 2030-01-01 → none" })
        #expect(trustKitChanges.contains { $0.detail == "mode: report-only → enforce" })
    }
}
