import ChainProbe
import DemoLab
import Foundation
import PinningCore
import TestSupport
import Testing

/// ``ChainProber/probeDomains(_:options:concurrency:)``: the one loop behind `check`, `export`, `diff --live` and
/// `forecast --live`, against the real demo lab on 127.0.0.1.
@Suite("Probing a manifest's domains", .serialized)
struct DomainProbeTests {
    @Test("every domain gets one outcome: the undiallable ones first, then each probe as the manifest dials it")
    func oneOutcomeEach() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let folder = TemporaryFolder()
        let root = folder.write("lab-root.pem", lab.rootPEM)
        let address = "127.0.0.1:\(lab.port)"
        let domains = [
            DomainPolicy(host: lab.scenario(.good).host, connect: address),
            DomainPolicy(host: "bad-port.pinbench.test", port: 70_000),
            DomainPolicy(host: lab.scenario(.rotated).host, connect: address),
            DomainPolicy(host: "bad-connect.pinbench.test", connect: "not an address"),
            // Nothing listens on port 1 of loopback: refused, as the probe says.
            DomainPolicy(host: "closed.pinbench.test", connect: "127.0.0.1:1"),
        ]
        let options = ProbeOptions(deadline: .seconds(5), trustAnchorPaths: [root], useSystemTrustStore: false)
        var outcomes: [DomainProbeOutcome] = []
        for await outcome in ChainProber().probeDomains(domains, options: options, concurrency: 2) {
            outcomes.append(outcome)
        }
        #expect(outcomes.count == domains.count)
        #expect(Set(outcomes.map(\.index)) == Set(domains.indices))
        // The two domains no probe can dial come first, in manifest order, without a connection.
        #expect(outcomes.prefix(2).map(\.index) == [1, 3])
        #expect(outcomes.prefix(2).allSatisfy { $0.result.failure?.code == .invalidTarget })
        #expect(outcomes[0].result.failure?.reason.contains("70000") == true)
        for outcome in outcomes {
            #expect(outcome.domain == domains[outcome.index])
        }
        let byIndex = Dictionary(uniqueKeysWithValues: outcomes.map { ($0.index, $0.result) })
        let good = try #require(byIndex[0]?.success)
        #expect(good.connection.serverName == lab.scenario(.good).host)
        #expect(good.sentChain == lab.scenario(.good).servedChain)
        let rotated = try #require(byIndex[2]?.success)
        #expect(rotated.sentChain == lab.scenario(.rotated).servedChain)
        #expect(byIndex[4]?.failure?.code == .connectionRefused)
    }

    @Test("no domains: the sequence ends at once")
    func empty() async {
        var count = 0
        for await _ in ChainProber().probeDomains([], options: ProbeOptions(deadline: .seconds(1))) { count += 1 }
        #expect(count == 0)
    }

    @Test("a manifest domain's target: SNI is the host, connect only changes where the connection goes")
    func target() throws {
        let target = try ProbeTarget(DomainPolicy(host: "api.example.com", port: 8443, connect: "10.0.0.5"))
        #expect(target.host == "api.example.com")
        #expect(target.port == 8443)
        #expect(target.connect?.description == "10.0.0.5:8443")
        #expect(throws: ProbeFailure.self) { try ProbeTarget(DomainPolicy(host: "api.example.com", port: 0)) }
    }
}
