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
    /// What the `rotating` host can serve, in ``LabRotation`` order; the first (today's) is also its entry in
    /// ``entries``.
    let rotations: [Entry]
    /// The lab's CT logs, which signed the `ct-logged` leaf's SCTs.
    let ctLogs: LabCTLogs

    init(domain: String) throws {
        let root = try CertificateIssuer.root(commonName: "PinBench Lab Root CA", key: .p384)
        let intermediate = try CertificateIssuer.intermediate(
            commonName: "PinBench Lab Issuing CA 1", key: .p256, issuer: root)
        let ctLogs = LabCTLogs()
        self.root = root
        self.intermediate = intermediate
        self.ctLogs = ctLogs
        let issuer = ScenarioIssuer(domain: domain, now: Date(), root: root, intermediate: intermediate)
        // A second issuing CA of the same root, as CAs rotate between their intermediates.
        let sibling = try CertificateIssuer.intermediate(
            commonName: "PinBench Lab Issuing CA 2", key: .p256, issuer: root)
        rotations = try issuer.rotationStates(sibling: sibling)
        entries =
            try issuer.pinningScenarios() + issuer.trustFailureScenarios() + issuer.connectionScenarios()
            + issuer.statusScenarios(ctLogs: ctLogs) + [rotations[0]]
    }
}

/// Issues the scenarios' leaves under the lab's hierarchy, in groups by what each group demonstrates; the groups
/// are listed in ``LabScenario`` order.
private struct ScenarioIssuer {
    let domain: String
    let now: Date
    let root: IssuedCertificate
    let intermediate: IssuedCertificate

    /// What pins decide: a pinned chain, a leaf rotated under the pinned CA, and an impostor with the same names.
    func pinningScenarios() throws -> [ScenarioCatalog.Entry] {
        let good = try leaf(.good, issuer: intermediate)
        var goodEntry = entry(.good, serve: [good, intermediate], pinned: [good, intermediate, root])
        goodEntry.staple = try staple(good, .good)

        let previous = try leaf(.rotated, issuer: intermediate, notBefore: now.addingTimeInterval(-60 * 86_400))
        let rotated = try leaf(.rotated, issuer: intermediate)

        // The impostor copies every name of the real hierarchy but has its own keys and its own root.
        let fakeRoot = try CertificateIssuer.root(commonName: "PinBench Lab Root CA", key: .p384)
        let fakeIntermediate = try CertificateIssuer.intermediate(
            commonName: "PinBench Lab Issuing CA 1", key: .p256, issuer: fakeRoot)
        let genuine = try leaf(.mitm, issuer: intermediate)
        let impostor = try leaf(.mitm, issuer: fakeIntermediate)
        return [
            goodEntry,
            entry(.rotated, serve: [rotated, intermediate], pinned: [previous, intermediate, root]),
            entry(.mitm, serve: [impostor, fakeIntermediate], pinned: [genuine, intermediate, root]),
        ]
    }

    /// What default trust refuses before any pin is looked at: expiry, a name mismatch, no chain to a root.
    func trustFailureScenarios() throws -> [ScenarioCatalog.Entry] {
        let expired = try leaf(
            .expired, issuer: intermediate, notBefore: now.addingTimeInterval(-120 * 86_400),
            notAfter: now.addingTimeInterval(-30 * 86_400))
        let elsewhere = try leaf(.wrongHost, names: ["other.\(domain)"], issuer: intermediate)
        let selfSigned = try leaf(.selfSigned, issuer: nil)
        let incomplete = try leaf(.incomplete, issuer: intermediate)
        return [
            entry(.expired, serve: [expired, intermediate], pinned: [expired, intermediate, root]),
            entry(.wrongHost, serve: [elsewhere, intermediate], pinned: [elsewhere, intermediate, root]),
            entry(.selfSigned, serve: [selfSigned], pinned: [selfSigned]),
            entry(.incomplete, serve: [incomplete], pinned: [incomplete, intermediate, root]),
        ]
    }

    /// How the connection itself falls short: weak algorithms, a slow server, an old protocol version.
    func connectionScenarios() throws -> [ScenarioCatalog.Entry] {
        let slow = try leaf(.slow, issuer: intermediate)
        let old = try leaf(.tls11, issuer: intermediate)
        return [
            try weakScenario(),
            entry(.slow, serve: [slow, intermediate], pinned: [slow, intermediate, root]),
            entry(.tls11, serve: [old, intermediate], pinned: [old, intermediate, root]),
        ]
    }

    /// RSA so that TLS 1.2 RSA key exchange (no forward secrecy) is possible, and issued by an RSA "legacy" CA so
    /// that OpenSSL can re-sign it with sha1WithRSAEncryption (swift-certificates parses that, but not
    /// ecdsa-with-SHA1, and LabPKI only signs with modern algorithms).
    private func weakScenario() throws -> ScenarioCatalog.Entry {
        let legacy = try CertificateIssuer.intermediate(
            commonName: "PinBench Lab Legacy CA", key: .rsa(bits: 2048), issuer: root)
        let weak = try leaf(.weak, key: .rsa(bits: 2048), issuer: legacy)
        let weakDER = try SHA1Signer.resign(weak.der, issuerKeyPEM: legacy.key.privateKeyPEM)
        let weakCertificate = try Certificate(derEncoded: weakDER)
        return ScenarioCatalog.Entry(
            kind: .weak, host: LabScenario.weak.host(in: domain), served: [weakDER, legacy.der],
            leafKeyPEM: weak.key.privateKeyPEM,
            pinned: [weakCertificate, legacy.certificate, root.certificate])
    }

    /// The certificate's status beyond its chain: a revocation stapled by OCSP, and certificate transparency
    /// with and without the SCTs of `ctLogs`.
    func statusScenarios(ctLogs: LabCTLogs) throws -> [ScenarioCatalog.Entry] {
        let revoked = try leaf(.revoked, issuer: intermediate)
        var revokedEntry = entry(.revoked, serve: [revoked, intermediate], pinned: [revoked, intermediate, root])
        revokedEntry.staple = try staple(revoked, .revoked(ago: 2 * 86_400))
        let logged = try ctLogs.logged(try leaf(.ctLogged, issuer: intermediate), issuer: intermediate, at: now)
        let unlogged = try leaf(.noSCT, issuer: intermediate)
        return [
            revokedEntry,
            entry(.ctLogged, serve: [logged, intermediate], pinned: [logged, intermediate, root]),
            entry(.noSCT, serve: [unlogged, intermediate], pinned: [unlogged, intermediate, root]),
        ]
    }

    /// The `rotating` host's chains in ``LabRotation`` order: today's leaf, a renewal with a new key by the same
    /// intermediate, and today's leaf key re-certified by `sibling`. Each is pinned as today's chain (what the
    /// releases in the field saw).
    func rotationStates(sibling: IssuedCertificate) throws -> [ScenarioCatalog.Entry] {
        let today = try leaf(.rotating, issuer: intermediate)
        let renewed = try leaf(.rotating, issuer: intermediate)
        let host = LabScenario.rotating.host(in: domain)
        let rotated = try CertificateIssuer.issue(
            CertificateIssuer.Profile(
                subject: try CertificateIssuer.name(commonName: host), notBefore: now.addingTimeInterval(-86_400),
                notAfter: now.addingTimeInterval(90 * 86_400), dnsNames: [host],
                extendedKeyUsage: ([.serverAuth], false)),
            key: today.key, issuer: sibling)
        let pinned = [today, intermediate, root]
        let states: [LabRotation: [IssuedCertificate]] = [
            .today: [today, intermediate], .renewalNewKey: [renewed, intermediate],
            .issuerRotation: [rotated, sibling],
        ]
        return LabRotation.allCases.map { entry(.rotating, serve: states[$0]!, pinned: pinned) }
    }

    /// A leaf for `kind`'s host (or `names`), valid from a day ago for 90 days unless told otherwise; self-signed
    /// when `issuer` is nil.
    private func leaf(
        _ kind: LabScenario, names: [String]? = nil, key: KeyKind = .p256, issuer: IssuedCertificate?,
        notBefore: Date? = nil, notAfter: Date? = nil
    ) throws -> IssuedCertificate {
        let dnsNames = names ?? [kind.host(in: domain)]
        return try CertificateIssuer.leaf(
            commonName: dnsNames[0], dnsNames: dnsNames, key: key, issuer: issuer,
            notBefore: notBefore ?? now.addingTimeInterval(-86_400),
            notAfter: notAfter ?? now.addingTimeInterval(90 * 86_400))
    }

    private func entry(
        _ kind: LabScenario, serve: [IssuedCertificate], pinned: [IssuedCertificate]
    ) -> ScenarioCatalog.Entry {
        ScenarioCatalog.Entry(
            kind: kind, host: kind.host(in: domain), served: serve.map(\.der), leafKeyPEM: serve[0].key.privateKeyPEM,
            pinned: pinned.map(\.certificate))
    }

    /// The lab responder's OCSP response for `leaf`, signed by the intermediate.
    private func staple(_ leaf: IssuedCertificate, _ status: LabOCSPResponder.Status) throws -> [UInt8] {
        try LabOCSPResponder.response(
            leaf: leaf.der, issuer: intermediate.der, issuerKeyPEM: intermediate.key.privateKeyPEM, status: status)
    }
}
