import Foundation
import LabPKI
import PinningCore
import X509

extension AgreementTable {
    /// The trust edges of the certificate rules where clients differ, each served four ways: leaf key pinned; root
    /// sent and its key pinned; intermediate key pinned; no pin matching. Extended and plain key usages, CA flags,
    /// CN-only leaves, wildcards over public suffixes, name constraints, dates, wrong hosts and unsent or untrusted
    /// CAs. Every served chain is distinct (each variant is a new leaf).
    public static func trustEdges() throws -> [AgreementCase] {
        let pki = TestPKI.shared
        let host = pki.host
        var cases: [AgreementCase] = []
        func key(_ issued: IssuedCertificate) -> Pin {
            Pin(type: .spkiSHA256, value: CertificateDetails(issued.certificate).spkiPin)
        }
        let nothing = Pin(type: .spkiSHA256, value: Data(repeating: 7, count: 32).base64EncodedString())
        /// Four cases of one edge: `leaf` makes a new leaf each time, signed by `issuer`, which `root` anchors.
        func edge(
            _ name: String, host connect: String = host, issuer: IssuedCertificate? = nil,
            root: IssuedCertificate? = nil, sendIssuer: Bool = true, _ profile: (inout EdgeCertificate.Profile) -> Void
        ) throws {
            let issuer = issuer ?? pki.intermediate
            let root = root ?? pki.root
            func leaf() throws -> IssuedCertificate {
                var built = EdgeCertificate.Profile(commonName: connect)
                built.dnsNames = [connect]
                profile(&built)
                return try EdgeCertificate.issue(built, issuer: issuer)
            }
            let sentCAs = sendIssuer ? [issuer] : []
            func add(_ variant: String, _ served: [IssuedCertificate], _ pins: [Pin]) {
                cases.append(
                    AgreementCase(
                        name: "\(name); \(variant)", served: served, anchors: [pki.root], host: connect,
                        domain: DomainPolicy(host: connect, pins: pins)))
            }
            let first = try leaf()
            add("leaf key pinned", [first] + sentCAs, [key(first), nothing])
            add("root sent, root key pinned", [try leaf()] + sentCAs + [root], [key(root), nothing])
            add("intermediate key pinned", [try leaf()] + sentCAs, [key(issuer), nothing])
            add("no pin matches", [try leaf()] + sentCAs, [nothing])
        }
        func ca(_ name: String, _ profile: (inout EdgeCertificate.Profile) -> Void) throws -> IssuedCertificate {
            var built = EdgeCertificate.Profile(commonName: name)
            built.isCA = true
            built.keyUsage = KeyUsage(digitalSignature: true, keyCertSign: true, cRLSign: true)
            built.extendedKeyUsage = nil
            built.notAfter = Date().addingTimeInterval(365 * 86_400)
            profile(&built)
            return try EdgeCertificate.issue(built, issuer: pki.root)
        }
        let day: TimeInterval = 86_400
        // Extended key usage.
        try edge("no extended key usage") { $0.extendedKeyUsage = nil }
        try edge("extended key usage clientAuth only") { $0.extendedKeyUsage = [.clientAuth] }
        try edge("extended key usage anyExtendedKeyUsage only") { $0.extendedKeyUsage = [.any] }
        try edge("extended key usage serverAuth, critical") { $0.extendedKeyUsageCritical = true }
        try edge("extended key usage clientAuth and serverAuth") { $0.extendedKeyUsage = [.clientAuth, .serverAuth] }
        // CA as leaf, key usage.
        try edge("CA:TRUE leaf with keyCertSign") {
            $0.isCA = true
            $0.keyUsage = KeyUsage(digitalSignature: true, keyCertSign: true)
        }
        try edge("CA:TRUE leaf, digitalSignature only") { $0.isCA = true }
        try edge("keyCertSign on a leaf that is not a CA") {
            $0.keyUsage = KeyUsage(digitalSignature: true, keyCertSign: true)
        }
        try edge("key usage keyEncipherment only (RSA)") {
            $0.key = .rsa(bits: 2048)
            $0.keyUsage = KeyUsage(keyEncipherment: true)
        }
        try edge("key usage keyAgreement only") { $0.keyUsage = KeyUsage(keyAgreement: true) }
        try edge("key usage nonRepudiation only") { $0.keyUsage = KeyUsage(nonRepudiation: true) }
        try edge("no key usage") { $0.keyUsage = nil }
        try edge("no basic constraints") { $0.isCA = nil }
        // Names.
        try edge("CN only, no subject alternative name") { $0.dnsNames = [] }
        try edge("CN only, naming another host") {
            $0.dnsNames = []
            $0.commonName = "other.pinbench.test"
        }
        try edge("neither CN nor subject alternative name") {
            $0.dnsNames = []
            $0.commonName = nil
        }
        try edge("an IP address name only, CN matching") {
            $0.dnsNames = []
            $0.ipAddresses = [[127, 0, 0, 2]]
        }
        try edge("a DNS name for another host, CN matching") { $0.dnsNames = ["other.pinbench.test"] }
        try edge("wrong host") {
            $0.dnsNames = ["other.pinbench.test"]
            $0.commonName = "other.pinbench.test"
        }
        try edge("wildcard over the public suffix co.uk", host: "shop.co.uk") { $0.dnsNames = ["*.co.uk"] }
        try edge("wildcard over the top-level domain com", host: "pinbenchtest.com") { $0.dnsNames = ["*.com"] }
        try edge("wildcard one label down", host: "www." + host) { $0.dnsNames = ["*." + host] }
        try edge("wildcard two labels down", host: "a.b." + host) { $0.dnsNames = ["*." + host] }
        // Dates.
        try edge("expired leaf") {
            $0.notBefore = Date().addingTimeInterval(-40 * day)
            $0.notAfter = Date().addingTimeInterval(-2 * day)
        }
        try edge("not-yet-valid leaf") {
            $0.notBefore = Date().addingTimeInterval(2 * day)
            $0.notAfter = Date().addingTimeInterval(30 * day)
        }
        // The CA above the leaf.
        let noCertSign = try ca("Edge CA without keyCertSign") {
            $0.keyUsage = KeyUsage(digitalSignature: true, cRLSign: true)
        }
        let otherDomain = try ca("Edge CA for example.org") { $0.permittedDNS = ["example.org"] }
        let excluding = try ca("Edge CA excluding the host") { $0.excludedDNS = [host] }
        let permitting = try ca("Edge CA for pinbench.test") { $0.permittedDNS = ["pinbench.test"] }
        let expiredCA = try ca("Edge CA expired") {
            $0.notBefore = Date().addingTimeInterval(-40 * day)
            $0.notAfter = Date().addingTimeInterval(-1 * day)
        }
        try edge("intermediate without keyCertSign", issuer: noCertSign) { _ in }
        try edge("name constraints permitting another domain", issuer: otherDomain) { _ in }
        try edge("name constraints excluding the host", issuer: excluding) { _ in }
        try edge("name constraints permitting the host", issuer: permitting) { _ in }
        try edge("expired intermediate", issuer: expiredCA) { _ in }
        // Chains that do not reach the anchor.
        try edge("intermediate not sent", sendIssuer: false) { _ in }
        let stranger = try CertificateIssuer.root(commonName: "Edge Stranger Root")
        let strangerCA = try CertificateIssuer.intermediate(commonName: "Edge Stranger CA", issuer: stranger)
        try edge("a root the clients do not trust", issuer: strangerCA, root: stranger) { _ in }
        return cases
    }
}
