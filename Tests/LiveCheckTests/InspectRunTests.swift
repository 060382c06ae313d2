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
        let lab = try await OffPoolThread.run { try DemoLab.start() }
        defer { lab.stop() }
        let folder = TemporaryFolder()
        let document = try LabManifestWriter.write(lab, to: folder.url.appendingPathComponent("lab.json")).document
        var anchors = TrustAnchors()
        try anchors.add(manifestAnchors: document.manifest.trustAnchors, relativeTo: folder.url)
        let validator = PinValidator(manifest: document.manifest, trustAnchors: anchors)
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
