import Foundation
import LabPKI
import SwiftASN1
import TestSupport
import Testing
import X509

@testable import PinningCore

@Suite("Trust anchors parsed when a path looks them up")
struct TrustAnchorParsingTests {
    let pki = TestPKI.shared

    /// A bundle like the system's: unrelated roots around the one that matters, a legacy key, a broken block.
    func bundle() throws -> (url: URL, folder: TemporaryFolder, legacySubject: DistinguishedName) {
        let legacy = try LegacyCertificate.selfSigned(commonName: "p192.pinbench.test", key: .ec(curve: "prime192v1"))
        // The intermediate with a byte after its DER: neither mode may take it.
        let trailing =
            "-----BEGIN CERTIFICATE-----\n"
            + Data(pki.intermediate.der + [0]).base64EncodedString(options: .lineLength64Characters)
            + "\n-----END CERTIFICATE-----\n"
        let text =
            pki.impostor.root.pem + legacy.pem
            + "-----BEGIN CERTIFICATE-----\n!!!notbase64!!!\n-----END CERTIFICATE-----\n"
            + pki.root.pem + pki.selfSigned.pem + pki.root.pem + trailing
        let folder = TemporaryFolder()
        return (
            URL(fileURLWithPath: folder.write("bundle.pem", text)), folder,
            try DistinguishedName { CommonName("p192.pinbench.test") }
        )
    }

    /// The same file read with every certificate parsed at once, and indexed to be parsed when looked up.
    func loadedBothWays(_ url: URL) throws -> (now: TrustAnchors, later: TrustAnchors) {
        var now = TrustAnchors()
        try now.add(contentsOf: url, parsing: .immediately)
        var later = TrustAnchors()
        try later.add(contentsOf: url, parsing: .whenLookedUp)
        return (now, later)
    }

    @Test("the same verdicts, statements and paths as anchors parsed at once, for trusted and impostor chains")
    func sameVerdicts() async throws {
        let (url, folder, _) = try bundle()
        _ = folder
        let (now, later) = try loadedBothWays(url)
        let manifest = Fixtures.manifest(
            DomainPolicy(
                host: pki.host, pins: [Fixtures.pin(Fixtures.spki(pki.good.leaf)), Fixtures.pin(Fixtures.unrelatedPin)])
        )
        // One clock reading for both: the reports carry the validation time, to the second.
        let moment = Date()
        for chain in [pki.good, pki.impostor, pki.expired, pki.wrongHost, pki.rotated] {
            let expected = await PinValidator(manifest: manifest, trustAnchors: now).validate(
                host: pki.host, chain: chain.presentedChain, at: moment)
            let verdict = await PinValidator(manifest: manifest, trustAnchors: later).validate(
                host: pki.host, chain: chain.presentedChain, at: moment)
            #expect(verdict.outcome == expected.outcome)
            #expect(verdict.report == expected.report)
            #expect(
                verdict.certificates.map(\.details.sha256Fingerprint)
                    == expected.certificates.map(\.details.sha256Fingerprint))
        }
        let good = await PinValidator(manifest: manifest, trustAnchors: later).validate(
            host: pki.host, chain: pki.good.presentedChain, at: Date())
        #expect(good.outcome == .accepted)
        #expect(
            good.certificates.filter(\.inVerifiedPath).last?.details.sha256Fingerprint
                == CertificateDetails(pki.root.certificate).sha256Fingerprint)
    }

    @Test(
        "counts: broken blocks and trailing bytes skipped either way; a legacy key only when parsed at once, never a candidate"
    )
    func countsAndRefusedKeys() throws {
        let (url, folder, legacySubject) = try bundle()
        _ = folder
        var (now, later) = try loadedBothWays(url)
        #expect(now.sources.map(\.loaded) == [4])
        #expect(now.sources.map(\.skipped) == [3])
        #expect(later.sources.map(\.loaded) == [5])
        #expect(later.sources.map(\.skipped) == [2])
        #expect(later.certificates(withSubject: legacySubject).isEmpty)
        // The root listed twice is one anchor; every usable anchor, in order, as parsed at once.
        #expect(
            later.certificates(withSubject: pki.root.certificate.subject).count == 2,
            "the impostor root shares the name")
        #expect(later.certificates == now.certificates)
        #expect(
            later.certificates == [pki.impostor.root.certificate, pki.root.certificate, pki.selfSigned.certificate])
        // The same file again (a manifest anchor the system bundle already holds): nothing new, in either mode.
        try later.add(contentsOf: url, parsing: .immediately)
        try now.add(contentsOf: url, parsing: .whenLookedUp)
        #expect(later.certificates == now.certificates)
        #expect(later.certificates.count == 3)
        #expect(later.certificates(withSubject: pki.root.certificate.subject).count == 2)
    }

    @Test("a bundle with no certificate at all is refused either way")
    func nothingUsable() throws {
        let folder = TemporaryFolder()
        let url = URL(
            fileURLWithPath: folder.write("bad.pem", "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"))
        for parsing in [TrustAnchors.Parsing.immediately, .whenLookedUp] {
            var anchors = TrustAnchors()
            #expect(throws: CertificateDecodingError.self) { try anchors.add(contentsOf: url, parsing: parsing) }
            #expect(anchors.sources.isEmpty)
        }
    }

    @Test("certificates with random bytes changed: read later or at once, the same anchors, names and validity")
    func mutatedCertificates() throws {
        var generator = SeededGenerator(seed: 0x5EED_CE27)
        let originals = [pki.root, pki.intermediate, pki.good.leaf, pki.selfSigned, pki.impostor.root].map(\.der)
        var text = ""
        for original in originals {
            for _ in 0..<150 {
                var der = original
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    der[Int.random(in: der.indices, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                text += "-----BEGIN CERTIFICATE-----\n"
                text += Data(der).base64EncodedString(options: .lineLength64Characters)
                text += "\n-----END CERTIFICATE-----\n"
            }
        }
        let folder = TemporaryFolder()
        let url = URL(fileURLWithPath: folder.write("mutated.pem", text))
        let (now, later) = try loadedBothWays(url)
        // A header that cannot be read while the whole certificate parses would lose a usable anchor.
        #expect(later.certificates == now.certificates)
        #expect(now.certificates.count > 100, "enough of the changed certificates still parse to compare")
        for certificate in now.certificates {
            #expect(later.certificates(withSubject: certificate.subject).contains(certificate))
        }
        // What the index holds (the verdict cache's validity boundaries come from it) is what the parse says.
        for anchor in later.anchorSet.anchors {
            guard let parsed = anchor.parsed() else { continue }
            #expect(anchor.subject == parsed.subject)
            #expect(anchor.notValidBefore == parsed.notValidBefore)
            #expect(anchor.notValidAfter == parsed.notValidAfter)
        }
    }

    static let systemBundlePath = "/etc/ssl/certs/ca-certificates.crt"

    @Test(
        "the system bundle: every header read, and the certificates parsed later equal those parsed at once",
        .enabled(if: FileManager.default.fileExists(atPath: systemBundlePath), "needs the ca-certificates bundle"))
    func systemBundle() throws {
        let url = URL(fileURLWithPath: Self.systemBundlePath)
        let (now, later) = try loadedBothWays(url)
        let blocks = OpenSSLCLI.pemCertificates(in: try String(contentsOf: url, encoding: .utf8))
        #expect(later.sources.first?.loaded == blocks.count)
        #expect(later.certificates == now.certificates)
        // Each anchor found again by its own subject, as path building looks it up.
        for certificate in now.certificates {
            #expect(later.certificates(withSubject: certificate.subject).contains(certificate))
        }
    }
}
