import Foundation
import X509

/// One certificate of a chain as a server or a file presented it: its DER and details always, and the parsed X.509
/// value when swift-certificates accepts it.
///
/// swift-certificates refuses some real certificates as a whole (RSA keys under 2048 bits, curves such as secp256k1
/// or brainpool). Those must still be shown, pinned and judged, so the chain is a list of these values everywhere:
/// decoding, the probe, the validator, lint and the workbench. The validator rejects a chain that needs one, naming
/// ``refusal``.
public struct ChainCertificate: Hashable, Sendable {
    /// The certificate's DER, exactly as received: what `cert-sha256` pins and fingerprints hash.
    public let der: [UInt8]
    /// The parsed certificate, or nil when swift-certificates refuses it (then ``refusal`` says why).
    public let certificate: Certificate?
    /// Subject, issuer, validity, names, key and pins, read from the DER whether or not it parsed: computed when
    /// first read (``LazyCertificateDetails``), then kept.
    public var details: CertificateDetails { lazyDetails.details }
    /// Why clients refuse this certificate, in words ("RSA key of 1024 bits; clients require at least 2048"); nil
    /// exactly when ``certificate`` is set.
    public let refusal: String?
    /// The details behind ``details``; the validator reads single pins from it.
    package let lazyDetails: LazyCertificateDetails

    /// The end of validity (``CertificateDetails/notAfter``), read without computing the other details.
    public var notAfter: Date { certificate?.notValidAfter ?? details.notAfter }

    /// A certificate swift-certificates has parsed.
    public init(_ certificate: Certificate) {
        let der = certificate.derBytes
        self.init(der: der, certificate: certificate, details: LazyCertificateDetails(certificate, der: der))
    }

    /// Decodes DER: parsed by swift-certificates when it can; otherwise read field by field with SwiftASN1 and
    /// marked refused. Throws only when the bytes are not an X.509 certificate at all.
    public init(derEncoded der: [UInt8]) throws {
        let parseError: Error
        do {
            let certificate = try Certificate(derEncoded: der)
            self.init(der: der, certificate: certificate, details: LazyCertificateDetails(certificate, der: der))
            return
        } catch {
            parseError = error
        }
        guard let details = try? CertificateDetails(derEncoded: der) else { throw parseError }
        let refusal =
            details.key.refusal ?? "the certificate cannot be parsed (\(String(describing: parseError).terminalSafe))"
        self.init(der: der, certificate: nil, details: LazyCertificateDetails(details), refusal: refusal)
    }

    private init(der: [UInt8], certificate: Certificate?, details: LazyCertificateDetails, refusal: String? = nil) {
        self.der = der
        self.certificate = certificate
        self.lazyDetails = details
        self.refusal = refusal
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.der == rhs.der }
    public func hash(into hasher: inout Hasher) { hasher.combine(der) }
}

extension CertificateDetails {
    /// The details a chain certificate carries (computed once, when first read).
    public init(_ entry: ChainCertificate) {
        self = entry.details
    }
}
