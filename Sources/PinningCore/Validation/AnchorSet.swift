import Foundation
import X509

/// One immutable set of trust anchors, indexed by subject. Made anew whenever anchors are added, so two values of
/// ``TrustAnchors`` with the same set hold the same anchors: a ``VerdictCache`` compares sets by identity, in
/// constant time.
final class AnchorSet: Sendable {
    let anchors: [TrustAnchor]
    /// Path building looks issuers up here, once per candidate, instead of scanning a few hundred system roots.
    private let bySubject: [DistinguishedName: AnchorSubject]
    /// Every anchor's notBefore and notAfter, sorted: a verdict cached for an hour must not span one of them.
    let validityBoundaries: [Date]

    /// `previous`'s anchors followed by `anchors`, reusing its index: hashing a name walks all its attributes, so the
    /// names already indexed are not hashed again.
    init(_ anchors: [TrustAnchor], after previous: AnchorSet? = nil) {
        var index = previous?.bySubject ?? [:]
        var distinct = previous?.anchors ?? []
        distinct.reserveCapacity(distinct.count + anchors.count)
        var added: [DistinguishedName: [TrustAnchor]] = [:]
        added.reserveCapacity(anchors.count)
        // A bundle that lists a certificate twice holds it once (a path must not cost two signature checks for it).
        let hasEarlier = !index.isEmpty
        for anchor in anchors {
            if hasEarlier, let earlier = index[anchor.subject],
                earlier.anchors.contains(where: { $0.der == anchor.der })
            {
                continue
            }
            var isNew = false
            func append(to group: inout [TrustAnchor]) {
                guard !group.contains(where: { $0.der == anchor.der }) else { return }
                group.append(anchor)
                isNew = true
            }
            append(to: &added[anchor.subject, default: []])
            if isNew { distinct.append(anchor) }
        }
        index.reserveCapacity(index.count + added.count)
        for (subject, group) in added {
            index[subject] = AnchorSubject((index[subject]?.anchors ?? []) + group)
        }
        self.anchors = distinct
        bySubject = index
        validityBoundaries = distinct.flatMap { [$0.notValidBefore, $0.notValidAfter] }.sorted()
    }

    /// The usable anchors with this subject, parsing them the first time.
    func certificates(withSubject subject: DistinguishedName) -> [Certificate] {
        bySubject[subject]?.parsed.usable ?? []
    }

    func contains(_ certificate: Certificate) -> Bool {
        certificates(withSubject: certificate.subject).contains(certificate)
    }

    /// Every usable anchor, in the order added; parses those not parsed yet.
    var allCertificates: [Certificate] {
        anchors.compactMap { anchor in
            guard let subject = bySubject[anchor.subject],
                let index = subject.anchors.firstIndex(where: { $0.der == anchor.der })
            else { return nil }
            return subject.parsed.each[index]
        }
    }
}
