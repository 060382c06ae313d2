import ChainProbe
import ConnectionAudit
import Foundation
import PinningCore

/// One live connection judged the way an app would judge it: the chain the server sent, through the core's
/// validator (default trust, host name, pins), plus the App Transport Security rules.
///
/// `inspect` and `check` both print from this value, so they can never disagree about a verdict.
struct LiveInspection: Sendable {
    let probe: ProbeResult
    /// The certificates as sent, leaf first (those swift-certificates refuses included, with their refusal).
    let sent: [ChainCertificate]
    let verdict: Verdict
    /// The instant the verdict was judged at; reports count days left from it, so they agree with the verdict.
    let time: Date

    /// Judges a probe result at `time`, within what is left of the probe's deadline (path building through a hostile
    /// chain stops there, and the verdict says it was cut short). A certificate with a key clients refuse is judged
    /// like any other (the verdict names the refusal); this throws only when the server sent bytes that are not
    /// X.509 at all, which callers report as a rejection, in words.
    ///
    /// `revocation` says how to learn about the leaf's revocation (`--revocation`, as the command parsed it).
    static func judge(
        _ probe: ProbeResult, validator: PinValidator, at time: Date, revocation: RevocationMode,
        transparency: CTRequirement? = nil, deadline: Duration = .seconds(5)
    ) async throws -> LiveInspection {
        let sent = try probe.sentCertificates()
        let evidence = await revocation.evidence(
            for: probe, sent: sent, anchors: validator.trustAnchors, deadline: deadline)
        let verdict = await validator.validate(
            host: probe.target.host, chain: sent, at: time, limits: probe.judgingLimits(), revocation: evidence,
            transparency: transparency)
        return LiveInspection(probe: probe, sent: sent, verdict: verdict, time: time)
    }

    /// The path OpenSSL built to one of the trust anchors, or nil (then `probe.connection.builtChainProblem` says
    /// why).
    var built: [ChainCertificate]? { probe.connection.builtChain }

    /// App Transport Security, judged once by the probe from the chain as sent.
    var ats: ATSEvaluation { probe.connection.ats }

    /// The served chain as the validator judged it (sent certificates and the verified path, anchor included): what
    /// the lint rules compare pins with, so `check`, `lint --served` and the workbench agree with the verdict.
    var served: ServedChain { ServedChain(presented: sent, verdict: verdict) }

    /// The leaf's details (every successful handshake has a leaf).
    var leaf: CertificateDetails? { sent.first?.details }
}

/// The ATS evaluation as JSON.
struct ATSJSON: Encodable {
    struct Violation: Encodable {
        /// Stable identifier, e.g. `forwardSecrecy`.
        let rule: String
        /// The rule in words, e.g. "forward-secret cipher suite".
        let requirement: String
        let finding: String
        /// The Info.plist exception key that lifts it, or nil when none can.
        let exception: Exception?
    }
    /// `{"key": "NSExceptionMinimumTLSVersion", "value": "TLSv1.1"}`; the value is a string or a Boolean.
    struct Exception: Encodable {
        let key: String
        let value: ATSException.Value

        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(key, forKey: .key)
            switch value {
            case .string(let text): try container.encode(text, forKey: .value)
            case .bool(let flag): try container.encode(flag, forKey: .value)
            }
        }

        private enum CodingKeys: String, CodingKey { case key, value }
    }
    let passes: Bool
    let violations: [Violation]

    init(_ evaluation: ATSEvaluation) {
        passes = evaluation.passes
        violations = evaluation.violations.map {
            Violation(
                rule: $0.rule.rawValue, requirement: $0.rule.description, finding: $0.finding,
                exception: $0.exception.map { Exception(key: $0.key, value: $0.value) })
        }
    }
}

/// A probe failure as JSON.
struct ProbeFailureJSON: Encodable {
    let code: String
    let phase: String
    let reason: String
    let alert: String?

    init(_ failure: ProbeFailure) {
        code = failure.code.rawValue
        phase = "\(failure.phase)"
        reason = failure.reason
        alert = failure.alert
    }
}
