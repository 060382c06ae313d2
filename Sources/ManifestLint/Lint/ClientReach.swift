import ClientModels
import PinningCore

/// What the clients a manifest is exported to make of one domain's pins: each pin some of them can never match, with
/// why, and each client that refuses the domain's configuration as a whole. Typed, so that lint words it and the
/// semantic diff compares it without reading a message.
public struct ClientReach: Hashable, Sendable {
    /// A pin that some clients can never match.
    public struct PinGap: Hashable, Sendable {
        public let pin: Pin
        /// The clients that cannot match it, each with why, in ``PinClient`` order.
        public let outOfReach: [ClientOutOfReach]
        /// The clients that can.
        public let reachable: [PinClient]
    }

    /// One client that cannot match a pin, and why.
    public struct ClientOutOfReach: Hashable, Sendable {
        public let client: PinClient
        public let reason: ClientModel.PinOutOfReach
    }

    /// A client that refuses the domain: it carries fewer pins than it needs (TrustKit: two).
    public struct Refusal: Hashable, Sendable {
        public let client: PinClient
        public let carried: Int
        public let minimum: Int
    }

    /// A client that needs a leaf pin and a CA pin to match together (ATS, when a domain has both), and whether each
    /// side matches the chain served now (nil: no served chain).
    public struct BothRequired: Hashable, Sendable {
        public let client: PinClient
        public let leafPins: Int
        public let caPins: Int
        public let leafMatches: Bool?
        public let caMatches: Bool?

        /// True when the chain served now fails the client's combined rule.
        public var failsNow: Bool { leafMatches == false || caMatches == false }
    }

    public let host: String
    public let gaps: [PinGap]
    public let refusals: [Refusal]
    public let bothRequired: [BothRequired]

    /// Judges `domain`'s well-formed pins for `clients` (those that ignore every pin left out: they are a
    /// manifest-wide fact), with `served`, the chain its server serves now, when there is one.
    public init(_ domain: DomainPolicy, clients: [PinClient], served: ServedChain?) {
        host = domain.host
        let models = Self.pinning(clients).map(ClientModel.of)
        gaps = domain.pins.filter(\.hasWellFormedValue).compactMap { pin in
            var outOfReach: [ClientOutOfReach] = []
            var reachable: [PinClient] = []
            for model in models {
                if let reason = model.outOfReach(pin, in: domain, served: served) {
                    outOfReach.append(ClientOutOfReach(client: model.client, reason: reason))
                } else {
                    reachable.append(model.client)
                }
            }
            return outOfReach.isEmpty ? nil : PinGap(pin: pin, outOfReach: outOfReach, reachable: reachable)
        }
        refusals = models.compactMap { model in
            // A malformed value is no pin to a client either (TrustKit refuses it as it refuses too few).
            let carried = model.carriedPins(domain).count(where: \.hasWellFormedValue)
            guard model.refusesDomain(carrying: carried) else { return nil }
            return Refusal(client: model.client, carried: carried, minimum: model.minimumPins)
        }
        bothRequired = models.compactMap { model in
            guard model.positions == .leafAndCAIdentities else { return nil }
            let carried = model.carriedPins(domain).filter(\.hasWellFormedValue)
            let leaf = carried.filter { $0.position == .leaf }
            let ca = carried.filter { $0.position == .ca }
            guard !leaf.isEmpty, !ca.isEmpty else { return nil }
            // ServedChain.matches admits a leaf pin at level 0 and a CA pin above it: ATS's two lists.
            return BothRequired(
                client: model.client, leafPins: leaf.count, caPins: ca.count,
                leafMatches: served.map { chain in leaf.contains(where: chain.matches) },
                caMatches: served.map { chain in ca.contains(where: chain.matches) })
        }
    }

    init(host: String, gaps: [PinGap] = [], refusals: [Refusal] = [], bothRequired: [BothRequired] = []) {
        self.host = host
        self.gaps = gaps
        self.refusals = refusals
        self.bothRequired = bothRequired
    }

    /// `clients` without those that ignore every pin, in ``PinClient`` order, each once.
    static func pinning(_ clients: [PinClient]) -> [PinClient] { chosen(clients, ignoringPins: false) }

    /// `clients` that ignore every pin, in ``PinClient`` order.
    static func ignoring(_ clients: [PinClient]) -> [PinClient] { chosen(clients, ignoringPins: true) }

    private static func chosen(_ clients: [PinClient], ignoringPins: Bool) -> [PinClient] {
        let chosen = Set(clients)
        return PinClient.allCases.filter {
            chosen.contains($0) && (ClientModel.of($0).certificates == .none) == ignoringPins
        }
    }
}
