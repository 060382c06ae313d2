import ChainProbe
import DemoLab
import Foundation
import LiveCheck
import PinningCore
import TestSupport
import Testing

/// One live connection judged (`inspect`), against the real demo lab.
@Suite("Inspecting one live connection", .serialized)
struct InspectionTests {
    @Test("the report shows the connection, the sent chain in full, the built path and the verdict; JSON says the same")
    func report() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let fixture = try LabManifestFixture(lab)
        let anchors = fixture.anchors
        let scenario = lab.scenario(.mitm)
        let target = try ProbeTarget(host: scenario.host, port: 443, connect: "127.0.0.1:\(lab.port)")
        let probe = try await ChainProber().probe(
            target, options: ProbeOptions(deadline: .seconds(5), anchors: anchors)
        )
        .get()
        let inspection = try await LiveInspection.judge(
            probe, validator: fixture.validator, at: Date(),
            revocation: .off)
        #expect(inspection.verdict.rejection == .untrustedChain)
        #expect(inspection.sent.map(\.der) == scenario.servedChain)
        // The impostor's chain reaches no anchor: lint sees the sent certificates and no verified path.
        #expect(!inspection.served.hasVerifiedPath)
        #expect(inspection.leaf == inspection.sent.first?.details)

        let lines = InspectReport(inspection: inspection).lines
        #expect(lines[0] == "\(target)  (connected to 127.0.0.1:\(lab.port), SNI \(scenario.host))")
        #expect(lines[1].hasPrefix("TLS:  TLSv1.3, "))
        #expect(lines.contains("Sent chain (\(counted(inspection.sent.count, "certificate")), leaf first):"))
        #expect(lines.contains("[0] \(inspection.sent[0].details.subject)"))
        #expect(lines.contains("Verdict: " + inspection.verdict.summary))
        // The impostor's chain leads to no anchor OpenSSL knows: the built path says so, in words.
        #expect(lines.contains { $0.hasPrefix("Built chain: none. OpenSSL found no path to the trust anchors: ") })

        let json =
            try JSONSerialization.jsonObject(
                with: JSONEncoder().encode(InspectJSON(target: target, inspection: inspection))) as? [String: Any]
        #expect(json?["connected"] as? Bool == true)
        #expect((json?["sentChain"] as? [Any])?.count == inspection.sent.count)
        #expect(json?["host"] as? String == scenario.host)
        let failed =
            try JSONSerialization.jsonObject(
                with: JSONEncoder().encode(InspectJSON(target: target, failure: .invalidTarget("no"))))
            as? [String: Any]
        #expect(failed?["connected"] as? Bool == false)
        #expect((failed?["failure"] as? [String: Any])?["code"] as? String == "invalidTarget")
    }

    @Test("--revocation off asks nothing, and the verdict says so")
    func revocationOff() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let target = try ProbeTarget(host: lab.scenario(.revoked).host, port: 443, connect: "127.0.0.1:\(lab.port)")
        let probe = try await ChainProber().probe(target, options: ProbeOptions(deadline: .seconds(5))).get()
        let evidence = await RevocationMode.off.evidence(
            for: probe, sent: try probe.sentCertificates(), anchors: TrustAnchors(), deadline: .seconds(1))
        #expect(evidence == .none(.off))
        let staple = await RevocationMode.staple.evidence(
            for: probe, sent: try probe.sentCertificates(), anchors: TrustAnchors(), deadline: .seconds(1))
        #expect(staple == probe.connection.revocationEvidence)
    }
}
