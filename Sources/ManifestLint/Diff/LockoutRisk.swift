import Foundation
import PinningCore

/// A way a changed domain could lock an app's users out, judged against the chain its server serves.
public struct LockoutRisk: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// No pin of the enforced domain matches the served chain: every connection would be rejected.
        case pinsMatchNothingServed = "pins-match-nothing-served"
        /// No backup pin is outside the served chain: losing that chain (a compromised or rotated key) would leave
        /// nothing to fall back on but an app update.
        case noBackupOutsideServed = "no-backup-outside-served"
        /// Fewer than two pins enforced (lint's `too-few-pins`): one key change locks every installed app out.
        /// Judged without a served chain.
        case tooFewPins = "too-few-pins"
        /// No pin has the backup role (lint's `no-backup-pin`): a forced rotation needs an app update first.
        /// Judged without a served chain.
        case noBackupPin = "no-backup-pin"
        /// The served chain fails default trust evaluation with the new manifest's trust anchors: every connection
        /// is rejected before pins are looked at (``trustFailure`` says why).
        case servedChainUntrusted = "served-chain-untrusted"
        /// The served chain was trusted with the old manifest's trust anchors and is not with the new one's: the
        /// change drops anchors it needs (``trustAnchorsDropped``).
        case trustAnchorDropped = "trust-anchor-dropped"
    }

    /// The domain (normalized host) whose policy is at risk.
    public var host: String
    public var kind: Kind
    /// True when the domain as it was before the change had the same risk: the change did not bring it in.
    public var alsoBefore: Bool
    public var message: String
    /// The host whose served chain showed the risk: `host` itself, or a subdomain its `includeSubdomains` policy
    /// governs. Nil for the risks of the pin set alone.
    public var servedHost: String?
    /// Why default trust rejects the served chain, for the trust kinds.
    public var trustFailure: Verdict.Rejection?
    /// The trust anchors the change drops, for ``Kind/trustAnchorDropped``.
    public var trustAnchorsDropped: [String]?

    public init(
        host: String, kind: Kind, alsoBefore: Bool, message: String, servedHost: String? = nil,
        trustFailure: Verdict.Rejection? = nil, trustAnchorsDropped: [String]? = nil
    ) {
        self.host = host
        self.kind = kind
        self.alsoBefore = alsoBefore
        self.message = message
        self.servedHost = servedHost
        self.trustFailure = trustFailure
        self.trustAnchorsDropped = trustAnchorsDropped
    }
}

/// The lockout risk of a change: what each added or changed domain risks with the chain its server serves.
public struct LockoutAssessment: Hashable, Sendable {
    public var risks: [LockoutRisk]
    /// Enforced domains the change touches for which no served chain was given, so they could not be judged.
    public var unchecked: [String]

    /// Risks that the change brings in (not those the domain had before).
    public var introduced: [LockoutRisk] { risks.filter { !$0.alsoBefore } }
    public var isRisky: Bool { risks.contains { !$0.alsoBefore } }
}
