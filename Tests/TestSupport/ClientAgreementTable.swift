import Foundation
import LabPKI
import PinningCore

/// One server and one manifest of the client agreement table: what s_server sends, what the clients trust, the host
/// they connect to, and the domain whose pins PinBench exports to them.
public struct AgreementCase: Sendable {
    public let name: String
    public let served: [IssuedCertificate]
    public let anchors: [IssuedCertificate]
    public let host: String
    public let domain: DomainPolicy
}

/// The table: leaf, intermediate and root pins; the root sent or not; certificates sent off the path; cross-signed
/// paths; expired, not-yet-valid, wrong-host and untrusted leaves; report-only and expired pins; subdomains. Shared by
/// the real clients' checks (Tests/CLITests/ClientAgreementTests.swift) and the URLSession delegate's run against the
/// Apple stubs (Tests/PinExportTests/Encoding/URLSessionDelegateRunTests.swift).
public struct AgreementTable: Sendable {
    public let cases: [AgreementCase]

    public static func make() throws -> AgreementTable {
        let pki = TestPKI.shared
        let host = pki.host
        let good = pki.good.presented
        let root = [pki.root]
        let stray = try CertificateIssuer.root(commonName: "Stray Root")
        let straySigned = try CertificateIssuer.intermediate(commonName: "Stray CA", issuer: stray)
        let deep = try CertificateIssuer.leaf(
            commonName: host, dnsNames: [host, "www." + host, "a.b." + host], issuer: pki.intermediate)
        let early = try CertificateIssuer.leaf(
            commonName: host, dnsNames: [host], issuer: pki.intermediate,
            notBefore: Date().addingTimeInterval(3 * 86_400), notAfter: Date().addingTimeInterval(30 * 86_400))
        let cross = try CrossSignedRoot(host: host)
        let crossServed = [cross.leaf, cross.intermediate, cross.crossSigned]
        func key(_ issued: IssuedCertificate, _ position: PinPosition = .any, role: PinRole = .active) -> Pin {
            Pin(
                type: .spkiSHA256, value: CertificateDetails(issued.certificate).spkiPin, role: role, position: position
            )
        }
        let certificatePin = Pin(type: .certSHA256, value: CertificateDetails(pki.good.leaf.certificate).certPin)
        let nothing = Pin(type: .spkiSHA256, value: Data(repeating: 9, count: 32).base64EncodedString())
        func domain(
            _ pins: [Pin], subdomains: Bool = false, mode: EnforcementMode = .enforce, expires: CalendarDay? = nil
        ) -> DomainPolicy {
            DomainPolicy(host: host, includeSubdomains: subdomains, mode: mode, expires: expires, pins: pins)
        }
        func entry(
            _ name: String, _ served: [IssuedCertificate], _ pins: [Pin], anchors: [IssuedCertificate]? = nil,
            host connect: String? = nil, subdomains: Bool = false, mode: EnforcementMode = .enforce,
            expires: CalendarDay? = nil
        ) -> AgreementCase {
            AgreementCase(
                name: name, served: served, anchors: anchors ?? root, host: connect ?? host,
                domain: domain(pins, subdomains: subdomains, mode: mode, expires: expires))
        }
        let lapsed = CalendarDay(containing: Date().addingTimeInterval(-3 * 86_400))
        return AgreementTable(cases: [
            entry("leaf key, position leaf", good, [key(pki.good.leaf, .leaf), nothing]),
            entry("leaf key, position any", good, [key(pki.good.leaf), nothing]),
            entry("leaf key pinned as a CA", good, [key(pki.good.leaf, .ca), nothing]),
            entry("intermediate key, position any", good, [key(pki.intermediate), nothing]),
            entry("intermediate key, position ca", good, [key(pki.intermediate, .ca), nothing]),
            entry("root key, root not sent", good, [key(pki.root), nothing]),
            entry("root key as CA, root not sent", good, [key(pki.root, .ca), nothing]),
            entry("root key, root sent", pki.good.full, [key(pki.root), nothing]),
            entry("leaf key, root sent", pki.good.full, [key(pki.good.leaf), nothing]),
            entry("no pin matches", good, [nothing]),
            entry("certificate pin on the leaf only", good, [certificatePin]),
            entry(
                "rotated leaf caught by a backup key", pki.rotated.presented,
                [key(pki.good.leaf), key(pki.rotated.leaf, role: .backup)]),
            entry("rotated leaf without a backup", pki.rotated.presented, [key(pki.good.leaf), nothing]),
            entry("pinned stray root sent off the path", good + [stray], [key(stray), nothing]),
            entry("pinned stray CA sent off the path", good + [straySigned, stray], [key(straySigned), nothing]),
            entry("leaf pin with a stray certificate sent", good + [stray], [key(pki.good.leaf), nothing]),
            entry(
                "stray certificate sent before the intermediate", [pki.good.leaf, stray, pki.intermediate],
                [key(pki.intermediate), nothing]),
            entry("impostor chain, its own leaf pinned", pki.impostor.presented, [key(pki.impostor.leaf), nothing]),
            entry("impostor chain, real leaf pinned", pki.impostor.presented, [key(pki.good.leaf), nothing]),
            entry(
                "impostor chain, impostor root trusted too", pki.impostor.presented, [key(pki.good.leaf), nothing],
                anchors: [pki.root, pki.impostor.root]),
            entry(
                "cross-signed, new root trusted, old root pinned", crossServed, [key(cross.oldRoot), nothing],
                anchors: [cross.root]),
            entry(
                "cross-signed, new root trusted, new root pinned", crossServed, [key(cross.root), nothing],
                anchors: [cross.root]),
            entry(
                "cross-signed, old root trusted, old root pinned", crossServed, [key(cross.oldRoot), nothing],
                anchors: [cross.oldRoot]),
            entry(
                "cross-signed, old root trusted, new root key pinned", crossServed, [key(cross.root), nothing],
                anchors: [cross.oldRoot]),
            entry(
                "cross-signed, both roots trusted, old root pinned", crossServed, [key(cross.oldRoot), nothing],
                anchors: [cross.root, cross.oldRoot]),
            entry("expired leaf", pki.expired.presented, [key(pki.expired.leaf), nothing]),
            entry("not-yet-valid leaf", [early, pki.intermediate], [key(early), nothing]),
            entry("wrong host", pki.wrongHost.presented, [key(pki.wrongHost.leaf), nothing]),
            entry("self-signed leaf, untrusted", [pki.selfSigned], [key(pki.selfSigned), nothing]),
            entry(
                "self-signed leaf, trusted", [pki.selfSigned], [key(pki.selfSigned), nothing], anchors: [pki.selfSigned]
            ),
            entry("report-only, no pin matches", good, [nothing], mode: .reportOnly),
            entry("report-only, leaf matches", good, [key(pki.good.leaf), nothing], mode: .reportOnly),
            entry("expired pins, no pin matches", good, [nothing], expires: lapsed),
            entry("expired pins, intermediate matches", good, [key(pki.intermediate), nothing], expires: lapsed),
            entry(
                "subdomain one label down, leaf pinned", [deep, pki.intermediate], [key(deep), nothing],
                host: "www." + host, subdomains: true),
            entry(
                "subdomain one label down, no pin matches", [deep, pki.intermediate], [nothing], host: "www." + host,
                subdomains: true),
            entry(
                "subdomain two labels down, no pin matches", [deep, pki.intermediate], [nothing], host: "a.b." + host,
                subdomains: true),
            entry("subdomain without includeSubdomains", [deep, pki.intermediate], [nothing], host: "www." + host),
        ])
    }
}
