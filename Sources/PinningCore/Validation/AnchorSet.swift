import Foundation
import X509

/// One immutable set of trust anchors, indexed by subject. Made anew whenever anchors are added, so two values of
/// ``TrustAnchors`` with the same set hold the same anchors: a ``VerdictCache`` compares sets by identity, in
/// constant time.
final class AnchorSet: Sendable {
    let anchors: [TrustAnchor]
    /// Path building looks issuers up here, once per candidate, instead of scanning a few hundred system roots.
    private let bySubject: [DistinguishedName: [TrustAnchor]]
    /// Every anchor's notBefore and notAfter, sorted: a verdict cached for an hour must not span one of them.
    let validityBoundaries: [Date]

    /// `previous`'s anchors followed by `anchors`, reusing its index rather than hashing every name again.
    init(_ anchors: [TrustAnchor], after previous: AnchorSet? = nil) {
        var index = previous?.bySubject ?? [:]
        var distinct = previous?.anchors ?? []
        index.reserveCapacity(index.count + anchors.count)
        distinct.reserveCapacity(distinct.count + anchors.count)
        // A bundle that lists a certificate twice holds it once (a path must not cost two signature checks for it).
        for anchor in anchors where !(index[anchor.subject]?.contains { $0.der == anchor.der } ?? false) {
            index[anchor.subject, default: []].append(anchor)
            distinct.append(anchor)
        }
        self.anchors = distinct
        bySubject = index
        validityBoundaries = distinct.flatMap { [$0.notValidBefore, $0.notValidAfter] }.sorted()
    }

    /// The usable anchors with this subject, parsing those not parsed yet.
    func certificates(withSubject subject: DistinguishedName) -> [Certificate] {
        bySubject[subject]?.compactMap(\.certificate) ?? []
    }

    func contains(_ certificate: Certificate) -> Bool {
        certificates(withSubject: certificate.subject).contains(certificate)
    }
}
