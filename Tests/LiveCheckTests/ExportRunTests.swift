import ChainProbe
import DemoLab
import Foundation
import LiveCheck
import PinExport
import PinningCore
import TestSupport
import Testing

/// `export` as a use case (``ExportRun``): which live inputs it takes, against the real demo lab, and when the
/// client's refusal stops the write.
@Suite("An export run", .serialized)
struct ExportRunTests {
    /// A domain pinning the leaf key of `chain` (DER, leaf first) and dialled at `connect`.
    func domain(_ host: String, chain: [[UInt8]], connect: String) throws -> DomainPolicy {
        let leaf = CertificateDetails(try ChainCertificate(derEncoded: chain[0]))
        return DomainPolicy(host: host, connect: connect, pins: [Pin(type: .certSHA256, value: leaf.certPin)])
    }

    @Test("chain files are bundled without dialling anyone")
    func chainFiles() async throws {
        let chain = TestPKI.shared.good.presentedChain
        let manifest = PinManifest(domains: [
            try domain(TestPKI.shared.host, chain: chain.map(\.der), connect: "127.0.0.1:1")
        ])
        let result = await ExportRun(
            manifest: manifest, format: .alamofire, options: ExportOptions(), chainCertificates: chain,
            atsExceptions: false, deadline: .seconds(5)
        ).run()
        // The domain's address refuses connections: a live probe would have listed it.
        #expect(result.unreachable.isEmpty)
        #expect(result.export.files.count == 1)
    }

    @Test("without chain files the live chains are bundled and an unreachable domain is listed")
    func liveCertificates() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let good = lab.scenario(.good)
        let manifest = PinManifest(domains: [
            try domain(good.host, chain: good.servedChain, connect: "127.0.0.1:\(lab.port)"),
            try domain("closed.pinbench.test", chain: good.servedChain, connect: "127.0.0.1:1"),
        ])
        let result = await ExportRun(
            manifest: manifest, format: .alamofire, options: ExportOptions(), chainCertificates: nil,
            atsExceptions: false, deadline: .seconds(5)
        ).run()
        #expect(result.unreachable.map(\.host) == ["closed.pinbench.test"])
        #expect(result.export.files.count == 1)
    }

    @Test("--ats-exceptions adds the exception keys a weak server's connection needs")
    func atsExceptions() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let weak = lab.scenario(.weak)
        let manifest = PinManifest(domains: [
            try domain(weak.host, chain: weak.servedChain, connect: "127.0.0.1:\(lab.port)")
        ])
        func export(_ atsExceptions: Bool) async -> ExportRun.Result {
            await ExportRun(
                manifest: manifest, format: .ats, options: ExportOptions(), chainCertificates: nil,
                atsExceptions: atsExceptions, deadline: .seconds(5)
            ).run()
        }
        #expect(await export(true).export.text.contains("NSExceptionDomains"))
        #expect(!(await export(false).export.text.contains("NSExceptionDomains")))
    }

    @Test("a configuration the client refuses is not written unless allowed")
    func refusal() async throws {
        // TrustKit refuses a domain with fewer than two key pins.
        let leaf = TestPKI.shared.good.presentedChain[0].details
        let manifest = PinManifest(domains: [
            DomainPolicy(host: "api.pinbench.test", pins: [Pin(type: .spkiSHA256, value: leaf.spkiPin)])
        ])
        let result = await ExportRun(
            manifest: manifest, format: .trustkit, options: ExportOptions(), chainCertificates: nil,
            atsExceptions: false, deadline: .seconds(5)
        ).run()
        #expect(!result.export.refusals.isEmpty)
        #expect(result.refused(allowInvalid: false))
        #expect(!result.refused(allowInvalid: true))
        #expect(result.unreachable.isEmpty)
    }
}
