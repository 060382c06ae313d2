import Foundation
import LabPKI
import TestSupport
import Testing
import X509

@testable import PinningCore

/// Details and pins computed on demand must be exactly the ones computed eagerly before: for every key kind the lab
/// issues, the located SubjectPublicKeyInfo is the re-encoded one, and lazy details equal eager details.
@Suite("Lazy certificate details and located SubjectPublicKeyInfo")
struct LazyDetailsTests {
    static let kinds: [KeyKind] = [.rsa(bits: 2048), .rsa(bits: 3072), .p256, .p384, .p521, .ed25519]

    @Test("the SubjectPublicKeyInfo found in the TBS bytes is the one re-encoding gives", arguments: kinds)
    func locatedIsReencoded(kind: KeyKind) async throws {
        let certificate = try await OffPoolThread.run {
            try CertificateIssuer.leaf(commonName: "a.test", dnsNames: ["a.test"], key: kind, issuer: nil).certificate
        }
        let located = SubjectPublicKeyInfoLocator.canonicalSubjectPublicKeyInfo(inTBS: certificate.tbsCertificateBytes)
        let reencoded = certificate.publicKey.subjectPublicKeyInfoDER
        #expect(located.map(Array.init) == reencoded)
        #expect(Fingerprint.spkiPin(certificate) == Fingerprint.sha256Base64(reencoded))
        #expect(
            SubjectPublicKeyInfoLocator.subjectPublicKeyInfo(inTBS: certificate.tbsCertificateBytes).map(Array.init)
                == reencoded)
    }

    @Test("lazy details, read whole or pin by pin, equal eager details", arguments: kinds)
    func lazyEqualsEager(kind: KeyKind) async throws {
        let issued = try await OffPoolThread.run {
            try CertificateIssuer.leaf(commonName: "b.test", dnsNames: ["b.test"], key: kind, issuer: nil)
        }
        let eager = CertificateDetails(issued.certificate)
        let decoded = try ChainCertificate(derEncoded: issued.der)
        #expect(decoded.lazyDetails.pinValue(.spkiSHA256) == eager.spkiPin)
        #expect(decoded.lazyDetails.pinValue(.certSHA256) == eager.certPin)
        #expect(decoded.lazyDetails.subject == eager.subject)
        #expect(decoded.details == eager)
        #expect(ChainCertificate(issued.certificate).details == eager)
        #expect(LazyCertificateDetails(issued.certificate, der: nil).details == eager)
    }

    @Test("a non-canonical or truncated SubjectPublicKeyInfo is not located (the pin is then re-encoded)")
    func nonCanonicalNotLocated() throws {
        let certificate = Fixtures.pki.good.leaf.certificate
        let tbs = certificate.tbsCertificateBytes
        // Cut short anywhere: the walk stays within the bytes and finds nothing.
        for length in stride(from: 0, to: tbs.count, by: 7) {
            #expect(SubjectPublicKeyInfoLocator.canonicalSubjectPublicKeyInfo(inTBS: tbs.prefix(length)) == nil)
        }
        // The P-256 algorithm identifier with another curve OID byte is not a canonical form.
        let spki = try #require(SubjectPublicKeyInfoLocator.subjectPublicKeyInfo(inTBS: tbs))
        var altered = Array(tbs)
        let curveByte = spki.startIndex - tbs.startIndex + 2 + 20
        altered[curveByte] ^= 0x01
        #expect(SubjectPublicKeyInfoLocator.canonicalSubjectPublicKeyInfo(inTBS: altered[...]) == nil)
    }
}
