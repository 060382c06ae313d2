import ChainProbe
import ClientModels
import DemoLab
import Foundation
import LiveCheck
import PinningCore
import TestSupport
import Testing

/// `inspect` as a use case (``InspectRun``), against the real demo lab.
@Suite("An inspect run", .serialized)
struct InspectRunTests {
    @Test("one connection judged by the core and, only when named, by each client in order")
    func judged() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let fixture = try LabManifestFixture(lab)
        let anchors = fixture.anchors
        let validator = fixture.validator
        let good = lab.scenario(.good)
        func run(_ connect: String, clients: [PinClient]?) throws -> InspectRun {
            InspectRun(
                target: try ProbeTarget(host: good.host, port: 443, connect: connect), validator: validator,
                options: ProbeOptions(deadline: .seconds(5), anchors: anchors), revocation: .off, transparency: nil,
                clients: clients)
        }

        let withClients = try run("127.0.0.1:\(lab.port)", clients: Array(PinClient.allCases.prefix(2)))
        let probe = try await withClients.connect().get()
        #expect(probe.sentChain == good.servedChain)
        // --pem: the chain as sent, read back by openssl certificate by certificate as the same DER.
        let pem = probe.sentChainPEMLines.joined(separator: "\n") + "\n"
        let blocks = pem.components(separatedBy: "-----END CERTIFICATE-----\n").filter { !$0.isEmpty }
        #expect(blocks.count == good.servedChain.count)
        for (block, der) in zip(blocks, good.servedChain) {
            let openssl = try OpenSSLCLI.run(
                ["x509", "-outform", "DER"], input: Data((block + "-----END CERTIFICATE-----\n").utf8))
            #expect([UInt8](openssl) == der)
        }
        let judged = try await withClients.judge(probe)
        #expect(judged.inspection.verdict.allowsConnection)
        #expect(judged.clients?.count == 2)

        let alone = try await run("127.0.0.1:\(lab.port)", clients: nil).judge(probe)
        #expect(alone.clients == nil)
        #expect(alone.inspection.verdict.allowsConnection)

        guard case .failure(let failure) = await (try run("127.0.0.1:1", clients: nil)).connect() else {
            Issue.record("a closed port connected")
            return
        }
        #expect(failure.code == .connectionRefused)
    }
}
