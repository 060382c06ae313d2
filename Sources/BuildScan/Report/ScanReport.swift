/// What the app states about itself: an APK's manifest, an iOS app's Info.plist.
public struct AppFacts: Codable, Sendable, Equatable {
    /// The package name, or an iOS app's `CFBundleIdentifier`.
    public var package: String?
    /// `versionName`, or `CFBundleShortVersionString`.
    public var versionName: String?
    public var versionCode: Int?
    public var targetSdkVersion: Int?
    public var debuggable: Bool
    /// The network security config's entry, resolved through resources.arsc.
    public var networkSecurityConfig: String?
    /// An iOS app's `CFBundleVersion` (the build number, a string such as `4.1.0.7`).
    public var bundleVersion: String?
    /// An iOS app's `CFBundleExecutable`: the main Mach-O's name.
    public var executable: String?

    public init(
        package: String? = nil, versionName: String? = nil, versionCode: Int? = nil, targetSdkVersion: Int? = nil,
        debuggable: Bool = false, networkSecurityConfig: String? = nil, bundleVersion: String? = nil,
        executable: String? = nil
    ) {
        self.package = package
        self.versionName = versionName
        self.versionCode = versionCode
        self.targetSdkVersion = targetSdkVersion
        self.debuggable = debuggable
        self.networkSecurityConfig = networkSecurityConfig
        self.bundleVersion = bundleVersion
        self.executable = executable
    }
}

/// Everything one scan found in one artifact.
public struct ScanReport: Codable, Sendable, Equatable {
    public let artifact: String
    public let platform: String
    public let app: AppFacts
    public let findings: [ScanFinding]
    /// Findings dropped past ``ScanLimits/findings``.
    public let omittedFindings: Int
    /// The release-only rules the build breaks, each once, in a stable order (stored, so that JSON carries it).
    public let brokenRules: [ReleaseRule]

    /// Keeps the first `limit` findings; the rules are judged on all of them, so that a cap never hides a break.
    init(artifact: String, platform: String, app: AppFacts, findings: [ScanFinding], limit: Int) {
        self.artifact = artifact
        self.platform = platform
        self.app = app
        self.findings = Array(findings.prefix(limit))
        omittedFindings = max(0, findings.count - limit)
        brokenRules = ReleaseRule.allCases.filter { rule in findings.contains { $0.rules.contains(rule) } }
    }

    public var breaksReleaseRule: Bool { !brokenRules.isEmpty }
}
