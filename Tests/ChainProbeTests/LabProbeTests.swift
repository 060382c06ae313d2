import ChainProbe
import DemoLab
import Foundation
import PinningCore
import Testing

@Suite("Probing the demo lab")
struct LabProbeTests {
    @Test("every scenario is served under its SNI name")
    func everyScenario() async throws {
        let started = ContinuousClock.now
        let lab = try DemoLab.start()
        print("lab started in", ContinuousClock.now - started)
        defer { lab.stop() }
        let anchor = FileManager.default.temporaryDirectory.appendingPathComponent("lab-root-\(UUID()).pem")
        try lab.writeRoot(to: anchor)
        for scenario in lab.scenarios where scenario.kind != .slow {
            let target = ProbeTarget(host: scenario.host, port: 443, connect: ProbeEndpoint(host: lab.address, port: lab.port))
            let result = await ChainProber().probe(target, options: ProbeOptions(trustAnchorPaths: [anchor.path], useSystemTrustStore: false))
            switch result {
            case .success(let r):
                print(scenario.name, r.protocolVersion, r.cipherSuite, r.keyExchangeGroup ?? "-", r.sentChain.count, r.builtChain?.count ?? -1, r.builtChainProblem ?? "", r.handshakeDuration)
                #expect(r.sentChain == scenario.servedChain)
            case .failure(let f):
                Issue.record("\(scenario.name): \(f)")
            }
        }
    }
}
