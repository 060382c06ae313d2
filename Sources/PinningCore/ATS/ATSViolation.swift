/// One ATS rule a connection breaks, with what was found.
public struct ATSViolation: Hashable, Sendable, CustomStringConvertible {
    public let rule: ATSRule
    /// What was found, in words (terminal-safe), e.g. "TLS_RSA_WITH_AES_256_GCM_SHA384 uses RSA key exchange".
    public let finding: String

    public init(rule: ATSRule, finding: String) {
        self.rule = rule
        self.finding = finding.terminalSafe
    }

    public var description: String { "\(rule): \(finding)" }
}
