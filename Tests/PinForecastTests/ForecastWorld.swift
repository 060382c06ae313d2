import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport
import X509

/// Two public CAs: the one in use (a root with two sibling intermediates) and an unrelated one.
struct ForecastWorld {
    static let host = "app.pinbench.test"

    let root: IssuedCertificate
    let intermediate: IssuedCertificate
    let sibling: IssuedCertificate
    let otherRoot: IssuedCertificate
    let otherIntermediate: IssuedCertificate
    let leaf: IssuedCertificate

    init() throws {
        root = try CertificateIssuer.root(commonName: "Forecast Root")
        intermediate = try CertificateIssuer.intermediate(commonName: "Forecast CA 1", issuer: root)
        sibling = try CertificateIssuer.intermediate(commonName: "Forecast CA 2", issuer: root)
        otherRoot = try CertificateIssuer.root(commonName: "Other Root")
        otherIntermediate = try CertificateIssuer.intermediate(commonName: "Other CA", issuer: otherRoot)
        leaf = try Self.leaf(key: LabKey(.p256), issuer: intermediate)
    }

    static func leaf(key: LabKey, issuer: IssuedCertificate) throws -> IssuedCertificate {
        let profile = CertificateIssuer.Profile(
            subject: try DistinguishedName { CommonName(ForecastWorld.host) },
            dnsNames: [ForecastWorld.host], extendedKeyUsage: ([.serverAuth], false))
        return try CertificateIssuer.issue(profile, key: key, issuer: issuer)
    }

    var anchors: TrustAnchors { TrustAnchors(certificates: [root.certificate, otherRoot.certificate]) }
    var current: [ChainCertificate] { [leaf.chainCertificate, intermediate.chainCertificate] }

    /// Each synthesised scenario issued for real, as the server would send it.
    func realised(_ scenario: Scenario) throws -> [ChainCertificate]? {
        let chain: [IssuedCertificate]
        switch scenario {
        case .current, .planned: return nil
        case .renewalSameKey: chain = [try Self.leaf(key: leaf.key, issuer: intermediate), intermediate]
        case .renewalNewKey: chain = [try Self.leaf(key: LabKey(.p256), issuer: intermediate), intermediate]
        case .issuerRotation: chain = [try Self.leaf(key: leaf.key, issuer: sibling), sibling]
        case .caSwitch: chain = [try Self.leaf(key: leaf.key, issuer: otherIntermediate), otherIntermediate]
        case .rootOnly: chain = [try Self.leaf(key: LabKey(.p256), issuer: sibling), sibling]
        }
        return chain.map(\.chainCertificate)
    }

    func spki(_ issued: IssuedCertificate) -> String { Fingerprint.spkiPin(issued.certificate) }
    func cert(_ issued: IssuedCertificate) -> String { Fingerprint.sha256Base64(issued.der) }

    /// Releases pinning every level one way or another, lapsed, report-only, and one that pins another host.
    func releases() -> [Release] {
        func release(
            _ name: String, _ pins: [Pin], mode: EnforcementMode = .enforce, expires: String? = nil
        )
            -> Release
        {
            let domain = DomainPolicy(
                host: ForecastWorld.host, mode: mode, expires: expires.flatMap(CalendarDay.init),
                pins: pins)
            return Release(name: name, share: 10, manifest: PinManifest(domains: [domain]))
        }
        let leafKey = Pin(type: .spkiSHA256, value: spki(leaf))
        return [
            release("leaf-key", [leafKey]),
            release("leaf-key+ca", [leafKey, Pin(type: .spkiSHA256, value: spki(intermediate), role: .backup)]),
            release("ca-key", [Pin(type: .spkiSHA256, value: spki(intermediate))]),
            release("root-key", [Pin(type: .spkiSHA256, value: spki(root))]),
            release("leaf-cert", [Pin(type: .certSHA256, value: cert(leaf))]),
            release("leaf-key-as-ca", [Pin(type: .spkiSHA256, value: spki(leaf), position: .ca)]),
            release("root-cert-leaf-position", [Pin(type: .certSHA256, value: cert(root), position: .leaf)]),
            release("lapsed", [Pin(type: .certSHA256, value: cert(leaf))], expires: "2020-01-01"),
            release("report-only", [Pin(type: .certSHA256, value: cert(leaf))], mode: .reportOnly),
            Release(
                name: "other-host", share: 10,
                manifest: PinManifest(domains: [
                    DomainPolicy(host: "other.pinbench.test", pins: [Pin(type: .spkiSHA256, value: spki(root))])
                ])),
        ]
    }
}
