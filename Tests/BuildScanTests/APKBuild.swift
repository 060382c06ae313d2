import Foundation
import TestSupport

/// An APK built by Debian's `aapt` from real sources (so the binary XML and resources.arsc are the real thing),
/// with a `classes.dex` from ``DexBuilder`` added as `aapt add` adds files.
struct APKBuild {
    static let frameworkResources = "/usr/share/android-framework-res/framework-res.apk"
    static var toolsPresent: Bool {
        ["/usr/bin/aapt", "/usr/bin/dexdump", frameworkResources].allSatisfy {
            FileManager.default.fileExists(atPath: $0)
        }
    }

    let folder = TemporaryFolder()
    var manifest = APKBuild.manifest()
    var networkSecurityConfig: String?
    /// Files under res/raw and assets, by their path in the APK.
    var files: [String: [UInt8]] = [:]
    var dex: [UInt8]?

    static func manifest(debuggable: Bool = false, config: Bool = true, targetSdk: Int = 34) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.pins" \
        android:versionCode="41" android:versionName="4.1">
          <uses-sdk android:minSdkVersion="21" android:targetSdkVersion="\(targetSdk)"/>
          <application android:label="Pins" android:debuggable="\(debuggable)"\
        \(config ? " android:networkSecurityConfig=\"@xml/network_security_config\"" : "")/>
        </manifest>
        """
    }

    /// Builds the APK and returns its path.
    func build(name: String = "app.apk") throws -> String {
        let root = folder.url.appendingPathComponent("src")
        let manager = FileManager.default
        try manager.createDirectory(at: root.appendingPathComponent("res/xml"), withIntermediateDirectories: true)
        try manager.createDirectory(at: root.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: root.appendingPathComponent("AndroidManifest.xml"))
        if let networkSecurityConfig {
            try Data(networkSecurityConfig.utf8).write(
                to: root.appendingPathComponent("res/xml/network_security_config.xml"))
        }
        for (path, bytes) in files {
            let url = root.appendingPathComponent(path)
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        let apk = folder.path(name)
        _ = try ProcessRunner.run(
            "/usr/bin/aapt",
            [
                "package", "-f", "-M", root.appendingPathComponent("AndroidManifest.xml").path, "-S",
                root.appendingPathComponent("res").path, "-A", root.appendingPathComponent("assets").path, "-I",
                Self.frameworkResources, "-F", apk,
            ]
        ).checked()
        if let dex {
            try Data(dex).write(to: root.appendingPathComponent("classes.dex"))
            _ = try ProcessRunner.run("/usr/bin/aapt", ["add", apk, "classes.dex"], currentDirectory: root).checked()
        }
        return apk
    }

    static func networkSecurityConfig(
        pins: [String], anchor: String = "@raw/corp_ca", overridePins: Bool = true,
        debugAnchor: String = "user"
    ) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <network-security-config>
          <base-config cleartextTrafficPermitted="false">
            <trust-anchors><certificates src="system"/></trust-anchors>
          </base-config>
          <domain-config>
            <domain includeSubdomains="true">api.example.com</domain>
            <domain>login.example.com</domain>
            <pin-set expiration="2027-06-30">
        \(pins.map { "      <pin digest=\"SHA-256\">\($0)</pin>" }.joined(separator: "\n"))
            </pin-set>
            <trust-anchors><certificates src="\(anchor)" overridePins="\(overridePins)"/></trust-anchors>
            <domain-config cleartextTrafficPermitted="true"><domain>legacy.example.com</domain></domain-config>
          </domain-config>
          <debug-overrides><trust-anchors><certificates src="\(debugAnchor)"/></trust-anchors></debug-overrides>
        </network-security-config>
        """
    }
}
