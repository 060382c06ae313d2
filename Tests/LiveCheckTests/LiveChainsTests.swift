import ChainProbe
import DemoLab
import Foundation
import LiveCheck
import ManifestLint
import PinningCore
import TestSupport
import Testing

/// `forecast --live` and `diff --live`'s chains, fetched from the real demo lab on 127.0.0.1.
@Suite("The chains served now", .serialized)
struct LiveChainsTests {
    @Test("a reachable host gives the chain it sends, dialled as the manifest says; one that is not is set apart")
    func served() async throws {
        let fixture = try await CheckRunTests.Fixture()
        defer { fixture.lab.stop() }
        var manifest = fixture.document.manifest
        var closed = try fixture.domain(.good)
        closed.host = "closed.pinbench.test"
        closed.connect = "127.0.0.1:1"
        manifest.domains.append(closed)
        let good = try fixture.domain(.good).host
        let result = await LiveChains.served(
            [closed.host, good], manifest: manifest, anchors: fixture.anchors, deadline: .seconds(5))
        #expect(result.unreachable == [closed.host])
        #expect(Array(result.chains.keys) == [good])
        let leaf = try #require(result.chains[good]?.first)
        #expect(leaf.details.dnsNames.contains(good))
    }

    @Test("diff: only the domains added or changed are fetched, each judged by both sides")
    func diffEvidence() async throws {
        let fixture = try await CheckRunTests.Fixture()
        defer { fixture.lab.stop() }
        let good = try fixture.domain(.good)
        var closed = try fixture.domain(.good)
        closed.host = "closed.pinbench.test"
        closed.connect = "127.0.0.1:1"
        let old = PinManifest(trustAnchors: fixture.document.manifest.trustAnchors, domains: [])
        let new = PinManifest(trustAnchors: old.trustAnchors, domains: [good, closed, try fixture.domain(.mitm)])
        let unchanged = try fixture.domain(.mitm)
        let before = PinManifest(trustAnchors: old.trustAnchors, domains: [unchanged])
        let diff = ManifestDiff(from: before, to: new)
        let judge = ServedJudge(
            before: PinValidator(manifest: before, trustAnchors: fixture.anchors),
            after: PinValidator(manifest: new, trustAnchors: fixture.anchors))
        let result = await LiveChains.diffEvidence(
            diff, new, judge: judge, at: Date(), deadline: .seconds(5))
        #expect(result.unreachable == [closed.host])
        #expect(Array(result.served.keys) == [good.normalizedHost])
        let evidence = try #require(result.served[good.normalizedHost])
        #expect(evidence.before.trustFailure == nil)
        #expect(evidence.after.trustFailure == nil)
    }
}
