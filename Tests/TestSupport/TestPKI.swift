import Foundation
import LabPKI
import X509

/// The certificate hierarchies the tests judge: one real PKI per scenario, generated in memory.
public struct TestPKI: Sendable {
    public let root: IssuedCertificate
    public let intermediate: IssuedCertificate
    /// root → intermediate → leaf for `host` and `www.host`.
    public let good: IssuedChain
    /// Same CA, same names, a new leaf key.
    public let rotated: IssuedChain
    /// Same names at every level, different keys, its own root: what a MITM with a rogue CA presents.
    public let impostor: IssuedChain
    public let expired: IssuedChain
    public let wrongHost: IssuedChain
    public let selfSigned: IssuedCertificate

    public let host: String

    public init(host: String = "api.pinbench.test", key: KeyKind = .p256) throws {
        self.host = host
        let now = Date()
        // Every certificate starts at the same moment: generating keys takes seconds under load, and a CA whose
        // notBefore came later than its leaf's would make the leaf's first second fail on the CA.
        let start = now.addingTimeInterval(-86_400)
        root = try CertificateIssuer.root(commonName: "PinBench Test Root", key: key, notBefore: start)
        intermediate = try CertificateIssuer.intermediate(
            commonName: "PinBench Test CA", key: key, issuer: root, notBefore: start)
        func leaf(
            _ names: [String], issuer: IssuedCertificate, notBefore: Date? = nil, notAfter: Date? = nil
        )
            throws -> IssuedCertificate
        {
            try CertificateIssuer.leaf(
                commonName: names[0],
                dnsNames: names,
                key: key,
                issuer: issuer,
                notBefore: notBefore ?? start,
                notAfter: notAfter ?? now.addingTimeInterval(90 * 86_400)
            )
        }
        good = IssuedChain(
            leaf: try leaf([host, "www." + host], issuer: intermediate), intermediates: [intermediate], root: root)
        rotated = IssuedChain(
            leaf: try leaf([host, "www." + host], issuer: intermediate), intermediates: [intermediate], root: root)
        let fakeRoot = try CertificateIssuer.root(commonName: "PinBench Test Root", key: key, notBefore: start)
        let fakeIntermediate = try CertificateIssuer.intermediate(
            commonName: "PinBench Test CA", key: key, issuer: fakeRoot, notBefore: start)
        impostor = IssuedChain(
            leaf: try leaf([host, "www." + host], issuer: fakeIntermediate),
            intermediates: [fakeIntermediate],
            root: fakeRoot
        )
        expired = IssuedChain(
            leaf: try leaf(
                [host],
                issuer: intermediate,
                notBefore: now.addingTimeInterval(-400 * 86_400),
                notAfter: now.addingTimeInterval(-3 * 86_400)
            ),
            intermediates: [intermediate],
            root: root
        )
        wrongHost = IssuedChain(
            leaf: try leaf(["other.pinbench.test"], issuer: intermediate), intermediates: [intermediate], root: root)
        selfSigned = try CertificateIssuer.leaf(commonName: host, dnsNames: [host], key: key, issuer: nil)
    }

    /// One PKI shared by the tests of a process (key generation is the slow part).
    public static let shared: TestPKI = try! TestPKI()
}

extension IssuedCertificate {
    /// Shorthand for the leaf-first certificate list of a chain.
    public var asChain: [Certificate] { [certificate] }
}

extension IssuedChain {
    /// The presented certificates as X509 values.
    public var presentedCertificates: [Certificate] { presented.map(\.certificate) }
}
