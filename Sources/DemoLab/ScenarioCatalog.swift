import Foundation
import LabPKI
import PinningCore
import X509

/// The lab's PKI and every scenario's chain, generated in memory at start: lab root -> lab intermediate -> leaves,
/// plus an impostor hierarchy for `mitm`. Nothing is read from or written to disk.
struct ScenarioCatalog {
    /// One scenario's material: what to serve (DER, leaf first), the leaf's private key, and the pinned chain.
    struct Entry {
        let kind: LabScenario
        let host: String
        let served: [[UInt8]]
        let leafKeyPEM: String
        let pinned: [Certificate]
        /// The OCSP response stapled for this name, from the lab's responder; nil staples nothing.
        var staple: [UInt8]? = nil
    }

    let root: IssuedCertificate
    let intermediate: IssuedCertificate
    let entries: [Entry]
    /// The lab's CT logs, which signed the `ct-logged` leaf's SCTs.
    let ctLogs: LabCTLogs

    init(domain: String) throws {
        let now = Date()
        let root = try CertificateIssuer.root(commonName: "PinBench Lab Root CA", key: .p384)
        let intermediate = try CertificateIssuer.intermediate(
            commonName: "PinBench Lab Issuing CA 1", key: .p256, issuer: root)
        self.root = root
        self.intermediate = intermediate

        func leaf(
            _ kind: LabScenario, names: [String]? = nil, key: KeyKind = .p256, issuer: IssuedCertificate?,
            notBefore: Date = now.addingTimeInterval(-86_400), notAfter: Date = now.addingTimeInterval(90 * 86_400)
        )
            throws -> IssuedCertificate
        {
            let host = kind.host(in: domain)
            let dnsNames = names ?? [host]
            return try CertificateIssuer.leaf(
                commonName: dnsNames[0], dnsNames: dnsNames, key: key, issuer: issuer, notBefore: notBefore,
                notAfter: notAfter)
        }
        func entry(_ kind: LabScenario, serve: [IssuedCertificate], pinned: [IssuedCertificate]) -> Entry {
            Entry(
                kind: kind, host: kind.host(in: domain), served: serve.map(\.der),
                leafKeyPEM: serve[0].key.privateKeyPEM,
                pinned: pinned.map(\.certificate))
        }

        func staple(_ leaf: IssuedCertificate, _ status: LabOCSPResponder.Status) throws -> [UInt8] {
            try LabOCSPResponder.response(
                leaf: leaf.der, issuer: intermediate.der, issuerKeyPEM: intermediate.key.privateKeyPEM, status: status)
        }

        var entries: [Entry] = []
        let good = try leaf(.good, issuer: intermediate)
        var goodEntry = entry(.good, serve: [good, intermediate], pinned: [good, intermediate, root])
        goodEntry.staple = try staple(good, .good)
        entries.append(goodEntry)

        let previous = try leaf(.rotated, issuer: intermediate, notBefore: now.addingTimeInterval(-60 * 86_400))
        let rotated = try leaf(.rotated, issuer: intermediate)
        entries.append(entry(.rotated, serve: [rotated, intermediate], pinned: [previous, intermediate, root]))

        // The impostor copies every name of the real hierarchy but has its own keys and its own root.
        let fakeRoot = try CertificateIssuer.root(commonName: "PinBench Lab Root CA", key: .p384)
        let fakeIntermediate = try CertificateIssuer.intermediate(
            commonName: "PinBench Lab Issuing CA 1", key: .p256, issuer: fakeRoot)
        let genuine = try leaf(.mitm, issuer: intermediate)
        let impostor = try leaf(.mitm, issuer: fakeIntermediate)
        entries.append(entry(.mitm, serve: [impostor, fakeIntermediate], pinned: [genuine, intermediate, root]))

        let expired = try leaf(
            .expired, issuer: intermediate, notBefore: now.addingTimeInterval(-120 * 86_400),
            notAfter: now.addingTimeInterval(-30 * 86_400))
        entries.append(entry(.expired, serve: [expired, intermediate], pinned: [expired, intermediate, root]))

        let elsewhere = try leaf(.wrongHost, names: ["other.\(domain)"], issuer: intermediate)
        entries.append(entry(.wrongHost, serve: [elsewhere, intermediate], pinned: [elsewhere, intermediate, root]))

        let selfSigned = try leaf(.selfSigned, issuer: nil)
        entries.append(entry(.selfSigned, serve: [selfSigned], pinned: [selfSigned]))

        let incomplete = try leaf(.incomplete, issuer: intermediate)
        entries.append(entry(.incomplete, serve: [incomplete], pinned: [incomplete, intermediate, root]))

        // RSA so that TLS 1.2 RSA key exchange (no forward secrecy) is possible, and issued by an RSA "legacy" CA
        // so that OpenSSL can re-sign it with sha1WithRSAEncryption (swift-certificates parses that, but not
        // ecdsa-with-SHA1, and LabPKI only signs with modern algorithms).
        let legacy = try CertificateIssuer.intermediate(
            commonName: "PinBench Lab Legacy CA", key: .rsa(bits: 2048), issuer: root)
        let weak = try leaf(.weak, key: .rsa(bits: 2048), issuer: legacy)
        let weakDER = try SHA1Signer.resign(weak.der, issuerKeyPEM: legacy.key.privateKeyPEM)
        let weakCertificate = try Certificate(derEncoded: weakDER)
        entries.append(
            Entry(
                kind: .weak, host: LabScenario.weak.host(in: domain), served: [weakDER, legacy.der],
                leafKeyPEM: weak.key.privateKeyPEM,
                pinned: [weakCertificate, legacy.certificate, root.certificate]))

        let slow = try leaf(.slow, issuer: intermediate)
        entries.append(entry(.slow, serve: [slow, intermediate], pinned: [slow, intermediate, root]))

        let old = try leaf(.tls11, issuer: intermediate)
        entries.append(entry(.tls11, serve: [old, intermediate], pinned: [old, intermediate, root]))

        let revoked = try leaf(.revoked, issuer: intermediate)
        var revokedEntry = entry(.revoked, serve: [revoked, intermediate], pinned: [revoked, intermediate, root])
        revokedEntry.staple = try staple(revoked, .revoked(ago: 2 * 86_400))
        entries.append(revokedEntry)

        let ctLogs = LabCTLogs()
        self.ctLogs = ctLogs
        let logged = try ctLogs.logged(try leaf(.ctLogged, issuer: intermediate), issuer: intermediate, at: now)
        entries.append(entry(.ctLogged, serve: [logged, intermediate], pinned: [logged, intermediate, root]))
        let unlogged = try leaf(.noSCT, issuer: intermediate)
        entries.append(entry(.noSCT, serve: [unlogged, intermediate], pinned: [unlogged, intermediate, root]))
        self.entries = entries
    }
}
