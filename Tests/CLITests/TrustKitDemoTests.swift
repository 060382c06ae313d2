import ClientModels
import DemoLab
import Foundation
import PinningCore
import TestSupport
import Testing

/// The demo lab's manifest (``RunningLab/demoManifest(rootAnchorPath:now:)``) in TrustKit: its unpinned report-only
/// domains list no pins, so they are not pinned and the export leaves them out instead of making TrustKit refuse the
/// whole configuration; the TrustKit verdicts the Clients view shows (``ClientJudge``) refuse nothing either.
@Suite("TrustKit and the demo manifest")
struct TrustKitDemoTests {
    static let lab: RunningLab = {
        let lab = try! RunningLab.start()
        lab.stop()
        return lab
    }()

    @Test("pinbench export trustkit writes the demo's pinned domains, leaves out the unpinned, and refuses nothing")
    func exportLeavesUnpinnedOut() throws {
        let manifest = Self.lab.demoManifest(rootAnchorPath: "lab-root.pem")
        let unpinned = manifest.domains.filter { $0.pins.isEmpty }.map(\.host)
        let pinned = manifest.domains.filter { !$0.pins.isEmpty }.map(\.host)
        try #require(!unpinned.isEmpty && !pinned.isEmpty, "the demo has both kinds")
        let folder = TemporaryFolder()
        folder.write("demo.json", try CanonicalJSON.encode(manifest))
        let result = try PinBenchBinary.run(["export", "trustkit", "-m", "demo.json"], in: folder.url)
        #expect(result.status == 0, "\(result.stderrText)")
        #expect(!result.stderrText.contains("needs at least two"), "\(result.stderrText)")
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: result.stdout, format: nil) as? [String: Any])
        let domains = try #require(
            (plist["TSKConfiguration"] as? [String: Any])?["TSKPinnedDomains"] as? [String: Any])
        #expect(Set(domains.keys) == Set(pinned))
        for host in unpinned {
            #expect(result.stderrText.contains("\(host): lists no key pin, so it is not pinned; left out"))
        }
    }

    @Test("the TrustKit verdict on every demo scenario is not a refused configuration")
    func clientsViewDoesNotRefuse() async {
        let lab = Self.lab
        let manifest = lab.demoManifest(rootAnchorPath: "lab-root.pem")
        let validator = PinValidator(manifest: manifest, trustAnchors: TrustAnchors(certificates: [lab.root]))
        for kind in LabScenario.allCases {
            let scenario = lab.scenario(kind)
            let chain = scenario.servedCertificates.map(ChainCertificate.init)
            let verdict = await validator.validate(host: scenario.host, chain: chain, at: Date())
            let judged = await ClientJudge.judgeAll(
                [.trustkit], host: scenario.host, manifest: manifest, verdict: verdict, chain: chain,
                validator: validator, at: Date())
            #expect(judged.count == 1)
            for trustkit in judged {
                #expect(trustkit.outcome != .configurationRefused, "\(kind): \(trustkit.reason)")
            }
        }
    }

    @Test("a domain with exactly one key pin is still refused, by the export and the verdicts alike")
    func onePinStillRefused() throws {
        var manifest = Self.lab.demoManifest(rootAnchorPath: "lab-root.pem")
        let index = try #require(manifest.domains.firstIndex { $0.pins.isEmpty })
        let key = Pin(type: .spkiSHA256, value: Data(repeating: 5, count: 32).base64EncodedString())
        manifest.domains[index].pins = [key]
        let host = manifest.domains[index].host
        let folder = TemporaryFolder()
        folder.write("demo.json", try CanonicalJSON.encode(manifest))
        let result = try PinBenchBinary.run(["export", "trustkit", "-m", "demo.json"], in: folder.url)
        #expect(result.status != 0)
        #expect(result.stderrText.contains("\(host): has 1 distinct key pin; TrustKit needs at least two"))
        #expect(ClientModel.trustkit.refusesDomain(carrying: 1))
        #expect(!ClientModel.trustkit.refusesDomain(carrying: 0))
    }
}
