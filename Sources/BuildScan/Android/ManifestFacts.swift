/// What `AndroidManifest.xml` states: package, versions, target SDK, debuggable, the network security config.
enum ManifestFacts {
    static func read(_ manifest: BinaryXMLElement) -> AppFacts {
        let application = manifest.children.first { $0.name == "application" }
        let usesSDK = manifest.children.first { $0.name == "uses-sdk" }
        return AppFacts(
            package: manifest.attribute("package")?.text, versionName: manifest.attribute("versionName")?.text,
            versionCode: integer(manifest.attribute("versionCode")),
            targetSdkVersion: integer(usesSDK?.attribute("targetSdkVersion")),
            debuggable: application?.attribute("debuggable")?.boolean ?? false, networkSecurityConfig: nil)
    }

    /// The resource `android:networkSecurityConfig` references, if the application names one.
    static func networkSecurityConfigReference(_ manifest: BinaryXMLElement) -> UInt32? {
        let application = manifest.children.first { $0.name == "application" }
        if case .reference(let id) = application?.attribute("networkSecurityConfig") { return id }
        return nil
    }

    /// With no network security config, the platform's defaults decide: an app targeting API 23 or lower trusts
    /// user-installed CAs for every host (developer.android.com, "Network security configuration", defaults).
    static func platformDefaults(_ app: AppFacts, entry: String) -> [ScanFinding] {
        guard let target = app.targetSdkVersion, target <= 23 else { return [] }
        return [
            ScanFinding(
                .trustAnchor, value: "user",
                detail:
                    "no network security config and targetSdkVersion \(target): the platform's default trusts user CAs",
                location: ScanLocation(entry: entry, keyPath: "manifest/uses-sdk@targetSdkVersion"),
                certainty: .declared, rules: [.userTrust])
        ]
    }

    private static func integer(_ value: ResourceValue?) -> Int? {
        switch value {
        case .integer(let number): Int(number)
        case .string(let text): Int(text)
        default: nil
        }
    }
}
