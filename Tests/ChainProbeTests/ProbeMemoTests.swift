import ConnectionAudit
import DemoLab
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

@testable import ChainProbe

/// The memos a batch shares (decoded certificates, ATS verdicts) answer exactly what computing would, on varied
/// inputs, and stay within their bounds.
@Suite("What a batch computes once", .serialized)
struct ProbeMemoTests {
    /// Certificates of every kind the decoder handles: parsed (P-256, RSA-2048) and refused (RSA-1024, secp256k1),
    /// signed with SHA-256 and SHA-1.
    static let certificates: [(name: String, der: [UInt8])] = {
        let pki = TestPKI.shared
        let rsa = try! CertificateIssuer.leaf(
            commonName: "rsa.pinbench.test", dnsNames: ["rsa.pinbench.test"], key: .rsa(bits: 2048),
            issuer: pki.intermediate)
        let small = try! LegacyCertificate.selfSigned(commonName: "small.pinbench.test", key: .rsa(bits: 1024))
        let koblitz = try! LegacyCertificate.selfSigned(
            commonName: "k1.pinbench.test", key: .ec(curve: "secp256k1"))
        let sha1 = try! LegacyCertificate.selfSigned(
            commonName: "sha1.pinbench.test", key: .rsa(bits: 2048), digest: "sha1")
        return [
            ("P-256 leaf", pki.good.leaf.der), ("P-256 intermediate", pki.intermediate.der),
            ("P-256 root", pki.root.der), ("RSA-2048 leaf", rsa.der), ("RSA-1024", small.der),
            ("secp256k1", koblitz.der), ("SHA-1", sha1.der),
        ]
    }()

    /// A real probe's result from the lab, whose sent chain each test replaces.
    static func labResult() async throws -> ProbeResult {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let options = ProbeOptions(useSystemTrustStore: false)
        return try await ChainProber().probe(.loopback(lab.scenario(.good).host, port: lab.port), options: options)
            .get()
    }

    @Test("decoded through a shared memo, every chain is what decoding it alone gives, and each DER is kept once")
    func certificatesAsDecoded() async throws {
        var result = try await Self.labResult()
        let memo = SentCertificateMemo()
        let ders = Self.certificates.map(\.der)
        // Chains that share certificates in different places, each judged twice.
        let chains = [ders[0...1], ders[3...4], ders[4...6], ders[0...2], ders[5...6], ders[1...3]].map(Array.init)
        for chain in chains + chains.reversed() {
            result.sentChain = chain
            let plain = try result.sentCertificates()
            let memoized = try result.sentCertificates(memo: memo)
            #expect(memoized.map(\.der) == plain.map(\.der))
            #expect(memoized.map(\.certificate) == plain.map(\.certificate))
            #expect(memoized.map(\.refusal) == plain.map(\.refusal))
            #expect(memoized.map(\.details) == plain.map(\.details))
        }
        #expect(memo.count == ders.count)
        // The refused ones are still refused, with their reasons.
        result.sentChain = [ders[4], ders[5]]
        #expect(try result.sentCertificates(memo: memo).allSatisfy { $0.certificate == nil && $0.refusal != nil })
    }

    @Test("bytes that are not X.509 fail as without the memo, naming their own chain, and are never kept")
    func failuresNotKept() async throws {
        var result = try await Self.labResult()
        let memo = SentCertificateMemo()
        let good = Self.certificates[0].der
        for chain in [
            [good, [0x30, 0x03, 0x02, 0x01, 0x01]], [Array(good.prefix(40))], [[UInt8](repeating: 7, count: 64)],
        ] {
            result.sentChain = chain
            let plain = #expect(throws: CertificateDecodingError.self) { try result.sentCertificates() }
            let memoized = #expect(throws: CertificateDecodingError.self) { try result.sentCertificates(memo: memo) }
            #expect(memoized.map { "\($0)" } == plain.map { "\($0)" })
            #expect(memoized.map { "\($0)" }?.contains("chain sent by") == true)
        }
        #expect(memo.count == 1, "only the good certificate is kept")
    }

    @Test("a full memo drops the entry used least recently, never more than its capacity")
    func boundedLeastRecentlyUsed() {
        let memo = BoundedMemo<Int, String>(capacity: 3)
        for key in 0..<3 { memo.keep("v\(key)", for: key) }
        #expect(memo.value(for: 0) == "v0")
        memo.keep("v3", for: 3)  // drops 1: 0 was used since
        #expect(memo.value(for: 1) == nil)
        #expect(memo.value(for: 0) == "v0")
        #expect(memo.value(for: 2) == "v2")
        #expect(memo.value(for: 3) == "v3")
        var computed = 0
        for key in 0..<100 {
            #expect(
                memo.value(for: key % 7) {
                    computed += 1; return "v\(key % 7)"
                } == "v\(key % 7)")
            #expect(memo.count <= 3)
        }
        #expect(computed > 7, "keys cycling through more than the capacity are computed again")
        let zero = BoundedMemo<Int, Int>(capacity: 0)
        zero.keep(1, for: 1)
        zero.keep(2, for: 2)
        #expect(zero.capacity == 1 && zero.count == 1 && zero.value(for: 2) == 2)
    }

    @Test("ATS through the batch's memo: the evaluator's verdict for every protocol, suite and chain")
    func atsAsEvaluated() {
        let ders = Self.certificates.map(\.der)
        let protocols = ["TLSv1.3", "TLSv1.2", "TLSv1.1", "TLSv1"]
        let suites: [(String, KeyExchange)] = [
            ("TLS_AES_128_GCM_SHA256", .tls13), ("TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", .ecdhe),
            ("TLS_RSA_WITH_AES_256_GCM_SHA384", .rsa), ("TLS_DHE_RSA_WITH_AES_128_GCM_SHA256", .dhe),
        ]
        let chains: [[[UInt8]]] = [
            [], [ders[0], ders[1]], [ders[3], ders[1]], [ders[4]], [ders[5]], [ders[6]], [ders[0], [0x30, 0x00]],
        ]
        let memo = ATSMemo(capacity: 256)
        var inputs = 0
        for round in 0..<2 {
            for version in protocols {
                for (suite, keyExchange) in suites {
                    for chain in chains {
                        let expected = ATSEvaluator.evaluate(
                            protocolVersion: version, cipherSuite: suite, keyExchange: keyExchange, chainDER: chain)
                        let memoized = memo.evaluate(
                            protocolVersion: version, cipherSuite: suite, keyExchange: keyExchange, chainDER: chain)
                        #expect(memoized == expected, "\(version) \(suite) chain of \(chain.count)")
                        if round == 0 { inputs += 1 }
                    }
                }
            }
        }
        #expect(memo.count == inputs)
    }

    @Test("a batch judges ATS once per distinct connection: every probe's verdict is the evaluator's")
    func atsOfABatch() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let kinds: [LabScenario] = [.good, .weak, .good, .mitm, .weak, .expired, .good]
        let targets = kinds.map { ProbeTarget.loopback(lab.scenario($0).host, port: lab.port) }
        let options = ProbeOptions(useSystemTrustStore: false)
        var seen = 0
        for await outcome in ChainProber().probeAll(targets, options: options, concurrency: 3) {
            let result = try outcome.result.get()
            let expected = ATSEvaluator.evaluate(
                protocolVersion: result.connection.protocolVersion, cipherSuite: result.connection.cipherSuite,
                keyExchange: result.connection.keyExchange, chainDER: result.sentChain)
            #expect(result.connection.ats == expected, "\(kinds[outcome.index])")
            // The weak server is judged weak whichever verdicts were kept before it.
            #expect(result.connection.ats.passes == (kinds[outcome.index] != .weak))
            seen += 1
        }
        #expect(seen == kinds.count)
    }
}
