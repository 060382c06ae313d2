import X509

/// The anchors that share one subject, parsed together the first time a path asks for that subject.
final class AnchorSubject: Sendable {
    let anchors: [TrustAnchor]
    /// Set at once when every anchor came parsed: then a lookup takes no lock.
    private let ready: Parsed?
    private let memo: Locked<Parsed?>

    struct Parsed: Sendable {
        /// One entry per anchor, in order; nil for one swift-certificates refused.
        let each: [Certificate?]
        let usable: [Certificate]

        init(_ anchors: [TrustAnchor]) {
            each = anchors.map { $0.parsed() }
            usable = each.compactMap { $0 }
        }
    }

    init(_ anchors: [TrustAnchor]) {
        self.anchors = anchors
        ready = anchors.allSatisfy { $0.certificate != nil } ? Parsed(anchors) : nil
        memo = Locked(nil)
    }

    var parsed: Parsed {
        if let ready { return ready }
        return memo.withLock { memo in
            if let known = memo { return known }
            let parsed = Parsed(anchors)
            memo = parsed
            return parsed
        }
    }
}
