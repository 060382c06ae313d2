import PinningCore

extension ProbeOptions {
    /// Probe options that build chains against exactly the files the core trusts, so that the built chain and the
    /// verdict never disagree about which anchors exist.
    public init(deadline: Duration, anchors: TrustAnchors) {
        self.init(deadline: deadline, trustAnchorPaths: anchors.sources.map(\.path), useSystemTrustStore: false)
    }
}
