import Foundation
import PinningCore
import SwiftASN1
import TestSupport
import Testing
import X509

@testable import LabPKI

/// Each rule ``ValidationProfile/rfc5280`` and ``ValidationProfile/strict`` add, on a lab chain that breaks only that
/// rule: the platform profile (what apps decide) accepts it; the strict profile refuses it with the rule's own
/// rejection, and so does the rfc5280 profile when the rule is RFC 5280's (not the CA/Browser Forum's).
@Suite("Strict validation profile")
struct StrictProfileTests {
    static let host = "strict.pinbench.test"

    /// A lab chain (root, intermediate, leaf for ``host``) whose certificates a test may edit.
    struct Chain {
        var root: IssuedCertificate
        var intermediate: IssuedCertificate
        var leaf: IssuedCertificate

        init(leafCommonName: String = StrictProfileTests.host, rootKey: KeyKind = .p256) throws {
            root = try CertificateIssuer.root(commonName: "Strict Root", key: rootKey)
            intermediate = try CertificateIssuer.intermediate(commonName: "Strict Intermediate", issuer: root)
            leaf = try CertificateIssuer.leaf(
                commonName: leafCommonName, dnsNames: [StrictProfileTests.host], issuer: intermediate)
        }

        /// The verdict's rejection under `profile`, nil when the chain is trusted.
        func rejection(_ profile: ValidationProfile) async -> Verdict.Rejection? {
            let validator = PinValidator(
                manifest: PinManifest(domains: []), trustAnchors: TrustAnchors(certificates: [root.certificate]),
                profile: profile)
            let verdict = await validator.validate(
                host: StrictProfileTests.host, chain: [leaf.chainCertificate, intermediate.chainCertificate],
                at: Date())
            return verdict.allowsConnection ? nil : verdict.rejection
        }

        /// Platform accepts; strict refuses with `expected`; rfc5280 refuses with it only for an RFC 5280 rule.
        func expectRefused(
            _ expected: Verdict.Rejection, by standard: Standard, sourceLocation: SourceLocation = #_sourceLocation
        )
            async
        {
            #expect(await rejection(.platform) == nil, "platform", sourceLocation: sourceLocation)
            let rfc5280 = await rejection(.rfc5280)
            #expect(rfc5280 == (standard == .rfc5280 ? expected : nil), "rfc5280", sourceLocation: sourceLocation)
            #expect(await rejection(.strict) == expected, "strict", sourceLocation: sourceLocation)
        }
    }

    /// Where a rule comes from, as the test states it independently of the code under test.
    enum Standard {
        case rfc5280, baselineRequirements
    }

    /// `issued` signed again by `signer` (itself for a root: the key is unchanged, so what it signed still
    /// verifies) after `edit` changed its fields.
    static func edited(
        _ issued: IssuedCertificate, signer: IssuedCertificate? = nil,
        extensions edit: (inout [Certificate.Extension]) throws -> Void = { _ in },
        subject: DistinguishedName? = nil, serialNumber: Certificate.SerialNumber? = nil
    ) throws -> IssuedCertificate {
        let original = issued.certificate
        var extensions = Array(original.extensions)
        try edit(&extensions)
        let certificate = try Certificate(
            version: original.version,
            serialNumber: serialNumber ?? original.serialNumber,
            publicKey: original.publicKey,
            notValidBefore: original.notValidBefore,
            notValidAfter: original.notValidAfter,
            issuer: signer == nil ? (subject ?? original.issuer) : original.issuer,
            subject: subject ?? original.subject,
            signatureAlgorithm: original.signatureAlgorithm,
            extensions: try Certificate.Extensions(extensions),
            issuerPrivateKey: (signer ?? issued).key.privateKey
        )
        return IssuedCertificate(certificate: certificate, key: issued.key)
    }

    static func removing(_ oid: ASN1ObjectIdentifier) -> (inout [Certificate.Extension]) -> Void {
        { $0.removeAll { $0.oid == oid } }
    }

    static func critical(_ oid: ASN1ObjectIdentifier, _ critical: Bool) -> (inout [Certificate.Extension]) -> Void {
        { extensions in
            extensions = extensions.map {
                $0.oid == oid ? Certificate.Extension(oid: $0.oid, critical: critical, value: $0.value) : $0
            }
        }
    }

    static func appending(
        _ oid: ASN1ObjectIdentifier, critical: Bool, value: [UInt8]
    )
        -> (inout [Certificate.Extension]) -> Void
    {
        appending(Certificate.Extension(oid: oid, critical: critical, value: value[...]))
    }

    static func appending(_ extra: Certificate.Extension) -> (inout [Certificate.Extension]) -> Void {
        { $0.append(extra) }
    }

    @Test("the lab chain itself passes every profile")
    func wellFormed() async throws {
        let chain = try Chain()
        for profile in ValidationProfile.allCases {
            #expect(await chain.rejection(profile) == nil, "\(profile)")
        }
    }

    @Test("a SAN DNS name with an underscore: matched by the platforms, outside RFC 5280's name syntax")
    func underscoreInDNSName() async throws {
        var chain = try Chain()
        let name = "under_score.pinbench.test"
        chain.leaf = try CertificateIssuer.leaf(
            commonName: name, dnsNames: [name, StrictProfileTests.host], issuer: chain.intermediate)
        await chain.expectRefused(.dnsNameSyntax, by: .rfc5280)
    }

    @Test("a CN that is not one of the SAN entries (CA/B BR 7.1.4.3)")
    func commonNameNotInSAN() async throws {
        try await Chain(leafCommonName: "Strict.pinbench.test").expectRefused(
            .commonNameNotInSAN, by: .baselineRequirements)
    }

    @Test("a leaf without an authority key identifier (RFC 5280 4.2.1.1)")
    func leafWithoutAKI() async throws {
        var chain = try Chain()
        chain.leaf = try Self.edited(
            chain.leaf, signer: chain.intermediate, extensions: Self.removing(.X509ExtensionID.authorityKeyIdentifier))
        await chain.expectRefused(.missingKeyIdentifier, by: .rfc5280)
    }

    @Test("an intermediate without a subject key identifier (RFC 5280 4.2.1.2)")
    func intermediateWithoutSKI() async throws {
        var chain = try Chain()
        chain.intermediate = try Self.edited(
            chain.intermediate, signer: chain.root, extensions: Self.removing(.X509ExtensionID.subjectKeyIdentifier))
        await chain.expectRefused(.missingKeyIdentifier, by: .rfc5280)
    }

    @Test("a root whose authority key identifier is not its subject key identifier (CA/B BR 7.1.2.1.3)")
    func rootAKIMismatch() async throws {
        var chain = try Chain()
        let aki = try Certificate.Extension(AuthorityKeyIdentifier(keyIdentifier: [1, 2, 3, 4]), critical: false)
        chain.root = try Self.edited(chain.root, extensions: Self.appending(aki))
        await chain.expectRefused(.anchorAuthorityKeyIdentifier, by: .baselineRequirements)
    }

    @Test("a root whose basic constraints are not critical (RFC 5280 4.2.1.9)")
    func rootBasicConstraintsNotCritical() async throws {
        var chain = try Chain()
        chain.root = try Self.edited(chain.root, extensions: Self.critical(.X509ExtensionID.basicConstraints, false))
        await chain.expectRefused(.basicConstraintsNotCritical, by: .rfc5280)
    }

    @Test("an intermediate with an empty subject (RFC 5280 4.1.2.6)")
    func caEmptySubject() async throws {
        var chain = try Chain()
        chain.intermediate = try Self.edited(chain.intermediate, signer: chain.root, subject: DistinguishedName())
        chain.leaf = try CertificateIssuer.leaf(
            commonName: Self.host, dnsNames: [Self.host], issuer: chain.intermediate)
        await chain.expectRefused(.caEmptySubject, by: .rfc5280)
    }

    @Test("name constraints that are not critical (RFC 5280 4.2.1.10)")
    func nameConstraintsNotCritical() async throws {
        var chain = try Chain()
        let constraints = try Certificate.Extension(NameConstraints(permittedDNSDomains: [Self.host]), critical: false)
        chain.intermediate = try Self.edited(
            chain.intermediate, signer: chain.root, extensions: Self.appending(constraints))
        await chain.expectRefused(.nameConstraintsProfile, by: .rfc5280)
    }

    @Test("policy constraints that are not critical (RFC 5280 4.2.1.11)")
    func policyConstraintsNotCritical() async throws {
        var chain = try Chain()
        // PolicyConstraints ::= SEQUENCE { inhibitPolicyMapping [1] 0 }
        chain.intermediate = try Self.edited(
            chain.intermediate, signer: chain.root,
            extensions: Self.appending([2, 5, 29, 36], critical: false, value: [0x30, 0x03, 0x81, 0x01, 0x00]))
        await chain.expectRefused(.policyConstraintsNotCritical, by: .rfc5280)
    }

    @Test("a critical SAN beside a non-empty subject (RFC 5280 4.2.1.6, CA/B BR 7.1.2.7.12)")
    func criticalSAN() async throws {
        var chain = try Chain()
        chain.leaf = try Self.edited(
            chain.leaf, signer: chain.intermediate,
            extensions: Self.critical(.X509ExtensionID.subjectAlternativeName, true))
        await chain.expectRefused(.sanCriticality, by: .baselineRequirements)
    }

    @Test("an empty authority information access (RFC 5280 4.2.2.1)")
    func emptyAIA() async throws {
        var chain = try Chain()
        chain.leaf = try Self.edited(
            chain.leaf, signer: chain.intermediate,
            extensions: Self.appending(.X509ExtensionID.authorityInformationAccess, critical: false, value: [0x30, 0]))
        await chain.expectRefused(.malformedAuthorityInformationAccess, by: .rfc5280)
    }

    @Test("a leaf from before July 2019 without serverAuth: no EKU, or anyExtendedKeyUsage alone")
    func leafWithoutServerAuth() async throws {
        var chain = try Chain()
        let before2019 = Date(timeIntervalSince1970: 1_546_300_800)  // 2019-01-01
        for usage in [nil, ([ExtendedKeyUsage.Usage.any], false)] as [([ExtendedKeyUsage.Usage], Bool)?] {
            chain.leaf = try CertificateIssuer.leaf(
                commonName: Self.host, dnsNames: [Self.host], issuer: chain.intermediate, notBefore: before2019,
                extendedKeyUsage: usage)
            await chain.expectRefused(.leafWithoutServerAuth, by: .baselineRequirements)
        }
    }

    @Test("a critical extended key usage on the leaf (CA/B BR 7.1.2.7.10)")
    func criticalEKU() async throws {
        var chain = try Chain()
        chain.leaf = try CertificateIssuer.leaf(
            commonName: Self.host, dnsNames: [Self.host], issuer: chain.intermediate,
            extendedKeyUsage: ([.serverAuth], true))
        await chain.expectRefused(.extendedKeyUsageProfile, by: .baselineRequirements)
    }

    @Test("an extended key usage on the root (CA/B BR 7.1.2.1)")
    func rootEKU() async throws {
        var chain = try Chain()
        let usage = try Certificate.Extension(ExtendedKeyUsage([.serverAuth]), critical: false)
        chain.root = try Self.edited(chain.root, extensions: Self.appending(usage))
        await chain.expectRefused(.extendedKeyUsageProfile, by: .baselineRequirements)
    }

    @Test("a leaf serial number of zero (RFC 5280 4.1.2.2)")
    func zeroSerial() async throws {
        var chain = try Chain()
        chain.leaf = try Self.edited(
            chain.leaf, signer: chain.intermediate, serialNumber: Certificate.SerialNumber(bytes: [0]))
        await chain.expectRefused(.serialNumber, by: .rfc5280)
    }

    /// `openssl verify -x509_strict -purpose sslserver` on the chain: whether it accepts.
    static func opensslStrictAccepts(_ chain: Chain) throws -> Bool {
        let folder = TemporaryFolder()
        let result = try ProcessRunner.run(
            "/usr/bin/openssl",
            [
                "verify", "-x509_strict", "-purpose", "sslserver", "-verify_hostname", host,
                "-CAfile", folder.write("root.pem", chain.root.pem),
                "-untrusted", folder.write("intermediate.pem", chain.intermediate.pem),
                folder.write("leaf.pem", chain.leaf.pem),
            ])
        return result.status == 0
    }

    @Test("openssl verify -x509_strict refuses what strict refuses for key identifiers and basic constraints")
    func opensslAgrees() async throws {
        let wellFormed = try Chain()
        #expect(try Self.opensslStrictAccepts(wellFormed))
        var noAKI = try Chain()
        noAKI.leaf = try Self.edited(
            noAKI.leaf, signer: noAKI.intermediate,
            extensions: Self.removing(.X509ExtensionID.authorityKeyIdentifier))
        var noSKI = try Chain()
        noSKI.intermediate = try Self.edited(
            noSKI.intermediate, signer: noSKI.root, extensions: Self.removing(.X509ExtensionID.subjectKeyIdentifier))
        var rootBC = try Chain()
        rootBC.root = try Self.edited(rootBC.root, extensions: Self.critical(.X509ExtensionID.basicConstraints, false))
        for chain in [noAKI, noSKI, rootBC] {
            #expect(try !Self.opensslStrictAccepts(chain))
            #expect(await chain.rejection(.strict) != nil)
            #expect(await chain.rejection(.platform) == nil)
        }
    }
}
