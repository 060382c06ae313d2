import ConnectionAudit

/// The ATS evaluation as JSON.
public struct ATSJSON: Encodable, Sendable {
    public struct Violation: Encodable, Sendable {
        /// Stable identifier, e.g. `forwardSecrecy`.
        public let rule: String
        /// The rule in words, e.g. "forward-secret cipher suite".
        public let requirement: String
        public let finding: String
        /// The Info.plist exception key that lifts it, or nil when none can.
        public let exception: Exception?
    }
    /// `{"key": "NSExceptionMinimumTLSVersion", "value": "TLSv1.1"}`; the value is a string or a Boolean.
    public struct Exception: Encodable, Sendable {
        public let key: String
        public let value: ATSException.Value

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(key, forKey: .key)
            switch value {
            case .string(let text): try container.encode(text, forKey: .value)
            case .bool(let flag): try container.encode(flag, forKey: .value)
            }
        }

        private enum CodingKeys: String, CodingKey { case key, value }
    }
    public let passes: Bool
    public let violations: [Violation]

    public init(_ evaluation: ATSEvaluation) {
        passes = evaluation.passes
        violations = evaluation.violations.map {
            Violation(
                rule: $0.rule.rawValue, requirement: $0.rule.description, finding: $0.finding,
                exception: $0.exception.map { Exception(key: $0.key, value: $0.value) })
        }
    }
}
