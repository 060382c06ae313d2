import DemoLab
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing
import Workbench
import WorkbenchRuntime

/// The workbench's two fetch seams: the live probe (against the real demo lab) and `HOST.pem` files.
@Suite("Fetching chains for the workbench", .serialized)
struct ChainFetchTests {
    @Test("a live fetch returns the chain as sent; each probe failure arrives as the workbench's kind of failure")
    func live() async throws {
        let lab = try await OffPoolThread.run { try RunningLab.start() }
        defer { lab.stop() }
        let folder = TemporaryFolder()
        var anchors = TrustAnchors()
        try anchors.add(contentsOf: URL(fileURLWithPath: folder.write("lab-root.pem", lab.rootPEM)))
        let fetch = LiveChainFetch.make(deadline: .seconds(5), anchors: anchors)
        let good = lab.scenario(.good)
        let fetched = try await fetch(FetchRequest(host: good.host, connect: "127.0.0.1:\(lab.port)")).get()
        #expect(fetched.certificates.map(\.der) == good.servedChain)

        let refused = await fetch(FetchRequest(host: good.host, connect: "127.0.0.1:1"))
        #expect(refused.failureKind == .connectionRefused)
        let invalid = await fetch(FetchRequest(host: good.host, port: 0))
        #expect(invalid.failureKind == .invalidTarget)
        let notDialled = await fetch(FetchRequest(host: good.host, connect: "not an address"))
        #expect(notDialled.failureKind == .invalidTarget)
    }

    @Test("an offline fetch reads HOST.pem from the folder; a missing file is a failure naming it")
    func offline() async throws {
        let pki = TestPKI.shared
        let folder = TemporaryFolder()
        folder.write("\(pki.host).pem", pki.good.presented.map(\.pem).joined())
        let fetch = OfflineChainFetch.make(folder: folder.url)
        let fetched = try await fetch(FetchRequest(host: pki.host)).get()
        #expect(fetched.certificates.map(\.der) == pki.good.presented.map(\.der))
        let missing = await fetch(FetchRequest(host: "absent.example"))
        #expect(missing.failureKind == .noChainFile)
        guard case .failure(let failure) = missing else { return }
        #expect(failure.detail.hasPrefix("absent.example.pem: "))
    }
}

extension Result where Failure == FetchFailure {
    fileprivate var failureKind: FetchFailure.Kind? {
        if case .failure(let failure) = self { return failure.kind }
        return nil
    }
}
