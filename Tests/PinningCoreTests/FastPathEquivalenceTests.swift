import Foundation
import SwiftASN1
import Testing
import X509

@testable import PinningCore

/// The validator's fast paths against the plain code they replace: host names matched on bytes against the
/// Character-level matcher (kept here as the reference), and the authority key identifier recognised from its bytes
/// against decoding it. Each must decide exactly as the plain path on every input, hostile ones included.
@Suite("Fast paths decide as the plain ones")
struct FastPathEquivalenceTests {
    static let hosts = [
        "api.bench.test", "API.Bench.Test.", "foo.example.com", "example.com", "a.b.example.com", "com", "co.uk",
        "foo.co.uk", "127.0.0.1", "::1", "bücher.de", "xn--bcher-kva.de", "\u{212A}.test", "k.test", "local_host.test",
        "", ".", "a..b", "foo.s3.amazonaws.com",
    ]

    static let names = [
        "api.bench.test", "API.BENCH.TEST", "api.bench.test.", "api.bench.test..", "*.bench.test", "*.BENCH.test",
        "*.example.com", "*.com", "*", "*.", "*.co.uk", "*.s3.amazonaws.com", "ba*.example.com", "*.*.example.com",
        "foo.*.example.com", "xn--*-x.example.com", "127.0.0.1", "::1", "bücher.de", "xn--bcher-kva.de", "k.test",
        "K.TEST", "a_b.test", "-a.test", "a..b", ".a.b", "", ".", "..", "api bench.test", "api.bench.test\r\n",
        "\r\n.test", "a.b.example.com", "foo.co.uk", "local_host.test", "*.test", "**.example.com",
    ]

    static let ruleSets: [TrustRules] = [
        .platform,
        TrustRules(
            serverAuth: .serverAuthWhenStated, leafKeyUsage: .anyHandshakeUsage, caLeaf: .accepted,
            hostNames: .commonNameWhenNoSubjectAltName, wildcards: .oneLabelAfter),
        TrustRules(
            serverAuth: .serverAuthWhenStated, leafKeyUsage: .anyHandshakeUsage, caLeaf: .accepted,
            hostNames: .commonNameWhenNoSubjectAltName, wildcards: .twoLabelsAfter),
    ]

    @Test("a DNS name covers a host on bytes exactly when it did on Characters", arguments: ruleSets)
    func namesMatchAsBefore(rules: TrustRules) {
        var generator = SplitMix(seed: 38)
        let alphabet: [Character] = ["a", "B", "1", ".", "*", "-", "_", "é", "\u{212A}", " ", "\r\n", "x", "n"]
        let random = (0..<400).map { _ in
            String((0..<Int(generator.next() % 12)).map { _ in alphabet[Int(generator.next() % 13)] })
        }
        for suffixes in [PublicSuffixList?.none, .compiledIn] {
            for host in Self.hosts + random.prefix(40) {
                let matcher = ServerNameMatcher(host: host, publicSuffixes: suffixes, rules: rules)
                for name in Self.names + random {
                    let expected = PlainNameMatcher(matcher: matcher).judge(dnsName: name)
                    #expect(
                        matcher.judge(dnsName: name) == expected,
                        "host \(host.debugDescription), name \(name.debugDescription)")
                }
            }
        }
    }

    @Test("the name bytes are the name characters of ASCII")
    func nameBytes() {
        for byte in UInt8(0)..<0x80 {
            let character = Character(Unicode.Scalar(byte))
            let plain = character.isASCII && (character.isLetter || character.isNumber || "-_*".contains(character))
            #expect(ServerNameMatcher.isNameByte(byte) == plain, "byte \(byte)")
        }
    }

    /// Authority key identifiers as certificates carry them, and as hostile ones do.
    static let authorityKeyIdentifiers: [[UInt8]] = {
        var values: [[UInt8]] = []
        for length in [0, 1, 20, 32, 122, 123, 124, 125, 126, 127] {
            let identifier = [UInt8](repeating: 0xAB, count: length)
            values.append(
                [0x30, UInt8(truncatingIfNeeded: length + 2), 0x80, UInt8(truncatingIfNeeded: length)] + identifier)
            values.append(
                [0x30, 0x81, UInt8(truncatingIfNeeded: length + 2), 0x80, UInt8(truncatingIfNeeded: length)]
                    + identifier)
        }
        let keyID: [UInt8] = [0x80, 0x02, 0x01, 0x02]
        let issuer: [UInt8] = [0xA1, 0x0B, 0xA4, 0x09, 0x30, 0x07, 0x31, 0x05, 0x30, 0x03, 0x06, 0x01, 0x00]
        let serial: [UInt8] = [0x82, 0x01, 0x05]
        for parts in [keyID + issuer + serial, keyID + issuer, keyID + serial, issuer + serial, issuer, serial, []] {
            values.append([0x30, UInt8(parts.count)] + parts)
        }
        values += [
            [], [0x30], [0x30, 0x00], [0x30, 0x02, 0x80, 0x00], [0x30, 0x04, 0x80, 0x02, 0x01],
            [0x30, 0x04, 0x80, 0x02, 0x01, 0x02, 0x00], [0x30, 0x05, 0x80, 0x02, 0x01, 0x02],
            [0x30, 0x04, 0x80, 0x03, 0x01, 0x02], [0x30, 0x04, 0x80, 0x01, 0x01, 0x02],
            [0x31, 0x04, 0x80, 0x02, 0x01, 0x02],
            [0x30, 0x04, 0xA0, 0x02, 0x01, 0x02], [0x30, 0x04, 0x81, 0x02, 0x01, 0x02],
            [0x30, 0x04, 0x04, 0x02, 0x01, 0x02],
            [0x30, 0x04, 0x82, 0x02, 0x01, 0x02], [0x04, 0x04, 0x80, 0x02, 0x01, 0x02],
            [0x30, 0x80, 0x80, 0x02, 0x01, 0x02, 0x00, 0x00],
        ]
        var generator = SplitMix(seed: 40)
        for _ in 0..<300 {
            var bytes = [UInt8](repeating: 0, count: Int(generator.next() % 10))
            for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: generator.next()) }
            values.append(
                [0x30, UInt8(bytes.count + 2), 0x80, UInt8(truncatingIfNeeded: generator.next() % 12)] + bytes)
        }
        return values
    }()

    @Test("an authority key identifier is refused by its bytes exactly when it is by decoding")
    func authorityKeyIdentifiersAsBefore() throws {
        var recognised = 0
        for value in Self.authorityKeyIdentifiers {
            for critical in [false, true] {
                let raw = Certificate.Extension(
                    oid: .X509ExtensionID.authorityKeyIdentifier, critical: critical, value: value[...])
                let plain = StrictRules.isRefusedWhenDecoded(authorityKeyIdentifier: raw)
                #expect(StrictRules.isRefused(authorityKeyIdentifier: raw) == plain, "\(value)")
                if StrictRules.holdsKeyIdentifierAlone(raw.value) {
                    recognised += 1
                    let decoded = try AuthorityKeyIdentifier(raw)
                    #expect(decoded.authorityCertIssuer == nil && decoded.authorityCertSerialNumber == nil)
                }
            }
        }
        // The fast path is taken: at least the well-formed short key identifiers are recognised from their bytes.
        #expect(recognised >= 2 * 8)
    }
}

/// The matcher's rule as it was written before it worked on bytes: Strings and Characters, for comparison.
private struct PlainNameMatcher {
    let matcher: ServerNameMatcher

    func judge(dnsName: String) -> ServerNameMatcher.NameResult {
        guard dnsName.utf8.allSatisfy({ $0 < 0x80 }) else { return .mismatch(.notASCII(name: dnsName)) }
        var pattern = dnsName.lowercased()
        if pattern.hasSuffix(".") { pattern.removeLast() }
        if let hostAddress = matcher.hostAddress {
            let written = IPAddressText.bytes(pattern)
            return .mismatch(
                written == hostAddress || pattern == matcher.host ? .ipAddressAsDNSName(name: dnsName) : nil)
        }
        let labels = pattern.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.allSatisfy({ !$0.isEmpty && $0.allSatisfy(Self.isNameCharacter) }) else {
            return .mismatch(.malformed(name: dnsName))
        }
        guard pattern.contains("*") else { return pattern == matcher.host ? .matches : .mismatch(nil) }
        if labels.dropFirst().contains(where: { $0.contains("*") }) {
            return .mismatch(.wildcardNotLeftmost(pattern: dnsName))
        }
        guard labels[0] == "*" else { return .mismatch(.partialWildcard(pattern: dnsName)) }
        guard labels.count >= (matcher.rules.wildcards == .oneLabelAfter ? 2 : 3) else {
            return .mismatch(.wildcardOverTooFewLabels(pattern: dnsName))
        }
        let base = labels.dropFirst().joined(separator: ".")
        if matcher.rules.wildcards == .notOverPublicSuffix,
            matcher.publicSuffixes?.publicSuffixSection(of: base) == .icann
        {
            return .mismatch(.wildcardOverPublicSuffix(pattern: dnsName, suffix: base))
        }
        let host = matcher.host
        guard let dot = host.firstIndex(of: "."), dot != host.startIndex else { return .mismatch(nil) }
        return host[host.index(after: dot)...] == base ? .matches : .mismatch(nil)
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-_*".contains(character))
    }
}

/// A small seeded generator, so that a failing input can be found again.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
