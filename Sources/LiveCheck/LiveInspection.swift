import ChainProbe
import ConnectionAudit
import Foundation
import PinningCore

/// One live connection judged the way an app would judge it: the chain the server sent, through the core's
/// validator (default trust, host name, pins), plus the App Transport Security rules.
///
/// `inspect` and `check` both print from this value, so they can never disagree about a verdict.
public struct LiveInspection: Sendable {
    public let probe: ProbeResult
    /// The certificates as sent, leaf first (those swift-certificates refuses included, with their refusal).
    public let sent: [ChainCertificate]
    public let verdict: Verdict
    /// The instant the verdict was judged at; reports count days left from it, so they agree with the verdict.
    public let time: Date

    /// Judges a probe result at `time`, within what is left of the probe's deadline (path building through a hostile
    /// chain stops there, and the verdict says it was cut short). A certificate with a key clients refuse is judged
    /// like any other (the verdict names the refusal); this throws only when the server sent bytes that are not
    /// X.509 at all, which callers report as a rejection, in words.
    ///
    /// `revocation` says how to learn about the leaf's revocation (`--revocation`, as the command parsed it);
    /// `certificates`, when given, holds the certificates other probes of the batch sent, decoded.
    public static func judge(
        _ probe: ProbeResult, validator: PinValidator, at time: Date, revocation: RevocationMode,
        transparency: CTRequirement? = nil, deadline: Duration = .seconds(5), certificates: SentCertificateMemo? = nil
    ) async throws -> LiveInspection {
        let sent = try probe.sentCertificates(memo: certificates)
        let evidence = await revocation.evidence(
            for: probe, sent: sent, anchors: validator.trustAnchors, deadline: deadline)
        let verdict = await validator.validate(
            host: probe.target.host, chain: sent, at: time, limits: probe.judgingLimits(), revocation: evidence,
            transparency: transparency)
        return LiveInspection(probe: probe, sent: sent, verdict: verdict, time: time)
    }

    /// The path OpenSSL built to one of the trust anchors, or nil (then `probe.connection.builtChainProblem` says
    /// why).
    public var built: [ChainCertificate]? { probe.connection.builtChain }

    /// App Transport Security, judged once by the probe from the chain as sent.
    public var ats: ATSEvaluation { probe.connection.ats }

    /// The served chain as the validator judged it (sent certificates and the verified path, anchor included): what
    /// the lint rules compare pins with, so `check`, `lint --served` and the workbench agree with the verdict.
    public var served: ServedChain { ServedChain(presented: sent, verdict: verdict) }

    /// The leaf's details (every successful handshake has a leaf).
    public var leaf: CertificateDetails? { sent.first?.details }
}
