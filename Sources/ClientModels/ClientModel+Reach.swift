import PinningCore

extension ClientModel {
    /// Why a client can never match one pin of a domain. The first four hold whatever the server sends; the last is
    /// learnt from the chain a server serves now.
    public enum PinOutOfReach: String, Hashable, Sendable, Codable, CaseIterable {
        /// The client ignores every pin (browsers and the `Public-Key-Pins` header).
        case pinsIgnored = "pins-ignored"
        /// The client's configuration has no place for this pin type (a certificate hash where keys only are pinned).
        case typeNotCarried = "type-not-carried"
        /// The client's configuration has no place for this position: curl compares the leaf alone, ATS keeps leaf
        /// and CA identities apart and has no "any".
        case positionNotCarried = "position-not-carried"
        /// The client pins one kind per host and takes the domain's key pins, so its certificate pins are dropped
        /// (Alamofire, AFNetworking).
        case otherKindChosen = "other-kind-chosen"
        /// The client compares the first certificate sent only, and in the chain served now the pin matches a
        /// certificate above it (the classic: a root the server does not even send).
        case onlyAboveTheLeaf = "only-above-the-leaf"
    }

    /// Why the client can never match `pin` of `domain`, or nil when it can; `served`, the chain the domain's server
    /// serves now as the validator judged it, adds what only that chain shows.
    ///
    /// ``carriedPins(_:)`` keeps exactly the pins this finds no static reason against, so an export, a client's
    /// verdict and this reach agree on which pins a client holds.
    public func outOfReach(_ pin: Pin, in domain: DomainPolicy, served: ServedChain? = nil) -> PinOutOfReach? {
        if certificates == .none { return .pinsIgnored }
        if let reason = notCarried(pin, in: domain) { return reason }
        if certificates == .presentedLeaf, let served, served.contains(pin), !served.sentLeafMatches(pin) {
            return .onlyAboveTheLeaf
        }
        return nil
    }

    /// Why the client's configuration for `domain` leaves `pin` out, or nil when it carries it.
    func notCarried(_ pin: Pin, in domain: DomainPolicy) -> PinOutOfReach? {
        guard pinTypes.contains(pin.type) else { return .typeNotCarried }
        if pinKinds == .keysElseCertificates, pin.type != .spkiSHA256,
            domain.pins.contains(where: { $0.type == .spkiSHA256 })
        {
            return .otherKindChosen
        }
        switch (positions, pin.position) {
        case (.leafOnly, .ca), (.leafAndCAIdentities, .any): return .positionNotCarried
        default: return nil
        }
    }
}
