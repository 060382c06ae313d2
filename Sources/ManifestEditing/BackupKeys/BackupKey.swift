import Crypto
import Foundation
import PinningCore
import SwiftASN1
import X509
import _CryptoExtras

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A freshly generated key pair for a host, with a certificate signing request for it and its pin.
///
/// Every pinning guide says to pin a backup key that is *not* in today's chain, kept offline, so that losing or
/// rotating the live key does not lock users out. The CSR lets a CA issue a certificate for the key when it is
/// needed; the pin goes into the manifest now, as a backup.
public struct BackupKey: Sendable {
    public let host: HostName
    public let algorithm: BackupKeyAlgorithm
    /// PKCS#8 PEM (`-----BEGIN PRIVATE KEY-----`): the secret to keep offline.
    public let privateKeyPEM: String
    /// PKCS#10 PEM, subject `CN=HOST`, the host as its subject alternative name.
    public let certificateSigningRequestPEM: String
    /// base64(SHA-256(DER SubjectPublicKeyInfo)): the `spki-sha256` pin of the key.
    public let spkiPin: String

    /// Generates a key of `algorithm` and a CSR for `host`. RSA generation is slow: run it off any UI loop.
    public static func generate(for host: HostName, algorithm: BackupKeyAlgorithm) throws(BackupKeyError) -> BackupKey {
        let privateKey: Certificate.PrivateKey
        let pem: String
        do {
            switch algorithm {
            case .p256:
                let key = P256.Signing.PrivateKey()
                (privateKey, pem) = (Certificate.PrivateKey(key), key.pemRepresentation)
            case .p384:
                let key = P384.Signing.PrivateKey()
                (privateKey, pem) = (Certificate.PrivateKey(key), key.pemRepresentation)
            case .rsa2048, .rsa3072, .rsa4096:
                let bits = algorithm == .rsa2048 ? 2048 : algorithm == .rsa3072 ? 3072 : 4096
                let key = try _RSA.Signing.PrivateKey(keySize: .init(bitCount: bits))
                (privateKey, pem) = (Certificate.PrivateKey(key), key.pkcs8PEMRepresentation)
            }
        } catch {
            throw BackupKeyError(.generationFailed, reason: "the \(algorithm.displayName) key could not be generated")
        }
        do {
            let request = try CertificateSigningRequest(
                version: .v1,
                subject: try DistinguishedName { CommonName(host.text) },
                privateKey: privateKey,
                attributes: CertificateSigningRequest.Attributes([
                    try .init(
                        ExtensionRequest(
                            extensions: try Certificate.Extensions {
                                SubjectAlternativeNames([try subjectAlternativeName(host)])
                            }))
                ])
            )
            var serializer = DER.Serializer()
            try serializer.serialize(privateKey.publicKey)
            return BackupKey(
                host: host, algorithm: algorithm, privateKeyPEM: pem,
                certificateSigningRequestPEM: try request.serializeAsPEM().pemString,
                spkiPin: Fingerprint.sha256Base64(serializer.serializedBytes))
        } catch {
            throw BackupKeyError(.generationFailed, reason: "the certificate signing request could not be made")
        }
    }

    /// `dNSName` for a name, `iPAddress` (4 or 16 bytes) for an address literal.
    private static func subjectAlternativeName(_ host: HostName) throws -> GeneralName {
        switch host.kind {
        case .domainName:
            return .dnsName(host.text)
        case .ipv4, .ipv6:
            let family = host.kind == .ipv4 ? AF_INET : AF_INET6
            var bytes = [UInt8](repeating: 0, count: host.kind == .ipv4 ? 4 : 16)
            guard inet_pton(family, host.text, &bytes) == 1 else {
                throw BackupKeyError(.generationFailed, reason: "\(host.text) is not an address")
            }
            return .ipAddress(ASN1OctetString(contentBytes: bytes[...]))
        }
    }

    /// The file names the key and the CSR are written to: `HOST.ALGORITHM.key.pem`, `HOST.ALGORITHM.csr.pem`.
    /// A host passed the host rule, so the names hold no `/` and no control character.
    public var fileNames: (key: String, request: String) {
        let stem = "\(host.text).\(algorithm.rawValue)"
        return (stem + ".key.pem", stem + ".csr.pem")
    }
}

/// Why a backup key could not be made or written. Decide on ``code``.
public struct BackupKeyError: BadInputError, Hashable, Sendable, CustomStringConvertible {
    public enum Code: String, Hashable, Sendable {
        case generationFailed
        /// A file (or a symbolic link) is already at the path: never overwritten.
        case exists
        case folderMissing
        /// The folder's path ends in a symbolic link: not followed, as it could be swapped while the key is made.
        case folderIsLink
        case writeFailed
    }

    public let code: Code
    public let reason: String

    public init(_ code: Code, reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { reason }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }
}
