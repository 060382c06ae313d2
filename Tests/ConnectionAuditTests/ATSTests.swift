import ConnectionAudit
import Foundation
import PinningCore
import TestSupport
import Testing
import X509

/// Certificates with the weaknesses ATS names, made once per process by the openssl command line.
private enum WeakCertificates {
    static let rsa1024 = try! LegacyCertificate.selfSigned(commonName: "rsa1024.pinbench.test", key: .rsa(bits: 1024))
    static let p224 = try! LegacyCertificate.selfSigned(commonName: "p224.pinbench.test", key: .ec(curve: "P-224"))
    static let p192 = try! LegacyCertificate.selfSigned(
        commonName: "p192.pinbench.test", key: .ec(curve: "prime192v1"))
    static let rsa2048 = try! LegacyCertificate.selfSigned(commonName: "rsa.pinbench.test", key: .rsa(bits: 2048))
    static let sha1RSA = try! LegacyCertificate.selfSigned(
        commonName: "sha1.pinbench.test", key: .rsa(bits: 2048), digest: "sha1")
    static let sha1ECDSA = try! LegacyCertificate.selfSigned(
        commonName: "sha1-ec.pinbench.test", key: .ec(curve: "P-256"), digest: "sha1")
    static let everythingWrong = try! LegacyCertificate.selfSigned(
        commonName: "old.pinbench.test", key: .rsa(bits: 1024), digest: "sha1")
}

@Suite("App Transport Security rules")
struct ATSTests {
    let modernChain = TestPKI.shared.good.presentedCertificates

    @Test("a modern connection meets ATS: TLS 1.3, or TLS 1.2 with ECDHE and an RSA 2048 or P-256 leaf")
    func modernPasses() {
        let tls13 = ATSEvaluator.evaluate(
            protocolVersion: "TLSv1.3", cipherSuite: "TLS_AES_128_GCM_SHA256", chain: modernChain)
        #expect(tls13.passes)
        #expect(tls13.description == "meets ATS")
        let ecdsa = ATSEvaluator.evaluate(
            protocolVersion: "TLSv1.2", cipherSuite: "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384", chain: modernChain)
        #expect(ecdsa.violations == [])
        let rsa = ATSEvaluator.evaluate(
            protocolVersion: "TLS 1.2", cipherSuite: "ECDHE-RSA-AES128-GCM-SHA256",
            chainDER: [WeakCertificates.rsa2048.der])
        #expect(rsa.violations == [])
    }

    @Test(
        "TLS below 1.2 breaks minimumTLSVersion, naming the version and the exception key that allows it",
        arguments: [
            ("TLSv1.1", "TLS 1.1", ATSException?.some(.minimumTLSVersion("TLSv1.1"))),
            ("TLSv1", "TLS 1.0", .minimumTLSVersion("TLSv1.0")),
            ("SSLv3", "SSL 3.0", nil),
        ])
    func oldProtocol(_ version: String, spoken: String, exception: ATSException?) throws {
        let evaluation = ATSEvaluator.evaluate(
            protocolVersion: version, cipherSuite: "ECDHE-ECDSA-AES128-SHA", chain: modernChain)
        #expect(evaluation.failedRules == [.minimumTLSVersion])
        let violation = try #require(evaluation.violations.first)
        #expect(violation.finding == "\(spoken) < 1.2")
        #expect(violation.exception == exception)
        #expect(evaluation.description.contains("TLS 1.2 or later"))
        #expect(evaluation.description.contains(exception.map { "allowed by \($0.key) = " } ?? "no ATS exception key"))
    }

    @Test(
        "a suite without ECDHE breaks forwardSecrecy, naming the suite, its key exchange and what can allow it",
        arguments: [
            ("TLS_RSA_WITH_AES_256_GCM_SHA384", KeyExchange.rsa, ATSException?.some(.noForwardSecrecyRequirement)),
            ("AES128-GCM-SHA256", .rsa, .noForwardSecrecyRequirement),
            ("DES-CBC3-SHA", .rsa, nil),
            ("DHE-RSA-AES256-GCM-SHA384", .dhe, nil),
            ("TLS_DHE_RSA_WITH_AES_128_GCM_SHA256", .dhe, nil),
        ])
    func noForwardSecrecy(_ suite: String, keyExchange: KeyExchange, exception: ATSException?) throws {
        #expect(KeyExchange(suiteName: suite) == keyExchange)
        let evaluation = ATSEvaluator.evaluate(protocolVersion: "TLSv1.2", cipherSuite: suite, chain: modernChain)
        #expect(evaluation.failedRules == [.forwardSecrecy])
        let violation = try #require(evaluation.violations.first)
        #expect(violation.finding.hasPrefix("\(suite) uses \(keyExchange) key exchange"))
        #expect(violation.exception == exception)
    }

    @Test("ECDHE suites ATS lists, TLS 1.3 and Apple's ChaCha20 suites pass; an unlisted ECDHE suite names no key")
    func listedSuites() throws {
        for suite in ["ECDHE-RSA-CHACHA20-POLY1305", "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA", "ECDHE-ECDSA-AES128-SHA"] {
            #expect(
                ATSEvaluator.evaluate(protocolVersion: "TLSv1.2", cipherSuite: suite, chain: modernChain).passes,
                "\(suite)")
        }
        #expect(
            ATSEvaluator.evaluate(protocolVersion: "TLSv1.3", cipherSuite: "TLS_AES_256_GCM_SHA384", chain: modernChain)
                .passes)
        let unlisted = ATSEvaluator.evaluate(
            protocolVersion: "TLSv1.2", cipherSuite: "ECDHE-RSA-DES-CBC3-SHA", keyExchange: .ecdhe,
            chainDER: modernChain.map(\.derBytes))
        let violation = try #require(unlisted.violations.first)
        #expect(violation.rule == .forwardSecrecy && violation.exception == nil)
    }

    @Test("swift-certificates cannot parse an RSA 1024 leaf, so ATS reads the DER the server sent")
    func smallKeysNeedDER() {
        #expect(throws: (any Error).self) { try Certificate(derEncoded: WeakCertificates.rsa1024.der) }
    }

    @Test(
        "a small leaf key breaks leafKeySize, naming algorithm and size",
        arguments: [
            (WeakCertificates.rsa1024, "the leaf key is RSA 1024 bits"),
            (WeakCertificates.p224, "the leaf key is EC P-224, 224 bits"),
            (WeakCertificates.p192, "the leaf key is EC P-192, 192 bits"),
        ])
    func smallLeafKey(_ leaf: LegacyCertificate, _ expected: String) {
        let evaluation = ATSEvaluator.evaluate(
            protocolVersion: "TLSv1.3", cipherSuite: "TLS_AES_256_GCM_SHA384", chainDER: [leaf.der])
        #expect(evaluation.failedRules == [.leafKeySize])
        #expect(evaluation.violations.map(\.finding) == [expected])
    }

    @Test(
        "a SHA-1 signature breaks signatureHash, naming the algorithm",
        arguments: [
            (WeakCertificates.sha1RSA, "SHA-1 (sha1WithRSAEncryption)"),
            (WeakCertificates.sha1ECDSA, "SHA-1 (ecdsa-with-SHA1)"),
        ])
    func sha1Signature(_ leaf: LegacyCertificate, _ algorithm: String) {
        let evaluation = ATSEvaluator.evaluate(
            protocolVersion: "TLSv1.3", cipherSuite: "TLS_AES_128_GCM_SHA256", chainDER: [leaf.der])
        #expect(evaluation.failedRules == [.signatureHash])
        #expect(evaluation.violations.map(\.finding) == ["the leaf is signed with \(algorithm)"])
    }

    @Test("the parsed-certificate and DER entry points agree where both can be used")
    func entryPointsAgree() throws {
        let certificate = try Certificate(derEncoded: WeakCertificates.sha1RSA.der)
        let parsed = ATSEvaluator.evaluate(protocolVersion: "TLSv1.2", cipherSuite: "AES256-SHA", chain: [certificate])
        let raw = ATSEvaluator.evaluate(
            protocolVersion: "TLSv1.2", cipherSuite: "AES256-SHA", chainDER: [WeakCertificates.sha1RSA.der])
        #expect(parsed == raw)
        #expect(parsed.failedRules == [.forwardSecrecy, .signatureHash])
    }

    @Test("a SHA-1 intermediate is named; a self-signed root's own SHA-1 signature is not relied upon")
    func signaturesAlongTheChain() throws {
        let root = try LegacyCertificate.selfSigned(commonName: "Legacy Root", key: .ec(curve: "P-256"), digest: "sha1")
        let intermediate = try LegacyCertificate.issued(
            commonName: "Legacy CA", key: .ec(curve: "P-256"), by: root, digest: "sha1")
        let leaf = try LegacyCertificate.issued(commonName: "leaf.pinbench.test", key: .ec(curve: "P-256"), by: root)
        let anchored = ATSEvaluator.evaluate(
            protocolVersion: "TLSv1.3", cipherSuite: "TLS_AES_128_GCM_SHA256", chainDER: [leaf.der, root.der])
        #expect(anchored.passes)
        let viaIntermediate = ATSEvaluator.evaluate(
            protocolVersion: "TLSv1.3", cipherSuite: "TLS_AES_128_GCM_SHA256", chainDER: [leaf.der, intermediate.der])
        #expect(viaIntermediate.failedRules == [.signatureHash])
        #expect(
            viaIntermediate.violations.map(\.finding) == [
                "certificate 2 (CN=Legacy CA) is signed with SHA-1 (ecdsa-with-SHA1)"
            ])
    }

    @Test("everything wrong at once: every rule named, in rule order")
    func everyRule() {
        let evaluation = ATSEvaluator.evaluate(
            protocolVersion: "TLSv1", cipherSuite: "AES128-SHA", chainDER: [WeakCertificates.everythingWrong.der])
        #expect(evaluation.failedRules == ATSRule.allCases)
        for rule in ATSRule.allCases { #expect(evaluation.description.contains(rule.description)) }
    }

    @Test("no certificate, or bytes that are not one: the unchecked rules fail rather than pass")
    func unreadableChain() {
        let empty = ATSEvaluator.evaluate(
            protocolVersion: "TLSv1.3", cipherSuite: "TLS_AES_128_GCM_SHA256", chainDER: [])
        #expect(empty.failedRules == [.leafKeySize])
        let garbage = ATSEvaluator.evaluate(
            protocolVersion: "TLSv1.3", cipherSuite: "TLS_AES_128_GCM_SHA256",
            chainDER: [[0x30, 0x03, 0x02, 0x01, 0x01]])
        #expect(garbage.failedRules == [.leafKeySize, .signatureHash])
    }
}
