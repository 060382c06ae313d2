import Foundation
import SwiftASN1
import X509

/// Issues root, intermediate and leaf certificates in memory: the demo lab's PKI and the tests' fixtures.
///
/// Nothing here touches the disk: keys live only as long as the values do, so no private key is ever committed.
public enum CertificateIssuer {
    /// Options for one certificate.
    public struct Profile: Sendable {
        public var subject: DistinguishedName
        public var notBefore: Date
        public var notAfter: Date
        public var dnsNames: [String]
        public var ipAddresses: [String]
        public var isCA: Bool
        /// `nil` leaves the extended key usage out; otherwise the usages, with their criticality.
        public var extendedKeyUsage: (usages: [ExtendedKeyUsage.Usage], critical: Bool)?

        public init(
            subject: DistinguishedName,
            notBefore: Date = Date().addingTimeInterval(-86_400),
            notAfter: Date = Date().addingTimeInterval(365 * 86_400),
            dnsNames: [String] = [],
            ipAddresses: [String] = [],
            isCA: Bool = false,
            extendedKeyUsage: (usages: [ExtendedKeyUsage.Usage], critical: Bool)? = nil
        ) {
            self.subject = subject
            self.notBefore = notBefore
            self.notAfter = notAfter
            self.dnsNames = dnsNames
            self.ipAddresses = ipAddresses
            self.isCA = isCA
            self.extendedKeyUsage = extendedKeyUsage
        }
    }

    /// A random serial of exactly 20 bytes (the first neither zero nor with its high bit set, so the DER integer is
    /// never shortened or padded): every lab certificate's serial has one length, and so one layout on screen.
    static func serialNumber() -> Certificate.SerialNumber {
        var bytes = (0..<20).map { _ in UInt8.random(in: 0...255) }
        bytes[0] = UInt8.random(in: 0x01...0x7F)
        return Certificate.SerialNumber(bytes: bytes)
    }

    /// A distinguished name from a common name and an optional organization.
    public static func name(commonName: String, organization: String? = nil) throws -> DistinguishedName {
        try DistinguishedName {
            if let organization { OrganizationName(organization) }
            CommonName(commonName)
        }
    }

    /// A self-signed root CA.
    public static func root(
        commonName: String,
        organization: String? = "PinBench Lab",
        key: KeyKind = .p256,
        notBefore: Date = Date().addingTimeInterval(-86_400),
        notAfter: Date = Date().addingTimeInterval(10 * 365 * 86_400)
    ) throws -> IssuedCertificate {
        let labKey = try LabKey(key)
        let profile = Profile(
            subject: try name(commonName: commonName, organization: organization),
            notBefore: notBefore,
            notAfter: notAfter,
            isCA: true
        )
        return try issue(profile, key: labKey, issuer: nil)
    }

    /// A CA certificate signed by `issuer`.
    public static func intermediate(
        commonName: String,
        organization: String? = "PinBench Lab",
        key: KeyKind = .p256,
        issuer: IssuedCertificate,
        notBefore: Date = Date().addingTimeInterval(-86_400),
        notAfter: Date = Date().addingTimeInterval(5 * 365 * 86_400)
    ) throws -> IssuedCertificate {
        let profile = Profile(
            subject: try name(commonName: commonName, organization: organization),
            notBefore: notBefore,
            notAfter: notAfter,
            isCA: true
        )
        return try issue(profile, key: try LabKey(key), issuer: issuer)
    }

    /// A TLS server certificate for `dnsNames` signed by `issuer` (or self-signed when `issuer` is nil).
    public static func leaf(
        commonName: String,
        dnsNames: [String],
        ipAddresses: [String] = [],
        key: KeyKind = .p256,
        issuer: IssuedCertificate?,
        notBefore: Date = Date().addingTimeInterval(-86_400),
        notAfter: Date = Date().addingTimeInterval(90 * 86_400),
        extendedKeyUsage: (usages: [ExtendedKeyUsage.Usage], critical: Bool)? = ([.serverAuth], false),
        organization: String? = nil
    ) throws -> IssuedCertificate {
        let profile = Profile(
            subject: try name(commonName: commonName, organization: organization),
            notBefore: notBefore,
            notAfter: notAfter,
            dnsNames: dnsNames,
            ipAddresses: ipAddresses,
            extendedKeyUsage: extendedKeyUsage
        )
        return try issue(profile, key: try LabKey(key), issuer: issuer)
    }

    /// Issues one certificate for `key`, signed by `issuer`'s key, or by `key` itself when `issuer` is nil.
    public static func issue(_ profile: Profile, key: LabKey, issuer: IssuedCertificate?) throws -> IssuedCertificate {
        let signingKey = issuer?.key ?? key
        let issuerName = issuer?.certificate.subject ?? profile.subject
        var extensions = Certificate.Extensions()
        if profile.isCA {
            try extensions.append(
                Certificate.Extension(BasicConstraints.isCertificateAuthority(maxPathLength: nil), critical: true)
            )
            try extensions.append(
                Certificate.Extension(
                    KeyUsage(digitalSignature: true, keyCertSign: true, cRLSign: true), critical: true)
            )
        } else {
            try extensions.append(Certificate.Extension(BasicConstraints.notCertificateAuthority, critical: true))
            try extensions.append(Certificate.Extension(KeyUsage(digitalSignature: true), critical: true))
        }
        if let eku = profile.extendedKeyUsage {
            try extensions.append(Certificate.Extension(ExtendedKeyUsage(eku.usages), critical: eku.critical))
        }
        var generalNames = profile.dnsNames.map { GeneralName.dnsName($0) }
        for address in profile.ipAddresses {
            guard let bytes = ipAddressBytes(address) else {
                throw LabPKIError(message: "not an IP address: \(address)")
            }
            generalNames.append(.ipAddress(ASN1OctetString(contentBytes: bytes[...])))
        }
        if !generalNames.isEmpty {
            try extensions.append(Certificate.Extension(SubjectAlternativeNames(generalNames), critical: false))
        }
        try extensions.append(
            Certificate.Extension(SubjectKeyIdentifier(hash: key.publicKey), critical: false)
        )
        if let issuer {
            try extensions.append(
                Certificate.Extension(
                    AuthorityKeyIdentifier(
                        keyIdentifier: SubjectKeyIdentifier(hash: issuer.key.publicKey).keyIdentifier),
                    critical: false
                )
            )
        }
        let certificate = try Certificate(
            version: .v3,
            serialNumber: Self.serialNumber(),
            publicKey: key.publicKey,
            notValidBefore: profile.notBefore,
            notValidAfter: profile.notAfter,
            issuer: issuerName,
            subject: profile.subject,
            signatureAlgorithm: signingKey.kind.signatureAlgorithm,
            extensions: extensions,
            issuerPrivateKey: signingKey.privateKey
        )
        return IssuedCertificate(certificate: certificate, key: key)
    }

    /// The same certificate (serial, key, validity, names, extensions) with `extra` appended to its extensions,
    /// signed again by `issuer`: how a CA turns a precertificate into the certificate with its SCTs, whose TBS less
    /// that extension is the precertificate's.
    public static func reissue(
        _ issued: IssuedCertificate, appending extra: Certificate.Extension, issuer: IssuedCertificate
    ) throws -> IssuedCertificate {
        let original = issued.certificate
        var extensions = original.extensions
        try extensions.append(extra)
        let certificate = try Certificate(
            version: original.version,
            serialNumber: original.serialNumber,
            publicKey: original.publicKey,
            notValidBefore: original.notValidBefore,
            notValidAfter: original.notValidAfter,
            issuer: original.issuer,
            subject: original.subject,
            signatureAlgorithm: original.signatureAlgorithm,
            extensions: extensions,
            issuerPrivateKey: issuer.key.privateKey
        )
        return IssuedCertificate(certificate: certificate, key: issued.key)
    }

    private static func ipAddressBytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { Array($0) }
        }
        return nil
    }
}

/// A failure to issue a lab certificate.
public struct LabPKIError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
