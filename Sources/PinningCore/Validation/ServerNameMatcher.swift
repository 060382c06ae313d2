import Foundation
import SwiftASN1
import X509

/// Why one subject alternative name could not cover the host, beyond simply naming another host.
enum ServerNameNote: Hashable, Sendable {
    /// `*.com`, `*`: the wildcard would leave fewer than two labels after it (RFC 6125 6.4.3, CA/Browser Forum
    /// BR 7.1.2.7.10 and every client: OpenSSL, curl, Chrome, iOS, Android).
    case wildcardOverTooFewLabels(pattern: String)
    /// `*.co.uk`: the part after the wildcard is an ICANN public suffix (Chrome refuses wildcards over
    /// registry-controlled domains; private-section suffixes such as `s3.amazonaws.com` are allowed, as there).
    case wildcardOverPublicSuffix(pattern: String, suffix: String)
    /// `ba*.example.com`, `xn--*-x.example.com`: the wildcard is part of a label, not the whole label (CA/Browser
    /// Forum BR 7.1.2.7.10; Chrome and rustls-webpki refuse it; never inside an IDNA A-label).
    case partialWildcard(pattern: String)
    /// `foo.*.example.com`, `*.*.example.com`: a wildcard anywhere but the whole leftmost label.
    case wildcardNotLeftmost(pattern: String)
    /// An IP address written as a DNS name: it covers nothing, an address must be an iPAddress name.
    case ipAddressAsDNSName(name: String)
    /// A DNS name with a byte outside ASCII: names in certificates are A-labels (`xn--`), never raw Unicode.
    case notASCII(name: String)
    /// A DNS name with an empty label or a character outside letters, digits, `-`, `_` and `.`.
    case malformed(name: String)

    var reason: String {
        switch self {
        case .wildcardOverTooFewLabels(let pattern):
            return "\(pattern) is a wildcard over fewer than two labels (a top-level domain); no client accepts it"
        case .wildcardOverPublicSuffix(let pattern, let suffix):
            return "\(pattern) is a wildcard over the public suffix \(suffix) (Public Suffix List, ICANN section); "
                + "clients refuse it"
        case .partialWildcard(let pattern):
            return "\(pattern) has a wildcard inside a label; only a whole leftmost label * is a wildcard"
        case .wildcardNotLeftmost(let pattern):
            return "\(pattern) has a wildcard that is not the whole leftmost label"
        case .ipAddressAsDNSName(let name):
            return "\(name) is an IP address written as a DNS name; it matches only as an IP address name"
        case .notASCII(let name):
            return "\(name) holds bytes outside ASCII; certificate DNS names must be A-labels (xn--...)"
        case .malformed(let name):
            return "\(name) is not a well-formed DNS name"
        }
    }
}

/// What the leaf's subject alternative names say about the host.
enum ServerNameJudgement: Hashable, Sendable {
    case matches
    /// No name covers the host; `notes` explain the names that looked close or could never match.
    case mismatch(notes: [ServerNameNote])
    /// The subject alternative name extension cannot be read.
    case unreadable(String)
}

/// Matches a host against a leaf's subject alternative names the way TLS clients do (RFC 6125 section 6, with the
/// CA/Browser Forum's wildcard rules): DNS names compare case-insensitively, a trailing dot aside; a wildcard is the
/// whole leftmost label and covers exactly one label; it must leave at least two labels after it and, when a
/// Public Suffix List is given, must not sit directly over an ICANN public suffix. An IP address host matches only
/// iPAddress names, byte for byte. The subject CN is never used (``SubjectAlternativeNameRequiredPolicy``).
struct ServerNameMatcher: Sendable {
    /// The host, lower case, without a trailing dot.
    let host: String
    /// The host's address bytes when it is an IP address literal.
    let hostAddress: [UInt8]?
    let publicSuffixes: PublicSuffixList?
    /// Which wildcards count and whether the subject CN stands in for missing names: a client's rules, PinBench's
    /// platform profile by default.
    let rules: TrustRules

    init(host: String, publicSuffixes: PublicSuffixList?, rules: TrustRules = .platform) {
        var name = host.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        self.host = name
        hostAddress = IPAddressText.bytes(name)
        self.publicSuffixes = publicSuffixes
        self.rules = rules
    }

    func judge(_ leaf: Certificate) -> ServerNameJudgement {
        let names: SubjectAlternativeNames
        do {
            names = try leaf.extensions.subjectAlternativeNames ?? SubjectAlternativeNames()
        } catch {
            return .unreadable("the subject alternative name extension cannot be parsed: \(error)")
        }
        var notes: [ServerNameNote] = []
        let named = names.contains {
            switch $0 {
            case .dnsName, .ipAddress: return true
            default: return false
            }
        }
        if rules.hostNames == .commonNameWhenNoSubjectAltName, !named {
            // curl's ossl_verifyhost: the CN, read as a DNS name, only when no DNS or IP name exists.
            guard let commonName = leaf.subject.commonName else { return .mismatch(notes: []) }
            switch judge(dnsName: commonName) {
            case .matches: return .matches
            case .mismatch(let note): return .mismatch(notes: note.map { [$0] } ?? [])
            }
        }
        for name in names {
            switch name {
            case .dnsName(let dnsName):
                switch judge(dnsName: dnsName) {
                case .matches: return .matches
                case .mismatch(let note): if let note, !notes.contains(note) { notes.append(note) }
                }
            case .ipAddress(let octets):
                if let hostAddress, Array(octets.bytes) == hostAddress { return .matches }
            default:
                continue
            }
        }
        return .mismatch(notes: notes)
    }

    enum NameResult: Equatable {
        case matches
        case mismatch(ServerNameNote?)
    }

    /// Works on the name's bytes (it is ASCII once past the first check): splitting and testing Characters was
    /// most of the matcher's time, which every verdict pays.
    func judge(dnsName: String) -> NameResult {
        guard dnsName.utf8.allSatisfy({ $0 < 0x80 }) else { return .mismatch(.notASCII(name: dnsName)) }
        // ASCII lower case, as `lowercased()` gives for ASCII text.
        var pattern = dnsName.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        if pattern.last == Self.dot { pattern.removeLast() }
        if let hostAddress {
            let text = String(decoding: pattern, as: UTF8.self)
            let written = IPAddressText.bytes(text)
            return .mismatch(written == hostAddress || text == host ? .ipAddressAsDNSName(name: dnsName) : nil)
        }
        let labels = pattern.split(separator: Self.dot, omittingEmptySubsequences: false)
        guard labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy(Self.isNameByte) }) else {
            return .mismatch(.malformed(name: dnsName))
        }
        guard pattern.contains(Self.star) else { return isHost(pattern) ? .matches : .mismatch(nil) }
        if labels.dropFirst().contains(where: { $0.contains(Self.star) }) {
            return .mismatch(.wildcardNotLeftmost(pattern: dnsName))
        }
        guard labels[0].elementsEqual([Self.star]) else { return .mismatch(.partialWildcard(pattern: dnsName)) }
        guard labels.count >= (rules.wildcards == .oneLabelAfter ? 2 : 3) else {
            return .mismatch(.wildcardOverTooFewLabels(pattern: dnsName))
        }
        // The labels after the wildcard, joined by dots: the pattern after `*.`.
        let base = String(decoding: pattern[(labels[0].endIndex + 1)...], as: UTF8.self)
        if rules.wildcards == .notOverPublicSuffix, publicSuffixes?.publicSuffixSection(of: base) == .icann {
            return .mismatch(.wildcardOverPublicSuffix(pattern: dnsName, suffix: base))
        }
        guard let dot = host.firstIndex(of: "."), dot != host.startIndex else { return .mismatch(nil) }
        return host[host.index(after: dot)...] == base ? .matches : .mismatch(nil)
    }

    /// Whether the (ASCII, lower-case) name is the host: the same bytes, or, for a host with other characters, equal
    /// as Swift strings compare (canonical equivalence), as the comparison of Strings decided before.
    private func isHost(_ name: [UInt8]) -> Bool {
        if name.elementsEqual(host.utf8) { return true }
        return !host.utf8.allSatisfy({ $0 < 0x80 }) && String(decoding: name, as: UTF8.self) == host
    }

    private static let dot = UInt8(ascii: ".")
    private static let star = UInt8(ascii: "*")

    /// Letters, digits, hyphen, underscore (clients accept it in names, though CAs may no longer issue it) and the
    /// wildcard, as ASCII bytes; the wildcard's place is checked separately.
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "*"):
            return true
        default:
            return false
        }
    }

}
