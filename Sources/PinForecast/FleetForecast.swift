import Foundation
import PinningCore

/// The forecast of a fleet: many domains against many releases, each release judged as it is read and then let go.
///
/// A release's manifest is only looked at while ``add(_:)`` runs: for every domain forecast it finds the release's
/// policy, judges it (or finds an equal policy judged before) and keeps the row of cells it gives. What stays is, per
/// domain, the distinct rows and one small number per release, so memory grows with the domains and the releases,
/// not with the manifests' size; and the pin rule runs once per distinct policy a domain's releases ship.
public struct FleetForecast: Sendable {
    public let at: Date
    /// The releases added so far, in order, without their pins (``Release/manifest`` is empty).
    public private(set) var releases: [Release] = []
    private var ledgers: [HostLedger]

    /// Prepares the forecast of `chains`' hosts at `time`: default trust judges each host's served and planned
    /// chain once (``ForecastJudge/trust(_:host:trustAnchors:at:)``), on as many tasks as there are cores.
    public init(chains: ForecastChains, judge: ForecastJudge, at time: Date) async {
        await self.init(hosts: chains.hosts, served: chains.served, planned: chains.planned, judge: judge, at: time)
    }

    /// The forecast of `hosts`, with the chain each serves today and the one planned for it (by host).
    public init(
        hosts: [String], served: [String: [ChainCertificate]], planned: [String: [ChainCertificate]] = [:],
        judge: ForecastJudge, at time: Date
    ) async {
        at = time
        let anchors = judge.trustAnchors
        var ledgers = [HostLedger?](repeating: nil, count: hosts.count)
        let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
        await withTaskGroup(of: (Int, HostLedger).self) { group in
            var next = 0
            func start() {
                guard next < hosts.count else { return }
                let (index, host) = (next, hosts[next])
                let (chain, intendedChain) = (served[host], planned[host])
                group.addTask {
                    let current = await chain.asyncMap {
                        await ForecastJudge.trust($0, host: host, trustAnchors: anchors, at: time)
                    }
                    let intended = await intendedChain.asyncMap {
                        await ForecastJudge.trust($0, host: host, trustAnchors: anchors, at: time)
                    }
                    return (index, HostLedger(host: host, current: current, planned: intended))
                }
                next += 1
            }
            // At most `width` chains judged at once: the hosts may be tens of thousands.
            for _ in 0..<width { start() }
            while let (index, ledger) = await group.next() {
                ledgers[index] = ledger
                start()
            }
        }
        self.ledgers = ledgers.map { $0! }
    }

    /// The hosts forecast, in order.
    public var hostCount: Int { ledgers.count }

    /// Judges `release` for every host and keeps only its cells: its manifest is not kept.
    public mutating func add(_ release: Release) {
        let lookup = PolicyLookup(release.manifest)
        add(release, policyFor: lookup.policy(for:))
    }

    /// Judges `release` for every host with the policy `policyFor(host)` says it ships (as ``PolicyLookup`` finds
    /// it in the release's manifest); the release's manifest is not read.
    public mutating func add(_ release: Release, policyFor: (String) -> DomainPolicy?) {
        precondition(releases.count < Int(UInt16.max), "more releases than a ledger counts")
        for index in ledgers.indices {
            ledgers[index].add(policyFor(ledgers[index].host), at: at)
        }
        releases.append(
            Release(
                name: release.name, shipped: release.shipped, share: release.share, manifest: PinManifest(),
                build: release.build, pinsFrom: release.pinsFrom))
    }

    /// The forecast of host `index` over the releases added, with one policy per distinct row of cells (the first
    /// release's that gave it): equal rows with equal expiry days judge alike on every later day too, so the dates
    /// ahead may be judged with it (``ForecastEvent/events(host:releases:policies:rowOfRelease:today:from:until:)``).
    public func forecast(ofHost index: Int) -> (forecast: DomainForecast, policies: [DomainPolicy?]) {
        let ledger = ledgers[index]
        let forecast = DomainForecast(
            host: ledger.host, releases: releases, scenarios: ledger.scenarios, rows: ledger.rows.map(\.cells),
            rowOfRelease: ledger.rowOfRelease.map(Int.init), today: ledger.today, todayRefusal: ledger.todayRefusal)
        return (forecast, ledger.rows.map(\.policy))
    }
}

/// One host's part of a ``FleetForecast``: how each scenario's path is judged, and the rows found so far.
private struct HostLedger: Sendable {
    struct Row: Sendable {
        var cells: [ForecastCell]
        /// The first policy that gave these cells; nil when no release pins the host.
        var policy: DomainPolicy?
    }

    let host: String
    let scenarios: [Scenario]
    /// How each scenario's cells are judged, in the order of ``scenarios``.
    let columns: [RealChainTrust]
    let today: PathPins?
    let todayRefusal: Verdict.Rejection?
    var rows: [Row] = []
    var rowOfRelease: [UInt16] = []
    /// The last few distinct policies met, with their digests and rows: releases mostly ship a policy met before,
    /// found here by its digest and then compared whole, not judged again. Bounded (a ring), so memory does not grow
    /// with the distinct policies; the digest keeps a miss cheap when every release ships a policy of its own.
    var recent: [(digest: Int, policy: DomainPolicy?, row: Int)] = []
    var nextRecent = 0
    static let recentCount = 4

    init(host: String, current: RealChainTrust?, planned: RealChainTrust?) {
        self.host = host
        var scenarios: [Scenario] = []
        var columns: [RealChainTrust] = []
        if let current {
            scenarios.append(.current)
            columns.append(current)
        }
        if let planned {
            scenarios.append(.planned)
            columns.append(planned)
        }
        today = current?.path
        todayRefusal = current?.refusal
        if let today {
            for scenario in Scenario.synthesised {
                // A synthesised path is judged as a trusted one: it stands for a publicly trusted chain.
                guard let path = ScenarioSynthesis.path(scenario, from: today) else { continue }
                scenarios.append(scenario)
                columns.append(.trusted(path))
            }
        }
        self.scenarios = scenarios
        self.columns = columns
    }

    mutating func add(_ policy: DomainPolicy?, at time: Date) {
        let digest = Self.digest(policy)
        if let hit = recent.firstIndex(where: { $0.digest == digest && $0.policy == policy }) {
            rowOfRelease.append(UInt16(recent[hit].row))
            return
        }
        let cells = columns.map { $0.cell(policy, at: time) }
        // Rows are told apart by their cells and the day the policy lapses: the only date a pin's verdict turns on.
        var row = rows.lastIndex { $0.cells == cells && $0.policy?.expires == policy?.expires }
        if row == nil {
            rows.append(Row(cells: cells, policy: policy))
            row = rows.count - 1
        }
        rowOfRelease.append(UInt16(row!))
        if recent.count < Self.recentCount {
            recent.append((digest, policy, row!))
        } else {
            recent[nextRecent] = (digest, policy, row!)
            nextRecent = (nextRecent + 1) % Self.recentCount
        }
    }

    /// A digest of the parts of `policy` that most often tell two policies apart (its pins' values, its mode and
    /// expiry): equal policies have equal digests, so a differing digest rules a policy out without comparing it
    /// whole. Equal digests say nothing: the policies are then compared whole.
    static func digest(_ policy: DomainPolicy?) -> Int {
        guard let policy else { return 0 }
        var hasher = Hasher()
        hasher.combine(policy.pins.count)
        for pin in policy.pins { hasher.combine(pin.value) }
        hasher.combine(policy.mode)
        hasher.combine(policy.expires)
        return hasher.finalize()
    }
}

extension Optional {
    fileprivate func asyncMap<Mapped>(_ transform: (Wrapped) async -> Mapped) async -> Mapped? {
        guard let value = self else { return nil }
        return await transform(value)
    }
}
