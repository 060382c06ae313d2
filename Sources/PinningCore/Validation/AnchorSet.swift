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

    /// `previous`'s anchors followed by `anchors`, reusing its index rather than hashing every name again.
    init(_ anchors: [TrustAnchor], after previous: AnchorSet? = nil) {
        var index = previous?.bySubject ?? [:]
        var distinct = previous?.anchors ?? []
        index.reserveCapacity(index.count + anchors.count)
        distinct.reserveCapacity(distinct.count + anchors.count)
        var added: [DistinguishedName: [TrustAnchor]] = [:]
        // A bundle that lists a certificate twice holds it once (a path must not cost two signature checks for it).
        for anchor in anchors {
            let known = (index[anchor.subject]?.anchors ?? []) + (added[anchor.subject] ?? [])
            guard !known.contains(where: { $0.der == anchor.der }) else { continue }
            added[anchor.subject, default: []].append(anchor)
            distinct.append(anchor)
        }
        for (subject, anchors) in added {
            index[subject] = AnchorSubject((index[subject]?.anchors ?? []) + anchors)
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
