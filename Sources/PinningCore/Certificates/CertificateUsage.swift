import SwiftASN1
import X509

/// What a certificate says about its use and where to check it: key usage, extended key usage, basic
/// constraints, the Authority Information Access URLs (OCSP responder, CA issuers) and the CRL distribution points.
/// Strings are exactly what the certificate says (URLs included): make them terminal-safe before display.
public struct CertificateUsage: Hashable, Sendable, Codable {
    /// RFC 5280 names: "digitalSignature", "keyCertSign", ...; empty when the extension is absent.
    public let keyUsage: [String]
    /// "serverAuth", "clientAuth", "OCSPSigning", or the OID for others; empty when absent.
    public let extendedKeyUsage: [String]
    /// "CA, path length 0", "CA", "not a CA"; nil when the extension is absent.
    public let basicConstraints: String?
    public let ocspResponders: [String]
    public let caIssuers: [String]
    public let crlDistributionPoints: [String]
    /// The embedded SCTs, one line each ("log 7s1... at 2026-11-24 10:00:00 UTC, ECDSA-SHA256"), unverified: the
    /// verdict verifies them against a log list. A list that cannot be read is one line saying why.
    public let signedCertificateTimestamps: [String]

    /// Labelled values for views (labels of at most 10 characters), only for what the certificate states; the
    /// values are raw (terminal-safe them at the output). `inspect`, `pins` and the workbench show these same lines.
    public var labelledValues: [(label: String, value: String)] {
        var values: [(String, String)] = []
        if !keyUsage.isEmpty { values.append(("Key usage", keyUsage.joined(separator: ", "))) }
        if !extendedKeyUsage.isEmpty { values.append(("Ext. usage", extendedKeyUsage.joined(separator: ", "))) }
        if let basicConstraints { values.append(("Constraint", basicConstraints)) }
        for url in ocspResponders { values.append(("OCSP", url)) }
        for url in caIssuers { values.append(("CA issuer", url)) }
        for url in crlDistributionPoints { values.append(("CRL", url)) }
        for line in signedCertificateTimestamps { values.append(("SCT", line)) }
        return values
    }

    /// At most this many URLs of each kind are kept: a hostile certificate can list thousands.
    public static let maximumURLs = 8

    init(_ extensions: Certificate.Extensions) {
        keyUsage = (try? extensions.keyUsage).flatMap { $0 }.map(Self.names) ?? []
        extendedKeyUsage = (try? extensions.extendedKeyUsage).flatMap { $0 }.map { $0.map(Self.name) } ?? []
        switch (try? extensions.basicConstraints).flatMap({ $0 }) {
        case .isCertificateAuthority(let length)?:
            basicConstraints = "CA" + (length.map { ", path length \($0)" } ?? "")
        case .notCertificateAuthority?: basicConstraints = "not a CA"
        case nil: basicConstraints = nil
        }
        var ocsp: [String] = []
        var issuers: [String] = []
        for description in (try? extensions.authorityInformationAccess).flatMap({ $0 })
            ?? AuthorityInformationAccess([])
        {
            guard case .uniformResourceIdentifier(let uri) = description.location else { continue }
            if description.method == .ocspServer { ocsp.append(uri) }
            if description.method == .issuingCA { issuers.append(uri) }
        }
        ocspResponders = Array(ocsp.prefix(Self.maximumURLs))
        caIssuers = Array(issuers.prefix(Self.maximumURLs))
        crlDistributionPoints = Array(Self.crlURLs(extensions).prefix(Self.maximumURLs))
        do {
            signedCertificateTimestamps = try SignedCertificateTimestamp.embedded(in: extensions).map {
                "log \($0.logIDBase64.prefix(12))... at \(RevocationCheck.format($0.timestamp)), \($0.algorithmName)"
            }
        } catch {
            signedCertificateTimestamps = ["unreadable SCT list: \(error.description)"]
        }
    }

    private static func names(_ usage: KeyUsage) -> [String] {
        [
            (usage.digitalSignature, "digitalSignature"), (usage.nonRepudiation, "nonRepudiation"),
            (usage.keyEncipherment, "keyEncipherment"), (usage.dataEncipherment, "dataEncipherment"),
            (usage.keyAgreement, "keyAgreement"), (usage.keyCertSign, "keyCertSign"), (usage.cRLSign, "cRLSign"),
            (usage.encipherOnly, "encipherOnly"), (usage.decipherOnly, "decipherOnly"),
        ].filter(\.0).map(\.1)
    }

    private static func name(_ usage: ExtendedKeyUsage.Usage) -> String {
        switch usage {
        case .serverAuth: return "serverAuth"
        case .clientAuth: return "clientAuth"
        case .codeSigning: return "codeSigning"
        case .emailProtection: return "emailProtection"
        case .timeStamping: return "timeStamping"
        case .ocspSigning: return "OCSPSigning"
        case .any: return "anyExtendedKeyUsage"
        default: return "\(ASN1ObjectIdentifier(usage))"
        }
    }

    static let crlDistributionPointsID: ASN1ObjectIdentifier = [2, 5, 29, 31]

    /// The `uniformResourceIdentifier` full names of `CRLDistributionPoints ::= SEQUENCE OF DistributionPoint`
    /// (`DistributionPoint ::= SEQUENCE { distributionPoint [0] { fullName [0] GeneralNames } ... }`).
    private static func crlURLs(_ extensions: Certificate.Extensions) -> [String] {
        guard let value = extensions[oid: crlDistributionPointsID]?.value,
            let root = try? DER.parse(value), case .constructed(let points) = root.content
        else { return [] }
        var urls: [String] = []
        for point in points.prefix(maximumURLs) {
            guard case .constructed(let fields) = point.content,
                let name = fields.first(where: {
                    $0.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)
                }),
                case .constructed(let choices) = name.content,
                let full = choices.first(where: {
                    $0.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific)
                }),
                case .constructed(let generalNames) = full.content
            else { continue }
            for general in generalNames
            where general.identifier == ASN1Identifier(tagWithNumber: 6, tagClass: .contextSpecific) {
                if case .primitive(let bytes) = general.content { urls.append(String(decoding: bytes, as: UTF8.self)) }
            }
        }
        return urls
    }
}
