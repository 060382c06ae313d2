/// What the app's manifest states about itself.
public struct AppFacts: Codable, Sendable, Equatable {
    public var package: String?
    public var versionName: String?
    public var versionCode: Int?
    public var targetSdkVersion: Int?
    public var debuggable: Bool
    /// The network security config's entry, resolved through resources.arsc.
    public var networkSecurityConfig: String?
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
