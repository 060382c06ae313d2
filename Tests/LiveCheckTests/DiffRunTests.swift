import ChainProbe
import ClientModels
import DemoLab
import Foundation
import LiveCheck
import ManifestLint
import PinningCore
import ReleaseHistory
import TestSupport
import Testing

/// `diff`'s lockout risks against the real demo lab on 127.0.0.1: a change of the good domain's pins to keys the
/// lab does not serve is a risk once the served chain is judged (given or live), and only then.
@Suite("Diffing two manifests", .serialized)
struct DiffRunTests {
    func run(
        _ served: (CheckRunTests.Fixture) async throws -> DiffRun.Served, clients: [PinClient]? = nil
    )
        async throws -> DiffRunReport
    {
        let fixture = try await CheckRunTests.Fixture()
        defer { fixture.lab.stop() }
        let url = fixture.document.url
        let old = fixture.document.manifest
        var new = old
        let index = try #require(new.indexOfDomain(try fixture.domain(.good).host))
        new.domains[index].pins = [
            Pin(type: .spkiSHA256, value: Data(repeating: 7, count: 32).base64EncodedString()),
            Pin(type: .spkiSHA256, value: Data(repeating: 8, count: 32).base64EncodedString(), role: .backup),
        ]
        let anchors: (ManifestDocument) throws -> TrustAnchors = { document in
            var anchors = TrustAnchors()
            try anchors.add(
                manifestAnchors: document.manifest.trustAnchors, relativeTo: document.url.deletingLastPathComponent())
            return anchors
        }
        return try await DiffRun(
            before: LoadedSide(name: "old.json", manifest: old, url: url, revision: nil),
            after: LoadedSide(name: "new.json", manifest: new, url: url, revision: nil),
            served: try await served(fixture), clients: clients, anchors: anchors
        ).run(at: Date())
    }

    @Test("no served chains: the new pin set keeps two pins and a backup, so nothing is risky, and it says so")
    func unjudged() async throws {
        let report = try await run { _ in .none }
        #expect(report.judgedServed == false)
        #expect(report.assessment.isRisky == false)
        #expect(report.clientWarnings == nil)
        #expect(report.lines.first?.contains("old.json") == true)
    }

    @Test(
        "live: the good domain's served chain matches none of the new pins, a risk; the other domains are not fetched")
    func live() async throws {
        let report = try await run({ _ in .live(deadline: .seconds(5)) }, clients: [.curl])
        #expect(report.judgedServed)
        #expect(report.assessment.isRisky)
        #expect(report.unreachable.isEmpty)
        #expect(report.clientWarnings != nil)
        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        #expect(json["risky"] as? Bool == true)
        #expect(json["old"] as? String == "old.json")
    }

    @Test("given: the chain given for the host is judged as the live one is")
    func given() async throws {
        let report = try await run { fixture in
            let good = try fixture.domain(.good)
            let fetched = await LiveChains.served(
                [good.host], manifest: fixture.document.manifest, anchors: fixture.anchors, deadline: .seconds(5))
            return .given([(good.host, try #require(fetched.chains[good.host]))])
        }
        #expect(report.judgedServed)
        #expect(report.assessment.isRisky)
    }
}
