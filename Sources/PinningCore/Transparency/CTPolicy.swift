import Foundation
import X509

/// PinBench's Certificate Transparency policy: valid SCTs from distinct logs of the log list, as many as Apple's
/// policy asks of embedded SCTs for the leaf's lifetime (``CTPolicy/requiredDistinctLogs(lifetime:)``: two up to 180
/// days, three above), as ATS (`NSRequiresCertificateTransparency`) and Chrome count them.
///
/// What Apple's and Chrome's real policies add, and this one does not: the logs must belong to distinct operators,
/// each log must have been usable (qualified) at the SCT's time, and SCTs may also come from the TLS extension or an
/// OCSP staple, where two always suffice (only embedded SCTs are read here).
public struct CTPolicyResult: Hashable, Sendable, Encodable {
    public struct Checked: Hashable, Sendable, Encodable {
        public let timestamp: SignedCertificateTimestamp
        public let result: SCTVerifier.Result

        public init(timestamp: SignedCertificateTimestamp, result: SCTVerifier.Result) {
            self.timestamp = timestamp
            self.result = result
        }

        private enum CodingKeys: String, CodingKey { case logID, log, timestamp, algorithm, status }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(timestamp.logIDBase64, forKey: .logID)
            try container.encode(timestamp.timestamp, forKey: .timestamp)
            try container.encode(timestamp.algorithmName, forKey: .algorithm)
            switch result {
            case .valid(let log):
                try container.encode(log.description, forKey: .log)
                try container.encode("valid", forKey: .status)
            case .invalidSignature(let log):
                try container.encode(log.description, forKey: .log)
                try container.encode("invalid-signature", forKey: .status)
            case .unknownLog: try container.encode("unknown-log", forKey: .status)
            case .unsupportedAlgorithm: try container.encode("unsupported-algorithm", forKey: .status)
            case .futureTimestamp: try container.encode("future-timestamp", forKey: .status)
            }
        }

        /// "valid, Lab Log A (ECDSA-SHA256, 2026-11-24 10:00:00 UTC)".
        public var line: String {
            let when = RevocationCheck.format(timestamp.timestamp)
            let what: String
            switch result {
            case .valid(let log): what = "valid, \(log.description)"
            case .invalidSignature(let log): what = "INVALID signature, claims \(log.description)"
            case .unknownLog: what = "unknown log \(timestamp.logIDBase64)"
            case .unsupportedAlgorithm: what = "unsupported algorithm"
            case .futureTimestamp: what = "timestamp in the future"
            }
            return "\(what) (\(timestamp.algorithmName), \(when))".terminalSafe
        }
    }

    public let checked: [Checked]
    /// Set when the SCT list could not be read at all.
    public let problem: String?
    /// The distinct logs the policy asks for (``CTPolicy/requiredDistinctLogs(lifetime:)`` of the leaf).
    public let requiredDistinctLogs: Int

    public init(checked: [Checked], problem: String? = nil, requiredDistinctLogs: Int = 2) {
        self.checked = checked
        self.problem = problem
        self.requiredDistinctLogs = requiredDistinctLogs
    }

    /// Distinct logs with at least one valid SCT: two SCTs from one log count once.
    public var distinctValidLogs: Int {
        Set(checked.compactMap { if case .valid(let log) = $0.result { return log.logID } else { return nil } }).count
    }

    public var meetsPolicy: Bool { distinctValidLogs >= requiredDistinctLogs }

    /// One line: "meets the CT policy: 2 valid SCTs from 2 distinct logs (of 2 embedded)".
    public var summary: String {
        if let problem { return "fails the CT policy: the SCT list cannot be read (\(problem))" }
        let valid = checked.filter(\.result.isValid).count
        let counts =
            "\(valid) valid SCT\(valid == 1 ? "" : "s") from \(distinctValidLogs) distinct log"
            + "\(distinctValidLogs == 1 ? "" : "s") (of \(checked.count) embedded)"
        return meetsPolicy
            ? "meets the CT policy: \(counts)"
            : "fails the CT policy (at least \(requiredDistinctLogs) distinct logs): \(counts)"
    }

    private enum CodingKeys: String, CodingKey {
        case meetsPolicy, distinctValidLogs, requiredDistinctLogs, timestamps, summary
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(meetsPolicy, forKey: .meetsPolicy)
        try container.encode(distinctValidLogs, forKey: .distinctValidLogs)
        try container.encode(requiredDistinctLogs, forKey: .requiredDistinctLogs)
        try container.encode(checked, forKey: .timestamps)
        try container.encode(summary, forKey: .summary)
    }
}

/// Evaluates the policy for a verified path's leaf and issuer.
public enum CTPolicy {
    /// The longest lifetime for which two embedded SCTs suffice: 180 days (Apple's policy; Chrome's is the same).
    public static let twoLogLifetime: TimeInterval = 180 * 86_400

    /// How many distinct logs must have signed a certificate valid for `lifetime` (notAfter − notBefore): two up to
    /// ``twoLogLifetime``, three above, as Apple counts embedded SCTs.
    public static func requiredDistinctLogs(lifetime: TimeInterval) -> Int {
        lifetime <= twoLogLifetime ? 2 : 3
    }

    public static func evaluate(
        leaf: Certificate, issuer: Certificate, logs: CTLogList, at time: Date
    ) -> CTPolicyResult {
        let required = requiredDistinctLogs(lifetime: leaf.notValidAfter.timeIntervalSince(leaf.notValidBefore))
        do {
            let timestamps = try SignedCertificateTimestamp.embedded(in: leaf)
            return CTPolicyResult(
                checked: timestamps.map {
                    .init(
                        timestamp: $0, result: SCTVerifier.verify($0, leaf: leaf, issuer: issuer, logs: logs, at: time))
                }, requiredDistinctLogs: required)
        } catch {
            return CTPolicyResult(checked: [], problem: error.description, requiredDistinctLogs: required)
        }
    }
}

/// What the validator checks about Certificate Transparency: the SCTs against `logs`, and whether failing the
/// policy rejects (`required`, as `NSRequiresCertificateTransparency` does) or is only reported.
public struct CTRequirement: Sendable {
    public let logs: CTLogList
    public let required: Bool

    public init(logs: CTLogList, required: Bool) {
        self.logs = logs
        self.required = required
    }
}
