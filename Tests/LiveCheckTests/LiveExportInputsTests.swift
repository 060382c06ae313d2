import ChainProbe
import DemoLab
import Foundation
import LiveCheck
import PinningCore
import TestSupport
import Testing

/// What `export` takes from live servers, against the real demo lab.
@Suite("An export's live inputs", .serialized)
struct LiveExportInputsTests {
    @Test("reachable domains give their chains as sent (host order) and ATS evaluations; the others are listed")
    func probe() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let address = "127.0.0.1:\(lab.port)"
        let good = lab.scenario(.good)
        let weak = lab.scenario(.weak)
        let manifest = PinManifest(domains: [
            DomainPolicy(host: weak.host, connect: address),
            DomainPolicy(host: "closed.pinbench.test", connect: "127.0.0.1:1"),
            DomainPolicy(host: good.host, connect: address), DomainPolicy(host: "bad-port.pinbench.test", port: 0),
        ])
        let inputs = await LiveExportInputs.probe(manifest, deadline: .seconds(5))
        #expect(Set(inputs.probes.keys) == [good.host, weak.host])
        #expect(inputs.certificates.map(\.der) == good.servedChain + weak.servedChain)
        #expect(inputs.atsEvaluations[good.host]?.passes == true)
        #expect(inputs.atsEvaluations[weak.host]?.passes == false)
        #expect(inputs.unreachable.map(\.host).sorted() == ["bad-port.pinbench.test", "closed.pinbench.test"])
        #expect(inputs.unreachable.first { $0.host == "closed.pinbench.test" }?.failure.code == .connectionRefused)
    }
}
