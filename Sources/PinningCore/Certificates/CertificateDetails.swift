import Crypto
import Foundation
import SwiftASN1
import X509

/// Everything a person needs to recognise a certificate and pin it, computed once from its DER.
///
/// Strings here are exactly what the certificate says; pass them through ``TerminalSafeText`` before display.
public struct CertificateDetails: Hashable, Sendable, Codable {
    public let subject: String
    public let issuer: String
    public let commonName: String?
    /// Colon hex of the serial number's bytes.
    public let serialNumber: String
    public let notBefore: Date
    public let notAfter: Date
    public let dnsNames: [String]
    public let ipAddresses: [String]
    public let key: PublicKeyDescription
    public let signatureAlgorithm: String
    public let isCertificateAuthority: Bool
    public let isSelfIssued: Bool
    /// Key usage, extended key usage, basic constraints, AIA and CRL URLs.
    public let usage: CertificateUsage
    /// Colon hex SHA-256 of the certificate DER, as `openssl x509 -fingerprint -sha256` prints it.
    public let sha256Fingerprint: String
    public let sha1Fingerprint: String
    /// base64(SHA-256(DER SubjectPublicKeyInfo)): the RFC 7469 / TrustKit / OkHttp / Android pin.
    public let spkiPin: String
    /// base64(SHA-256(certificate DER)): the whole-certificate pin of URLSession / Alamofire / AFNetworking.
    public let certPin: String

    public init(_ certificate: Certificate) {
        self.init(certificate, der: certificate.derBytes)
    }

    /// The details of a parsed certificate whose DER the caller has (as received), so it is not re-serialized.
    init(_ certificate: Certificate, der: [UInt8]) {
        let subjectPublicKeyInfo =
            SubjectPublicKeyInfoLocator.canonicalSubjectPublicKeyInfo(inTBS: certificate.tbsCertificateBytes)
            .map(Array.init) ?? certificate.publicKey.subjectPublicKeyInfoDER
        self.init(
            der: der,
            subject: certificate.subject,
            issuer: certificate.issuer,
            serialNumber: certificate.serialNumber.bytes,
            validity: (certificate.notValidBefore, certificate.notValidAfter),
            extensions: certificate.extensions,
            key: PublicKeyDescription(subjectPublicKeyInfo: subjectPublicKeyInfo),
            // One table of names for both readers, looked up by the OID in the DER. swift-certificates parsed
            // these bytes, so the OID is there; its own description is only a fallback to show.
            signatureAlgorithm: CertificateFields.signatureAlgorithm(inCertificate: der)
                .map(CertificateFields.signatureAlgorithmName) ?? "\(certificate.signatureAlgorithm)",
            subjectPublicKeyInfo: subjectPublicKeyInfo
        )
    }

    /// The details of a certificate read from its DER with SwiftASN1, for certificates swift-certificates refuses
    /// (RSA keys under 2048 bits, unusual curves): they are still shown, fingerprinted and pinned. Throws when the
    /// bytes are not an X.509 certificate at all.
    public init(derEncoded der: [UInt8]) throws {
        let fields = try CertificateFields(derEncoded: der)
        self.init(
            der: der,
            subject: fields.subject,
            issuer: fields.issuer,
            serialNumber: fields.serialNumber,
            validity: (fields.notBefore, fields.notAfter),
            extensions: fields.extensions,
            key: PublicKeyDescription(subjectPublicKeyInfo: fields.subjectPublicKeyInfo),
            signatureAlgorithm: CertificateFields.signatureAlgorithmName(fields.signatureAlgorithm),
            subjectPublicKeyInfo: fields.subjectPublicKeyInfo
        )
    }

    private init(
        der: [UInt8], subject: DistinguishedName, issuer: DistinguishedName, serialNumber: ArraySlice<UInt8>,
        validity: (notBefore: Date, notAfter: Date), extensions: Certificate.Extensions, key: PublicKeyDescription,
        signatureAlgorithm: String, subjectPublicKeyInfo: [UInt8]
    ) {
        self.subject = subject.opensslString
        self.issuer = issuer.opensslString
        commonName = subject.commonName
        self.serialNumber = Fingerprint.colonHex(serialNumber)
        notBefore = validity.notBefore
        notAfter = validity.notAfter
        let names = Self.alternativeNames(extensions)
        dnsNames = names.dns
        ipAddresses = names.ip
        self.key = key
        self.signatureAlgorithm = signatureAlgorithm
        isCertificateAuthority = Self.isCA(extensions)
        isSelfIssued = subject == issuer
        usage = CertificateUsage(extensions)
        sha256Fingerprint = Fingerprint.colonHex(SHA256.hash(data: der))
        sha1Fingerprint = Fingerprint.colonHex(Insecure.SHA1.hash(data: der))
        spkiPin = Fingerprint.sha256Base64(subjectPublicKeyInfo)
        certPin = Fingerprint.sha256Base64(der)
    }

    /// Whole days from `date` until the certificate expires; negative once it has.
    public func daysLeft(at date: Date) -> Int {
        Self.daysLeft(until: notAfter, at: date)
    }

    /// Whole days from `date` until `notAfter`; negative once it has passed.
    public static func daysLeft(until notAfter: Date, at date: Date) -> Int {
        Int((notAfter.timeIntervalSince(date) / 86_400).rounded(.down))
    }

    /// The pin value of the given type.
    public func pinValue(_ type: PinType) -> String {
        switch type {
        case .spkiSHA256: return spkiPin
        case .certSHA256: return certPin
        }
    }

    /// A short human label such as `leaf key, CN=api.example.com`.
    public func label(type: PinType, level: Int) -> String {
        let role = level == 0 ? "leaf" : (isSelfIssued ? "root" : "CA")
        let what = type == .spkiSHA256 ? "key" : "certificate"
        return "\(role) \(what), \(commonName.map { "CN=\($0)" } ?? subject)"
    }

    private static func isCA(_ extensions: Certificate.Extensions) -> Bool {
        guard let constraints = try? extensions.basicConstraints else { return false }
        if case .isCertificateAuthority = constraints { return true }
        return false
    }

    private static func alternativeNames(_ extensions: Certificate.Extensions) -> (dns: [String], ip: [String]) {
        guard let names = try? extensions.subjectAlternativeNames else { return ([], []) }
        var dns: [String] = []
        var ip: [String] = []
        for name in names {
            switch name {
            case .dnsName(let value): dns.append(value)
            case .ipAddress(let octets): ip.append(formatIPAddress(Array(octets.bytes)))
            default: continue
            }
        }
        return (dns, ip)
    }

    /// Dotted IPv4 or RFC 5952-ish IPv6 text for the raw address bytes of a SAN.
    static func formatIPAddress(_ bytes: [UInt8]) -> String {
        if bytes.count == 4 { return bytes.map(String.init).joined(separator: ".") }
        guard bytes.count == 16 else { return Fingerprint.colonHex(bytes) }
        var groups: [String] = []
        for index in stride(from: 0, to: 16, by: 2) {
            groups.append(String(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]), radix: 16))
        }
        return groups.joined(separator: ":")
    }
}
