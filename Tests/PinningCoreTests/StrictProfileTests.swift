import Foundation
import PinningCore
import SwiftASN1
import TestSupport
import Testing
import X509

@testable import LabPKI

/// Each rule ``StrictRules`` holds, on a lab chain that breaks only that rule: the strict profile refuses it with the
/// rule's own rejection, the rfc5280 profile too unless the rule is the CA/Browser Forum's, and the platform profile
/// (what apps decide) only when a mobile platform enforces the rule itself.
@Suite("Strict validation profile")
struct StrictProfileTests {
    static let host = "strict.pinbench.test"

    /// A lab chain (root, intermediate, leaf for ``host``) whose certificates a test may edit.
    struct Chain {
        var root: IssuedCertificate
        var intermediate: IssuedCertificate
        var leaf: IssuedCertificate

        init(rootKey: KeyKind = .p256) throws {
            root = try CertificateIssuer.root(commonName: "Strict Root", key: rootKey)
            intermediate = try CertificateIssuer.intermediate(commonName: "Strict Intermediate", issuer: root)
            leaf = try CertificateIssuer.leaf(
                commonName: StrictProfileTests.host, dnsNames: [StrictProfileTests.host], issuer: intermediate)
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

        /// Strict refuses with `expected`; rfc5280 too unless it is a CA/B Forum rule; platform only for a rule a
        /// mobile platform enforces itself.
        func expectRefused(
            _ expected: Verdict.Rejection, by standard: Standard, sourceLocation: SourceLocation = #_sourceLocation
        )
            async
        {
            let platform = await rejection(.platform)
            let mobile = standard == .mobilePlatforms
            #expect(platform == (mobile ? expected : nil), "platform", sourceLocation: sourceLocation)
            let rfc5280 = await rejection(.rfc5280)
            let forum = standard == .baselineRequirements
            #expect(rfc5280 == (forum ? nil : expected), "rfc5280", sourceLocation: sourceLocation)
            #expect(await rejection(.strict) == expected, "strict", sourceLocation: sourceLocation)
        }
    }

    /// Where a rule comes from, as the test states it independently of the code under test.
    enum Standard {
        case rfc5280, baselineRequirements, mobilePlatforms
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

    /// One rule broken on an otherwise well-formed lab chain, and the rejection it must draw.
    struct BrokenRule: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let rejection: Verdict.Rejection
        let standard: Standard
        /// Edits the lab chain so that it breaks this rule and no other.
        let breaking: @Sendable (inout Chain) throws -> Void

        init(
            _ description: String, _ rejection: Verdict.Rejection, by standard: Standard,
            breaking: @escaping @Sendable (inout Chain) throws -> Void
        ) {
            testDescription = description
            self.rejection = rejection
            self.standard = standard
            self.breaking = breaking
        }
    }

    /// The chain's leaf issued again by its intermediate, as ``Chain`` issues it unless told otherwise (`nil`
    /// extended key usage: none).
    static func reissueLeaf(
        _ chain: inout Chain, commonName: String = host, dnsNames: [String] = [host], notBefore: Date? = nil,
        extendedKeyUsage: ([ExtendedKeyUsage.Usage], Bool)? = ([.serverAuth], false)
    ) throws {
        chain.leaf = try CertificateIssuer.leaf(
            commonName: commonName, dnsNames: dnsNames, issuer: chain.intermediate,
            notBefore: notBefore ?? Date().addingTimeInterval(-86_400), extendedKeyUsage: extendedKeyUsage)
    }

    static let before2019 = Date(timeIntervalSince1970: 1_546_300_800)  // 2019-01-01

    static let brokenRules: [BrokenRule] = [
        BrokenRule(
            "a SAN DNS name with an underscore: matched by the platforms, outside RFC 5280's name syntax",
            .dnsNameSyntax, by: .rfc5280
        ) { chain in
            let name = "under_score.pinbench.test"
            try reissueLeaf(&chain, commonName: name, dnsNames: [name, host])
        },
        BrokenRule(
            "a CN that is not one of the SAN entries (CA/B BR 7.1.4.3)", .commonNameNotInSAN, by: .baselineRequirements
        ) {
            try reissueLeaf(&$0, commonName: "Strict.pinbench.test")
        },
        BrokenRule("a leaf without an authority key identifier (RFC 5280 4.2.1.1)", .missingKeyIdentifier, by: .rfc5280)
        {
            $0.leaf = try edited(
                $0.leaf, signer: $0.intermediate, extensions: removing(.X509ExtensionID.authorityKeyIdentifier))
        },
        BrokenRule(
            "an intermediate without a subject key identifier (RFC 5280 4.2.1.2)", .missingKeyIdentifier, by: .rfc5280
        ) {
            $0.intermediate = try edited(
                $0.intermediate, signer: $0.root, extensions: removing(.X509ExtensionID.subjectKeyIdentifier))
        },
        BrokenRule(
            "a root whose authority key identifier is not its subject key identifier (CA/B BR 7.1.2.1.3)",
            .anchorAuthorityKeyIdentifier, by: .baselineRequirements
        ) {
            let aki = try Certificate.Extension(AuthorityKeyIdentifier(keyIdentifier: [1, 2, 3, 4]), critical: false)
            $0.root = try edited($0.root, extensions: appending(aki))
        },
        BrokenRule(
            "an intermediate whose authority key identifier names an issuer without a serial (iOS cannot read it)",
            .unreadableAuthorityKeyIdentifier, by: .mobilePlatforms
        ) {
            let aki = try Certificate.Extension(
                AuthorityKeyIdentifier(
                    keyIdentifier: try $0.root.certificate.extensions.subjectKeyIdentifier?.keyIdentifier,
                    authorityCertIssuer: [.directoryName($0.root.certificate.subject)]),
                critical: false)
            $0.intermediate = try edited(
                $0.intermediate, signer: $0.root,
                extensions: { list in
                    list.removeAll { $0.oid == .X509ExtensionID.authorityKeyIdentifier }
                    list.append(aki)
                })
            try reissueLeaf(&$0)
        },
        BrokenRule(
            "a root whose authority key identifier names a serial without an issuer (iOS cannot read it)",
            .unreadableAuthorityKeyIdentifier, by: .mobilePlatforms
        ) {
            let aki = try Certificate.Extension(
                AuthorityKeyIdentifier(authorityCertSerialNumber: $0.root.certificate.serialNumber), critical: false)
            $0.root = try edited($0.root, extensions: appending(aki))
        },
        BrokenRule(
            "a root whose basic constraints are not critical (RFC 5280 4.2.1.9)", .basicConstraintsNotCritical,
            by: .rfc5280
        ) {
            $0.root = try edited($0.root, extensions: critical(.X509ExtensionID.basicConstraints, false))
        },
        BrokenRule("an intermediate with an empty subject (RFC 5280 4.1.2.6)", .caEmptySubject, by: .rfc5280) {
            $0.intermediate = try edited($0.intermediate, signer: $0.root, subject: DistinguishedName())
            try reissueLeaf(&$0)
        },
        BrokenRule("name constraints that are not critical (RFC 5280 4.2.1.10)", .nameConstraintsProfile, by: .rfc5280)
        {
            let constraints = try Certificate.Extension(NameConstraints(permittedDNSDomains: [host]), critical: false)
            $0.intermediate = try edited($0.intermediate, signer: $0.root, extensions: appending(constraints))
        },
        BrokenRule(
            "policy constraints that are not critical (RFC 5280 4.2.1.11)", .policyConstraintsNotCritical, by: .rfc5280
        ) {
            // PolicyConstraints ::= SEQUENCE { inhibitPolicyMapping [1] 0 }
            $0.intermediate = try edited(
                $0.intermediate, signer: $0.root,
                extensions: appending([2, 5, 29, 36], critical: false, value: [0x30, 0x03, 0x81, 0x01, 0x00]))
        },
        BrokenRule(
            "a critical SAN beside a non-empty subject (RFC 5280 4.2.1.6, CA/B BR 7.1.2.7.12)", .sanCriticality,
            by: .baselineRequirements
        ) {
            $0.leaf = try edited(
                $0.leaf, signer: $0.intermediate, extensions: critical(.X509ExtensionID.subjectAlternativeName, true))
        },
        BrokenRule(
            "an empty authority information access (RFC 5280 4.2.2.1; iOS cannot read it)",
            .malformedAuthorityInformationAccess, by: .mobilePlatforms
        ) {
            $0.leaf = try edited(
                $0.leaf, signer: $0.intermediate,
                extensions: appending(.X509ExtensionID.authorityInformationAccess, critical: false, value: [0x30, 0]))
        },
        BrokenRule(
            "a leaf from before July 2019 without serverAuth: no EKU", .leafWithoutServerAuth,
            by: .baselineRequirements
        ) {
            try reissueLeaf(&$0, notBefore: before2019, extendedKeyUsage: nil)
        },
        BrokenRule(
            "a leaf from before July 2019 without serverAuth: anyExtendedKeyUsage alone", .leafWithoutServerAuth,
            by: .baselineRequirements
        ) {
            try reissueLeaf(&$0, notBefore: before2019, extendedKeyUsage: ([.any], false))
        },
        BrokenRule(
            "a critical extended key usage on the leaf (CA/B BR 7.1.2.7.10)", .extendedKeyUsageProfile,
            by: .baselineRequirements
        ) {
            try reissueLeaf(&$0, extendedKeyUsage: ([.serverAuth], true))
        },
        BrokenRule(
            "an extended key usage on the root (CA/B BR 7.1.2.1)", .extendedKeyUsageProfile, by: .baselineRequirements
        ) {
            let usage = try Certificate.Extension(ExtendedKeyUsage([.serverAuth]), critical: false)
            $0.root = try edited($0.root, extensions: appending(usage))
        },
        BrokenRule("a leaf serial number of zero (RFC 5280 4.1.2.2)", .serialNumber, by: .rfc5280) {
            $0.leaf = try edited($0.leaf, signer: $0.intermediate, serialNumber: Certificate.SerialNumber(bytes: [0]))
        },
    ]

    @Test(
        "each rule broken alone: strict refuses with the rule, rfc5280 unless it is the CA/B Forum's, platform a mobile one's",
        arguments: brokenRules)
    func ruleBrokenAlone(_ rule: BrokenRule) async throws {
        var chain = try Chain()
        try rule.breaking(&chain)
        await chain.expectRefused(rule.rejection, by: rule.standard)
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
