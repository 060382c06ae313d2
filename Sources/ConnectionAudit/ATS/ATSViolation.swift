/// One ATS rule a connection breaks, with what was found and the exception key that would let an app connect anyway.
public struct ATSViolation: Hashable, Sendable, CustomStringConvertible {
    public let rule: ATSRule
    /// What was found, in words (terminal-safe), e.g. "TLS_RSA_WITH_AES_256_GCM_SHA384 uses RSA key exchange".
    public let finding: String
    /// The Info.plist exception that lifts this violation; nil when no ATS key can (the server must change).
    public let exception: ATSException?

    public init(rule: ATSRule, finding: String, exception: ATSException? = nil) {
        self.rule = rule
        self.finding = finding.terminalSafe
        self.exception = exception
    }

    /// The finding and what would allow it: "TLS 1.1 < 1.2 (allowed by NSExceptionMinimumTLSVersion = TLSv1.1)".
    public var description: String {
        "\(rule): \(finding) (\(remedy))"
    }

    /// "allowed by KEY = VALUE", or that no exception key allows it.
    public var remedy: String {
        exception.map { "allowed by \($0)" } ?? "no ATS exception key allows it"
    }
}
