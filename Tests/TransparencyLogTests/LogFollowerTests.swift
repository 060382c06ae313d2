import Foundation
import LabPKI
import TestSupport
import Testing
import TransparencyLog
import X509

/// Following a lab log through both read APIs: every entry once, in order, proven; a fork, a rewind, a bad
/// signature or a tampered entry stops the step with nothing taken.
@Suite("Following a CT log")
struct LogFollowerTests {
    enum API: String, CaseIterable {
        case rfc6962, tiles
    }

    let pki: TestPKI
    init() throws { pki = try TestPKI() }

    /// A log with `count` entries, certificates and precertificates in turn, and a published head.
    func makeLog(_ count: Int) throws -> LabLog {
        let log = LabLog(origin: "ct.pinbench.test/test")
        try append(count, to: log)
        log.publish()
        return log
    }

    /// Appends `count` entries, each logged a millisecond after the last (`repeating` makes them all one entry).
    func append(_ count: Int, to log: LabLog, repeating: Bool = false) throws {
        let chain = [pki.intermediate.der]
        for index in 0..<count {
            let time = Date(timeIntervalSince1970: 1_795_000_000 + Double(repeating ? 0 : log.size + index) / 1000)
            switch repeating ? 0 : index % 3 {
            case 0: log.log(pki.good.leaf.der, chain: chain, at: time)
            case 1:
                try log.logPrecertificate(
                    pki.rotated.leaf.certificate, issuer: pki.intermediate.certificate, chain: chain, at: time)
            default: log.log(pki.wrongHost.leaf.der, chain: chain, at: time)
            }
        }
    }

    func endpoint(_ api: API, _ log: LabLog) -> any LogEndpoint {
        let transport = LabLogTransport(log: log)
        switch api {
        case .rfc6962: return RFC6962Endpoint(transport: transport, key: log.spki)
        case .tiles: return TiledEndpoint(transport: transport, key: log.spki, logID: log.logID, origin: log.origin)
        }
    }

    /// Steps until caught up; every entry read once.
    func catchUp(_ follower: LogFollower, from start: LogPosition) async throws -> ([LogEntry], LogPosition) {
        var position = start
        var entries: [LogEntry] = []
        for _ in 0..<100 {
            let step = try await follower.step(from: position)
            entries += step.entries
            position = step.position
            if position.caughtUp { break }
        }
        return (entries, position)
    }

    @Test(
        "from the start, in steps of 250: every entry once, in order, decoded; then only what was logged since",
        arguments: API.allCases)
    func readsEverything(_ api: API) async throws {
        let log = try makeLog(700)
        let follower = LogFollower(endpoint: endpoint(api, log), budget: 250)
        let first = try await follower.start(fromNow: false)
        let (entries, position) = try await catchUp(follower, from: first)
        #expect(entries.map(\.index) == Array(0..<700))
        #expect(position.caughtUp && position.next == 700)
        #expect(try entries[0].certificate() == pki.good.leaf.certificate)
        #expect(
            try entries[1].kind == .precertificate
                && entries[1].certificate().subject == pki.rotated.leaf.certificate.subject
        )
        #expect(try entries[2].certificate() == pki.wrongHost.leaf.certificate)

        try append(40, to: log)
        log.publish()
        let (more, after) = try await catchUp(follower, from: position)
        #expect(more.map(\.index) == Array(700..<740))
        #expect(after.next == 740)
        // Nothing new: an empty step that keeps the position.
        let idle = try await follower.step(from: after)
        #expect(idle.entries.isEmpty && idle.position == after)
    }

    @Test("from now: the frontier read from the log is the one built entry by entry", arguments: API.allCases)
    func fromNow(_ api: API) async throws {
        let log = try makeLog(613)
        let follower = LogFollower(endpoint: endpoint(api, log))
        let start = try await follower.start(fromNow: true)
        #expect(start.next == 613 && start.caughtUp)
        let (_, fromStart) = try await catchUp(follower, from: try await follower.start(fromNow: false))
        #expect(start.frontier == fromStart.frontier)
        try append(5, to: log)
        log.publish()
        let step = try await follower.step(from: start)
        #expect(step.entries.map(\.index) == Array(613..<618))
    }

    @Test("from now, when the newest entries repeat earlier ones: reading starts early enough, and proven")
    func fromNowOverRepeats() async throws {
        let log = LabLog(origin: "ct.pinbench.test/test")
        try append(1, to: log, repeating: true)
        try append(20, to: log)
        try append(4, to: log, repeating: true)
        log.publish()
        let follower = LogFollower(endpoint: endpoint(.rfc6962, log))
        let start = try await follower.start(fromNow: true)
        // Entries 21 to 24 are entry 0 again: the log places their hash at 0, so the edge ends at entry 20.
        #expect(start.next == 21 && !start.caughtUp)
        let (entries, caughtUp) = try await catchUp(follower, from: start)
        #expect(entries.map(\.index) == Array(21..<25))
        let (_, fromStart) = try await catchUp(follower, from: try await follower.start(fromNow: false))
        #expect(caughtUp.frontier == fromStart.frontier)

        let allRepeats = LabLog(origin: "ct.pinbench.test/test")
        try append(40, to: allRepeats, repeating: true)
        allRepeats.publish()
        await #expect(throws: LogFailure.self) {
            try await LogFollower(endpoint: endpoint(.rfc6962, allRepeats)).start(fromNow: true)
        }
    }

    @Test("both APIs read the same entries to the same position")
    func apisAgree() async throws {
        let log = try makeLog(300)
        var results: [[TreeHash]] = []
        for api in API.allCases {
            let follower = LogFollower(endpoint: endpoint(api, log), budget: 1000)
            let (entries, _) = try await catchUp(follower, from: try await follower.start(fromNow: false))
            results.append(entries.map(\.leafHash))
        }
        #expect(results[0] == results[1] && results[0].count == 300)
    }

    /// Each fault with what the failure must name.
    static let faults: [(API, LabLogFault, [String])] = API.allCases.flatMap { api in
        [
            (api, LabLogFault.forkAt(3), ["consistency from 200", "do not prove 200"]), (api, .rewind, ["went back"]),
            (api, .badSignature, ["signature"]), (api, .mismatchedEntry(260), ["do not hash to the signed root"]),
        ]
    }

    @Test(
        "a fork, a rewind, a bad signature or a tampered entry: misbehaving, and nothing of the step is taken",
        arguments: faults.indices)
    func misbehaviour(_ index: Int) async throws {
        let (api, fault, named) = Self.faults[index]
        let log = try makeLog(200)
        let follower = LogFollower(endpoint: endpoint(api, log), budget: 1000)
        var (_, position) = try await catchUp(follower, from: try await follower.start(fromNow: false))
        try append(100, to: log)
        log.publish()
        // A rewind shows once the watcher has seen the later head: the log then serves the earlier one again.
        if fault == .rewind { (_, position) = try await catchUp(follower, from: position) }
        log.misbehave(fault)
        do {
            let step = try await follower.step(from: position)
            Issue.record("\(api) \(fault): the step returned \(step.entries.count) entries")
        } catch {
            #expect(error.isMisbehaviour, "\(api) \(fault): \(error)")
            #expect(named.contains { error.description.contains($0) }, "\(api) \(fault): \(error)")
        }
    }
}
