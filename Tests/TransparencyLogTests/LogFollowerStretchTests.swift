import Foundation
import LabPKI
import TestSupport
import Testing
import TransparencyLog

/// A step hands its entries on in proven stretches of bounded size, keeps each before reading on, and stops at its
/// deadline with what it proved kept: what a step holds does not grow with its budget.
@Suite("Following a CT log in stretches")
struct LogFollowerStretchTests {
    let pki = TestPKI.shared

    func log(_ count: Int) -> LabLog {
        let log = LabLog(origin: "ct.pinbench.test/stretch")
        for index in 0..<count {
            log.log(
                index % 2 == 0 ? pki.good.leaf.der : pki.wrongHost.leaf.der, chain: [pki.intermediate.der],
                at: Date(timeIntervalSince1970: 1_795_000_000 + Double(index) / 1000))
        }
        log.publish()
        return log
    }

    @Test("a budget of 1,000 entries is read in proven stretches of at most 100, only the chosen entries held")
    func stretchesAreBounded() async throws {
        let log = self.log(1000)
        let follower = LogFollower(
            endpoint: RFC6962Endpoint(transport: LabLogTransport(log: log), key: log.spki), budget: 1000,
            stretchEntries: 100)
        var sizes: [Int] = []
        var positions: [UInt64] = []
        let end = try await follower.step(
            from: LogPosition(treeHead: .empty, frontier: MerkleFrontier()),
            select: { $0.dnsNames.contains(pki.host) }
        ) { (stretch: LogFollower.Stretch) throws(LogFailure) -> Bool in
            sizes.append(stretch.entries.count)
            positions.append(stretch.position.next)
            return true
        }
        #expect(end == .caughtUp)
        #expect(positions == stride(from: 100, through: 1000, by: 100).map(UInt64.init))
        // Half the entries name the pinned host: 50 of each stretch of 100 are held, no more.
        #expect(sizes == Array(repeating: 50, count: 10))
    }

    @Test("past its deadline a step reads one batch and no more, keeps it proven, and says it stopped")
    func deadline() async throws {
        let log = self.log(300)
        for api in ["rfc6962", "tiles"] {
            let transport = LabLogTransport(log: log)
            let endpoint: any LogEndpoint =
                api == "rfc6962"
                ? RFC6962Endpoint(transport: transport, key: log.spki)
                : TiledEndpoint(transport: transport, key: log.spki, logID: log.logID, origin: log.origin)
            let follower = LogFollower(endpoint: endpoint, budget: 10_000)
            var kept: [LogPosition] = []
            let end = try await follower.step(
                from: LogPosition(treeHead: .empty, frontier: MerkleFrontier()), until: .now - .seconds(1)
            ) { (stretch: LogFollower.Stretch) throws(LogFailure) -> Bool in
                kept.append(stretch.position)
                return true
            }
            // One batch still (100 entries of get-entries, a data tile of 256), so every step moves; no more.
            #expect(end == .deadline, "\(api)")
            #expect(kept.map(\.next) == [api == "rfc6962" ? 100 : 256], "\(api)")
            #expect(kept.first?.treeHead.size == 300, "\(api)")
        }
    }

    @Test("a stretch the caller does not keep ends the step there")
    func notKept() async throws {
        let log = self.log(300)
        let follower = LogFollower(
            endpoint: RFC6962Endpoint(transport: LabLogTransport(log: log), key: log.spki), stretchEntries: 100)
        var calls = 0
        let end = try await follower.step(from: LogPosition(treeHead: .empty, frontier: MerkleFrontier())) {
            (_: LogFollower.Stretch) throws(LogFailure) -> Bool in
            calls += 1
            return false
        }
        #expect(end == .notKept && calls == 1)
    }
}
