import PinningCore

/// What one client means by "matches a pin": which certificates it looks at, which pins its configuration carries,
/// how it treats subdomains, expiry and report-only, the default trust of its TLS stack, and the words it says its
/// decisions in. Values only: ``ClientJudge`` applies them to a verdict.
///
/// Each client is one file of `Clients/` that declares all of this; ARCHITECTURE.md says how to add one. Every rule
/// names where it comes from (``ClientModel/sources``), since the clients that cannot run here (iOS, Android) are
/// modelled from their documentation and source alone.
public struct ClientModel: Hashable, Sendable {
    /// Which certificates a client compares with its pins.
    public enum Certificates: Hashable, Sendable {
        /// The first certificate the server sent, whatever the path (curl's `--pinnedpubkey`).
        case presentedLeaf
        /// The chain the client's trust evaluation built, leaf to trust anchor, the anchor included even when the
        /// server did not send it; certificates sent off the path are not in it.
        case verifiedPath
        /// None: the client ignores the pins (HPKP in every current browser).
        case none
    }

    /// Which manifest positions a pin keeps in the client's configuration, and where it may match.
    public enum Positions: Hashable, Sendable {
        /// Only leaf and position-any pins are carried, and they match the leaf only (curl).
        case leafOnly
        /// Every pin is carried and matches at any level: the client's configuration has no position.
        case anyLevel
        /// Leaf pins match the leaf, CA pins a CA of the path (never the leaf); position-any pins are not carried;
        /// when the domain has both kinds, both must match (ATS `NSPinnedLeafIdentities` / `NSPinnedCAIdentities`).
        case leafAndCAIdentities
    }

    /// Which hosts below a domain with `includeSubdomains` the client's configuration covers.
    public enum Subdomains: Hashable, Sendable {
        /// The exact host only (curl: one command line, one URL).
        case exactHostOnly
        /// The host and names one label below it (OkHttp 3's `*.host`).
        case oneLabel
        /// The host and every name below it.
        case all
    }

    /// What a domain's `expires` does in the client.
    public enum Expiry: Hashable, Sendable {
        /// The client has no expiry: the pins stay enforced as long as the app ships them.
        case notCarried
        /// After `expires` the client stops checking pins.
        case honoured
    }

    /// What the client does with a report-only domain.
    public enum ReportOnly: Hashable, Sendable {
        /// The client has no report-only mode: the exported pins are enforced.
        case enforced
        /// A mismatch is reported and the connection proceeds.
        case reported
        /// The export gives the domain default trust evaluation only: the pins are not checked at all.
        case notPinned
    }

    /// How a client with bundled certificates picks one kind of pin per host.
    public enum PinKinds: Hashable, Sendable {
        /// The pin types listed in ``pinTypes``, all together.
        case listed
        /// Key pins when the domain has any, else certificate pins: evaluators of one host must all pass, so the
        /// export never mixes kinds (``CertificateBundle`` in PinExport).
        case keysElseCertificates
    }

    /// One rule of the model and where it comes from: a project and file, or a documentation page.
    public struct Source: Hashable, Sendable {
        public let rule: String
        public let citation: String

        public init(_ rule: String, _ citation: String) {
            self.rule = rule
            self.citation = citation
        }
    }

    public let client: PinClient
    public let certificates: Certificates
    public let pinTypes: Set<PinType>
    public let pinKinds: PinKinds
    public let positions: Positions
    public let subdomains: Subdomains
    /// OkHttp adds the pins of every pattern that matches the host; the other clients take the most specific domain.
    public let unitesMatchingDomains: Bool
    public let expiry: Expiry
    public let reportOnly: ReportOnly
    /// The fewest pins a domain may list before the client refuses the whole configuration (TrustKit: two). One
    /// means no such rule: a domain without pins is then simply not pinned.
    public let minimumPins: Int
    /// The default trust the client applies before its pins: its TLS stack's rules, as values
    /// (``PinningCore/TrustRules/platform`` when they are PinBench's own).
    public let trust: TrustRules
    /// The rules above, each with its citation.
    public let sources: [Source]
    /// How the client words its decisions: its exit codes, exceptions and settings.
    let wording: any ClientWording

    init(
        client: PinClient, certificates: Certificates, pinTypes: Set<PinType>, pinKinds: PinKinds,
        positions: Positions, subdomains: Subdomains, unitesMatchingDomains: Bool, expiry: Expiry,
        reportOnly: ReportOnly, minimumPins: Int, trust: TrustRules, sources: [Source], wording: any ClientWording
    ) {
        self.client = client
        self.certificates = certificates
        self.pinTypes = pinTypes
        self.pinKinds = pinKinds
        self.positions = positions
        self.subdomains = subdomains
        self.unitesMatchingDomains = unitesMatchingDomains
        self.expiry = expiry
        self.reportOnly = reportOnly
        self.minimumPins = minimumPins
        self.trust = trust
        self.sources = sources
        self.wording = wording
    }

    /// The model of `client`.
    public static func of(_ client: PinClient) -> ClientModel {
        // Every PinClient comes from the catalog (its initializers look it up there), so the search always finds it.
        all.first { $0.client == client } ?? all[0]
    }

    /// Models are the catalog's, one per client: the client names the model.
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.client == rhs.client }
    public func hash(into hasher: inout Hasher) { hasher.combine(client) }

    /// Whether the client refuses its whole configuration for a domain of which it carries `count` pins: one or more
    /// but below a minimum over one. A domain of which it carries none is not pinned: its export leaves it out
    /// (TrustKit would throw for an empty `TSKPublicKeyHashes`, so none is written), so nothing is refused.
    public func refusesDomain(carrying count: Int) -> Bool {
        minimumPins > 1 && count > 0 && count < minimumPins
    }

    /// The pins of `domain` the client's configuration carries, in manifest order: those ``notCarried(_:in:)`` finds
    /// no reason to leave out.
    public func carriedPins(_ domain: DomainPolicy) -> [Pin] {
        domain.pins.filter { notCarried($0, in: domain) == nil }
    }

    /// Whether the client's configuration for `domain` applies to `host` (both normalized).
    public func covers(_ domain: DomainPolicy, host: String) -> Bool {
        if domain.normalizedHost == host { return true }
        guard domain.includeSubdomains, host.hasSuffix("." + domain.normalizedHost) else { return false }
        switch subdomains {
        case .exactHostOnly: return false
        case .oneLabel: return !host.dropLast(domain.normalizedHost.count + 1).contains(".")
        case .all: return true
        }
    }
}
