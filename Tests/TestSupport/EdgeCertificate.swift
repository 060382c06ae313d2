import Foundation
import LabPKI
import SwiftASN1
import X509

/// Certificates on the trust edges where clients differ (key usages, CA flags, names, name constraints), issued in
/// memory with every extension chosen: what ``CertificateIssuer`` never makes.
public enum EdgeCertificate {
    /// The extensions and names of one certificate; nil leaves an extension out.
    public struct Profile: Sendable {
        public var commonName: String?
        public var dnsNames: [String] = []
        public var ipAddresses: [[UInt8]] = []
        public var isCA: Bool? = false
        public var keyUsage: KeyUsage? = KeyUsage(digitalSignature: true)
        public var extendedKeyUsage: [ExtendedKeyUsage.Usage]? = [.serverAuth]
        public var extendedKeyUsageCritical = false
        public var permittedDNS: [String] = []
        public var excludedDNS: [String] = []
        public var notBefore = Date().addingTimeInterval(-86_400)
        public var notAfter = Date().addingTimeInterval(30 * 86_400)
        public var key: KeyKind = .p256

        public init(commonName: String?) {
            self.commonName = commonName
        }
    }

    /// A certificate of `profile` signed by `issuer`.
    public static func issue(_ profile: Profile, issuer: IssuedCertificate) throws -> IssuedCertificate {
        let key = try LabKey(profile.key)
        var extensions = Certificate.Extensions()
        if let isCA = profile.isCA {
            let constraints: BasicConstraints =
                isCA ? .isCertificateAuthority(maxPathLength: nil) : .notCertificateAuthority
            try extensions.append(Certificate.Extension(constraints, critical: true))
        }
        if let usage = profile.keyUsage {
            try extensions.append(Certificate.Extension(usage, critical: true))
        }
        if let usages = profile.extendedKeyUsage {
            try extensions.append(
                Certificate.Extension(ExtendedKeyUsage(usages), critical: profile.extendedKeyUsageCritical))
        }
        let names =
            profile.dnsNames.map { GeneralName.dnsName($0) }
            + profile.ipAddresses.map { GeneralName.ipAddress(ASN1OctetString(contentBytes: $0[...])) }
        if !names.isEmpty {
            try extensions.append(Certificate.Extension(SubjectAlternativeNames(names), critical: false))
        }
        if !profile.permittedDNS.isEmpty || !profile.excludedDNS.isEmpty {
            let constraints = NameConstraints(
                permittedDNSDomains: profile.permittedDNS, excludedDNSDomains: profile.excludedDNS)
            try extensions.append(Certificate.Extension(constraints, critical: true))
        }
        try extensions.append(Certificate.Extension(SubjectKeyIdentifier(hash: key.publicKey), critical: false))
        try extensions.append(
            Certificate.Extension(
                AuthorityKeyIdentifier(keyIdentifier: SubjectKeyIdentifier(hash: issuer.key.publicKey).keyIdentifier),
                critical: false))
        let subject = try DistinguishedName {
            OrganizationName("PinBench Edge")
            if let commonName = profile.commonName { CommonName(commonName) }
        }
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
            notValidBefore: profile.notBefore, notValidAfter: profile.notAfter, issuer: issuer.certificate.subject,
            subject: subject, signatureAlgorithm: signatureAlgorithm(issuer.key.kind), extensions: extensions,
            issuerPrivateKey: issuer.key.privateKey)
        return IssuedCertificate(certificate: certificate, key: key)
    }

    private static func signatureAlgorithm(_ kind: KeyKind) -> Certificate.SignatureAlgorithm {
        switch kind {
        case .rsa: return .sha256WithRSAEncryption
        case .p256: return .ecdsaWithSHA256
        case .p384: return .ecdsaWithSHA384
        case .p521: return .ecdsaWithSHA512
        case .ed25519: return .ed25519
        }
    }
}
