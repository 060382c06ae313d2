import SwiftASN1
import X509

/// A DNS name or IP address of a certificate that the name constraints of a CA above it exclude or do not permit
/// (RFC 5280 4.2.1.10). The verifier decides; this finds which name and which CA, to say so in the verdict.
package struct NameConstraintViolation: Hashable, Sendable {
    /// The constraining CA's level in the path (0 = leaf) and subject.
    let level: Int
    let subject: String
    /// The name that breaks the constraint, and the level of the certificate that holds it.
    let name: String
    let holder: Int
    /// True: an excluded subtree matches the name; false: no permitted subtree does.
    package let excluded: Bool
    /// The permitted subtrees of the name's kind, for the words.
    let permitted: [String]

    var reason: String {
        let what = holder == 0 ? "the leaf's name" : "level \(holder)'s name"
        let rule =
            excluded
            ? "excluded by the name constraints of level \(level) (\(subject))"
            : "outside the subtrees level \(level) (\(subject)) permits: \(permitted.joined(separator: ", "))"
        return "\(what) \(name) is \(rule) (RFC 5280 4.2.1.10; OpenSSL: subtree violation)"
    }

    /// The first name of `path` (leaf first, trust anchor last) that a CA's constraints forbid; nil when none does.
    /// Self-issued intermediates are not held to the constraints above them, as RFC 5280 6.1.3 (b) says.
    package static func first(in path: [Certificate]) -> NameConstraintViolation? {
        for level in path.indices.dropFirst() {
            guard let constraints = try? path[level].extensions.nameConstraints else { continue }
            for holder in 0..<level where holder == 0 || path[holder].subject != path[holder].issuer {
                guard let names = try? path[holder].extensions.subjectAlternativeNames else { continue }
                for name in names {
                    if let violation = check(name, against: constraints) {
                        return NameConstraintViolation(
                            level: level, subject: path[level].subject.opensslString, name: violation.name,
                            holder: holder, excluded: violation.excluded, permitted: violation.permitted)
                    }
                }
            }
        }
        return nil
    }

    private static func check(
        _ name: GeneralName, against constraints: NameConstraints
    ) -> (name: String, excluded: Bool, permitted: [String])? {
        switch name {
        case .dnsName(let dnsName):
            let permitted = constraints.permittedSubtrees.compactMap { subtree -> String? in
                if case .dnsName(let base) = subtree { return base }
                return nil
            }
            for case .dnsName(let base) in constraints.excludedSubtrees
            where isName(dnsName, within: base) || wildcard(dnsName, mayCoverNameWithin: base) {
                return (dnsName, true, permitted)
            }
            if !permitted.isEmpty, !permitted.contains(where: { isName(dnsName, within: $0) }) {
                return (dnsName, false, permitted)
            }
        case .ipAddress(let octets):
            let address = Array(octets.bytes)
            let shown = CertificateDetails.formatIPAddress(address)
            let permitted = constraints.permittedSubtrees.compactMap { subtree -> [UInt8]? in
                if case .ipAddress(let range) = subtree { return Array(range.bytes) }
                return nil
            }
            for case .ipAddress(let range) in constraints.excludedSubtrees where contains(Array(range.bytes), address) {
                return (shown, true, permitted.map(describe))
            }
            if !permitted.isEmpty, !permitted.contains(where: { contains($0, address) }) {
                return (shown, false, permitted.map(describe))
            }
        default:
            break
        }
        return nil
    }

    /// RFC 5280 4.2.1.10: a DNS name is within a constraint when it equals it or ends with "." and it (a leading
    /// period in the constraint means subdomains only); an empty constraint covers every name.
    private static func isName(_ name: String, within base: String) -> Bool {
        let name = name.lowercased()
        let base = base.lowercased()
        if base.isEmpty { return true }
        if base.hasPrefix(".") { return name.hasSuffix(base) }
        return name == base || name.hasSuffix("." + base)
    }

    /// Whether a wildcard name `*.B` covers some name inside the excluded subtree `base`: when B lies within it,
    /// or when `base` is itself one label over B. RFC 5280 leaves this open; Go (CVE-2025-61727) and rustls-webpki
    /// refuse such a leaf, since the host it is used for may be an excluded one.
    static func wildcard(_ name: String, mayCoverNameWithin base: String) -> Bool {
        let name = name.lowercased()
        guard name.hasPrefix("*.") else { return false }
        let covered = String(name.dropFirst(2))
        var excluded = base.lowercased()
        if excluded.hasPrefix(".") { excluded.removeFirst() }
        if isName(covered, within: excluded) { return true }
        guard excluded.hasSuffix("." + covered) else { return false }
        return !excluded.dropLast(covered.count + 1).contains(".")
    }

    /// The first wildcard name of the leaf that an excluded subtree above may cover (see
    /// ``wildcard(_:mayCoverNameWithin:)``): a rule swift-certificates' name constraints policy does not apply.
    static func firstWildcardExclusion<Path: RandomAccessCollection<Certificate>>(
        in path: Path
    ) -> NameConstraintViolation? where Path.Index == Int {
        // The leaf's names are read only once a CA states constraints: most paths have none.
        var leafNames: SubjectAlternativeNames?? = .none
        for level in path.indices.dropFirst() {
            guard let constraints = try? path[level].extensions.nameConstraints else { continue }
            if leafNames == nil { leafNames = .some(try? path.first?.extensions.subjectAlternativeNames) }
            guard case .some(.some(let names)) = leafNames else { return nil }
            for case .dnsName(let name) in names {
                for case .dnsName(let base) in constraints.excludedSubtrees
                where wildcard(name, mayCoverNameWithin: base) {
                    return NameConstraintViolation(
                        level: level, subject: path[level].subject.opensslString, name: name, holder: 0,
                        excluded: true, permitted: [])
                }
            }
        }
        return nil
    }

    /// Whether an address/mask range (8 or 32 bytes) holds `address` (4 or 16 bytes).
    private static func contains(_ range: [UInt8], _ address: [UInt8]) -> Bool {
        guard range.count == address.count * 2 else { return false }
        let mask = range[address.count...]
        return zip(zip(range, mask), address).allSatisfy { pair, byte in pair.0 & pair.1 == byte & pair.1 }
    }

    private static func describe(_ range: [UInt8]) -> String {
        let half = range.count / 2
        let prefix = range[half...].reduce(0) { $0 + $1.nonzeroBitCount }
        return CertificateDetails.formatIPAddress(Array(range[..<half])) + "/\(prefix)"
    }
}

/// Bounds the work name constraints may cost: names below a constrained CA times that CA's subtrees, summed over
/// the path. Go's crypto/x509 and rustls-webpki stop at 250,000 comparisons; a path past it is refused (a hostile
/// chain of thousands of names and constraints), before swift-certificates' quadratic check runs.
struct NameConstraintBudget: Sendable {
    static let comparisons = 250_000

    /// The comparisons checking `path` (leaf first) would take.
    static func cost<Path: RandomAccessCollection<Certificate>>(of path: Path) -> Int where Path.Index == Int {
        var total = 0
        for level in path.indices.dropFirst() {
            guard let constraints = try? path[level].extensions.nameConstraints else { continue }
            let subtrees = constraints.permittedSubtrees.count + constraints.excludedSubtrees.count
            for holder in 0..<level {
                let names =
                    ((try? path[holder].extensions.subjectAlternativeNames)?.count ?? 0)
                    + path[holder].subject.reduce(0) { $0 + $1.count }
                total += names * subtrees
                if total > comparisons { return total }
            }
        }
        return total
    }

    static func reason(cost: Int) -> String {
        "checking the chain's name constraints would take over \(comparisons) comparisons (\(cost) counted so "
            + "far): refused, as Go's crypto/x509 and rustls-webpki refuse it (a hostile chain?)"
    }
}
