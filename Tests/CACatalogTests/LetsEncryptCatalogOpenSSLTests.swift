import CACatalog
import Foundation
import PinningCore
import TestSupport
import Testing

/// The built-in Let's Encrypt entries against `openssl` on the same certificates: every pin, every date and every
/// issuer link the catalog found by signature, so the forecast's facts about real CAs rest on an independent reading.
@Suite("the Let's Encrypt catalog against openssl")
struct LetsEncryptCatalogOpenSSLTests {
    static let authority = try! CACatalog.builtIn().authority(id: "letsencrypt")!

    @Test("every certificate's spki-sha256 and cert-sha256 pins are openssl's")
    func pins() throws {
        for entry in Self.authority.certificates {
            let pem = entry.certificate.pemText
            #expect(entry.spkiPin == (try OpenSSLCLI.spkiPin(certificatePEM: pem)), "\(entry.file)")
            #expect(entry.certPin == (try OpenSSLCLI.certPin(certificatePEM: pem)), "\(entry.file)")
        }
    }

    @Test("every certificate's validity is the one openssl prints")
    func dates() throws {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "MMM d HH:mm:ss yyyy 'GMT'"
        for entry in Self.authority.certificates {
            let pem = entry.certificate.pemText
            let start = try OpenSSLCLI.x509Field(["-startdate"], certificatePEM: pem)
            let end = try OpenSSLCLI.x509Field(["-enddate"], certificatePEM: pem)
            let squeezed = { (text: String) in text.split(separator: " ").joined(separator: " ") }
            #expect(format.date(from: squeezed(start)) == entry.notBefore, "\(entry.file): \(start)")
            #expect(format.date(from: squeezed(end)) == entry.notAfter, "\(entry.file): \(end)")
        }
    }

    @Test("every link the catalog found, openssl verifies; a key the catalog did not name as signer, openssl refuses")
    func issuerLinks() throws {
        let folder = TemporaryFolder()
        let authority = Self.authority
        var checked = 0
        for entry in authority.certificates {
            let certificate = folder.write("certificate.pem", entry.certificate.pemText)
            guard let signerPin = authority.signerPins[entry.file] else {
                // Signed outside the catalog (ISRG Root X1 by DST Root CA X3): no catalog key verifies it.
                #expect(entry.file == "roots/isrg-root-x1-cross-signed.pem", "\(entry.file) has no signer")
                continue
            }
            let signer = try #require(authority.certificates(withKey: signerPin).first)
            let trusted = folder.write("signer.pem", signer.certificate.pemText)
            #expect(try Self.verifies(certificate, trusting: trusted), "\(entry.file) by \(signer.file)")
            checked += 1
            // Any other key, e.g. the first catalog key that is not the signer, does not verify it.
            let other = try #require(authority.certificates.first { $0.spkiPin != signerPin })
            let wrong = folder.write("other.pem", other.certificate.pemText)
            #expect(try !Self.verifies(certificate, trusting: wrong), "\(entry.file) by \(other.file)")
        }
        #expect(checked == authority.certificates.count - 1)
    }

    /// `openssl verify` of `certificate` with only `trusted` as anchor, ignoring time (expired certificates stay
    /// signed) and accepting a non-self-signed anchor (a cross-sign's signer may itself be an intermediate).
    static func verifies(_ certificate: String, trusting trusted: String) throws -> Bool {
        let result = try ProcessRunner.run(
            "/usr/bin/openssl",
            ["verify", "-no_check_time", "-partial_chain", "-trusted", trusted, certificate])
        return result.status == 0 && result.stdoutText.hasSuffix(": OK\n")
    }

    @Test(
        "the catalog's copies are the certificates of ../shared/ca-hierarchies",
        .enabled(if: FileManager.default.fileExists(atPath: sharedFolder.path), "needs ../shared/ca-hierarchies"))
    func copiesOfShared() throws {
        for entry in Self.authority.certificates {
            let shared = Self.sharedFolder.appendingPathComponent(entry.file)
            let original = try CertificateChainDecoder.decode(contentsOf: shared)
            #expect(original.map(\.der) == [entry.certificate.der], "\(entry.file)")
        }
    }

    static let sharedFolder = PythonInterpreter.packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/ca-hierarchies/letsencrypt")
}
