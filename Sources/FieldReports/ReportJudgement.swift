import PinningCore

/// What a report means, decided by PinBench from the chain it carries, never taken from the report's own words: a
/// typed kind, the typed reason for it, and the release it was judged under.
public struct ReportJudgement: Hashable, Sendable {
    /// The answer a team acts on.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// PinBench accepts the chain under the release's pins: the device is at fault (its clock, its trust store,
        /// its pinning code), not the pins.
        case clientFault = "client-fault"
        /// A chain default trust accepts that the release's pins reject: the pins are stale and users are locked out.
        case lockout
        /// A chain to a root outside the trust store: a proxy, antivirus or attacker in the middle.
        case interception
        /// A publicly trusted chain the pins reject whose certificate neither the CT watch nor the releases know: a
        /// certificate no CT log holds (or none PinBench can tell is logged) for a pinned host. High priority, like an
        /// interception: a CA may have issued it to someone else.
        case suspicious
        /// Default trust rejects the chain for another reason (expired, wrong host, bad key usage).
        case invalidChain = "invalid-chain"
        /// No chain, or one that is not certificates: kept and counted, nothing to judge.
        case unjudgeable
    }

    /// Why, one case per rule the judge applies.
    public enum Reason: String, Hashable, Sendable, CaseIterable {
        /// The device's reported time lies outside the leaf's validity: its clock is wrong.
        case deviceClock = "device-clock"
        /// The pins the app says it knew differ from the release's: the version maps to other pins than it carries.
        case knownPinsDiffer = "known-pins-differ"
        /// Accepted here with the device's clock in range: a stale trust store or a bug in the client.
        case acceptedHere = "accepted-here"
        /// The release's pins reject a trusted chain, the domain enforcing them.
        case pinsReject = "pins-reject"
        /// The same under a report-only domain: nobody is locked out yet, the pins are stale all the same.
        case reportOnlyPinsReject = "report-only-pins-reject"
        /// A trusted chain that none of the pins the device says it knew matches: that build is locked out, whatever
        /// release its version maps to (a version missing from the releases file among them).
        case devicePinsReject = "device-pins-reject"
        /// No certificate of the chain is a trust anchor or signed by one: a chain to a root outside the trust store,
        /// whichever rule the validator refused it by first (a refused key, an unknown issuer).
        case untrustedRoot = "untrusted-root"
        /// Suspicious: the CT watch has read its logs and found no such certificate.
        case notLogged = "not-logged"
        /// Suspicious: the leaf carries no embedded SCT, so it fails the core's CT policy (``CTPolicy``) under any log
        /// list: no log promised to hold it.
        case noSCTs = "no-scts"
        /// Suspicious: nothing tells whether a log holds the certificate (no CT watch state was given, or the watch
        /// has read no log yet), and no release pins its key. Unknown certificates alert; they are never taken for a
        /// lockout.
        case ctUnknown = "ct-unknown"
        /// Default trust rejects the chain for the reason ``ReportJudgement/rejection`` names.
        case chainRejected = "chain-rejected"
        case noChain = "no-chain"
        case unreadableChain = "unreadable-chain"
    }

    public let kind: Kind
    public let reason: Reason
    /// The release the app version maps to, or nil when none does (then the working manifest's pins judged it).
    public let release: String?
    /// For an interception, the name the chain gives its top issuer (escaped when shown: it is the sender's text).
    public let issuer: String?
    /// For a chain default trust rejects, the core's typed rejection.
    public let rejection: Verdict.Rejection?
    /// One sentence for people; the decision lives in the typed fields above.
    public let detail: String

    public init(
        kind: Kind, reason: Reason, release: String?, issuer: String? = nil, rejection: Verdict.Rejection? = nil,
        detail: String
    ) {
        self.kind = kind
        self.reason = reason
        self.release = release
        self.issuer = issuer
        self.rejection = rejection
        self.detail = detail
    }
}
