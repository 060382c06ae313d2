import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// Wildcards and names as TLS clients match them, through the validator's verdict: which names cover a host, and
/// the reason given when none does.
@Suite("Server names and wildcards")
struct ServerNameMatcherTests {
    let pki = Fixtures.pki

    /// The verdict for `host` on a leaf naming `dnsNames` (and `ipAddresses`), issued by the test PKI's root.
    func verdict(
        host: String, dnsNames: [String], ipAddresses: [String] = [], publicSuffixes: PublicSuffixList? = nil
    ) async throws -> Verdict {
        let leaf = try CertificateIssuer.leaf(
            commonName: host, dnsNames: dnsNames, ipAddresses: ipAddresses, issuer: pki.root)
        let validator = PinValidator(
            manifest: PinManifest(domains: []), trustAnchors: TrustAnchors(certificates: [pki.root.certificate]),
            publicSuffixes: publicSuffixes)
        return await validator.validate(host: host, chain: [ChainCertificate(leaf.certificate)], at: Date())
    }

    /// A two-rule list: `co.uk` (ICANN) and `s3.amazonaws.com` (private).
    static let suffixes = PublicSuffixList(
        text: "// ===BEGIN ICANN DOMAINS===\nuk\nco.uk\n// ===BEGIN PRIVATE DOMAINS===\ns3.amazonaws.com\n")

    @Test(
        "a wildcard covers exactly one leftmost label",
        arguments: [
            ("foo.example.com", "*.example.com", true),
            ("FOO.Example.COM.", "*.example.com", true),
            ("example.com", "*.example.com", false),
            ("a.b.example.com", "*.example.com", false),
            ("xn--bcher-kva.example.com", "*.example.com", true),
        ])
    func oneLabel(host: String, pattern: String, covers: Bool) async throws {
        let verdict = try await verdict(host: host, dnsNames: [pattern])
        #expect(verdict.allowsConnection == covers, "\(verdict.report)")
    }

    @Test(
        "a wildcard that no client honours is refused, and the verdict says why",
        arguments: [
            ("example.com", "*.com", "fewer than two labels"),
            ("com", "*", "fewer than two labels"),
            ("baz.example.com", "ba*.example.com", "inside a label"),
            ("xn--bliss-1b3c148a.example.com", "xn--*-1b3c148a.example.com", "inside a label"),
            ("foo.bar.example.com", "foo.*.example.com", "not the whole leftmost label"),
        ])
    func refusedWildcards(host: String, pattern: String, words: String) async throws {
        let verdict = try await verdict(host: host, dnsNames: [pattern])
        #expect(verdict.rejection == .hostnameMismatch)
        #expect(verdict.explanation.contains { $0.contains(pattern) && $0.contains(words) }, "\(verdict.report)")
    }

    @Test("*.com is refused even when another name of the leaf covers a different host")
    func tooBroadBesideAnother() async throws {
        let verdict = try await verdict(host: "example.com", dnsNames: ["www.example.org", "*.com"])
        #expect(verdict.rejection == .hostnameMismatch)
        let named = try await self.verdict(host: "www.example.org", dnsNames: ["www.example.org", "*.com"])
        #expect(named.allowsConnection)
    }

    @Test("with a public suffix list, a wildcard over an ICANN suffix is refused; a private suffix is allowed")
    func publicSuffixes() async throws {
        let icann = try await verdict(host: "example.co.uk", dnsNames: ["*.co.uk"], publicSuffixes: Self.suffixes)
        #expect(icann.rejection == .hostnameMismatch)
        #expect(icann.explanation.contains { $0.contains("public suffix co.uk") }, "\(icann.report)")
        let withoutList = try await verdict(host: "example.co.uk", dnsNames: ["*.co.uk"], publicSuffixes: nil)
        #expect(withoutList.allowsConnection, "without a list only the two-label rule holds")
        let bucket = try await verdict(
            host: "bucket.s3.amazonaws.com", dnsNames: ["*.s3.amazonaws.com"], publicSuffixes: Self.suffixes)
        #expect(bucket.allowsConnection, "Chrome allows wildcards over private-section suffixes: \(bucket.report)")
        let below = try await verdict(
            host: "www.example.co.uk", dnsNames: ["*.example.co.uk"], publicSuffixes: Self.suffixes)
        #expect(below.allowsConnection)
    }

    @Test("an IP address host matches only an iPAddress name; written as a DNS name it is named as such")
    func addresses() async throws {
        let asDNS = try await verdict(host: "127.0.0.1", dnsNames: ["127.0.0.1"])
        #expect(asDNS.rejection == .hostnameMismatch)
        #expect(asDNS.explanation.contains { $0.contains("IP address written as a DNS name") }, "\(asDNS.report)")
        let asAddress = try await verdict(host: "127.0.0.1", dnsNames: [], ipAddresses: ["127.0.0.1"])
        #expect(asAddress.allowsConnection, "\(asAddress.report)")
        let v6 = try await verdict(host: "::1", dnsNames: [], ipAddresses: ["0:0:0:0:0:0:0:1"])
        #expect(v6.allowsConnection, "\(v6.report)")
        let wildcard = try await verdict(host: "127.0.0.1", dnsNames: ["*.0.0.1"])
        #expect(wildcard.rejection == .hostnameMismatch, "a wildcard never covers an address")
    }

    @Test("the compiled-in public suffix list refuses *.co.uk through the default validator")
    func compiledInList() async throws {
        let list = PublicSuffixList.compiledIn
        #expect(list.publicSuffixSection(of: "co.uk") == .icann)
        let leaf = try CertificateIssuer.leaf(commonName: "x", dnsNames: ["*.co.uk"], issuer: pki.root)
        let validator = PinValidator(
            manifest: PinManifest(domains: []), trustAnchors: TrustAnchors(certificates: [pki.root.certificate]))
        let verdict = await validator.validate(
            host: "example.co.uk", chain: [ChainCertificate(leaf.certificate)], at: Date())
        #expect(verdict.rejection == .hostnameMismatch, "\(verdict.report)")
    }
}
