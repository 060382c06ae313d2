import Foundation
import PinningCore

/// The forecast of a fleet: many domains against many releases, each release judged as it is read and then let go.
///
/// A release's manifest is only looked at while ``add(_:)`` runs: for every domain forecast it finds the release's
/// policy, judges it and keeps the row of cells it gives. What stays is, per domain, the distinct rows and one small
/// number per release, so memory grows with the domains and the releases, not with the manifests' size. Within a
/// release the pin rule runs once per distinct pins and set of paths (``CellsMemo``), not once per domain.
public struct FleetForecast: Sendable {
    public let at: Date
    /// The releases added so far, in order, without their pins (``Release/manifest`` is empty).
    public private(set) var releases: [Release] = []
    private var ledgers: [HostLedger]
    /// The distinct ways hosts' paths are judged (``HostLedger/columns``): hosts serving one chain share one, and a
    /// release's cells are judged once per column set and pins (``CellsMemo``).
    private let columnSets: [[RealChainTrust]]
    /// For each host, its columns' index in ``columnSets``.
    private let columnSetOfHost: [Int]
    /// The distinct pin sets (pins, mode, expiry) the releases ship, numbered: what the calendar judges each release by.
    private var pinSets = PinSetNumbering()

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
        let shared = await Self.sharedTrusts(
            hosts.flatMap { [served[$0], planned[$0]].compactMap { $0 } }, trustAnchors: anchors, at: time,
            width: width)
        await withTaskGroup(of: (Int, HostLedger).self) { group in
            var next = 0
            func start() {
                guard next < hosts.count else { return }
                let (index, host) = (next, hosts[next])
                let (chain, intendedChain) = (served[host], planned[host])
                group.addTask {
                    let current = await chain.asyncMap {
                        await ForecastJudge.trust(
                            $0, host: host, trustAnchors: anchors, at: time, sharing: shared[$0.map(\.der)])
                    }
                    let intended = await intendedChain.asyncMap {
                        await ForecastJudge.trust(
                            $0, host: host, trustAnchors: anchors, at: time, sharing: shared[$0.map(\.der)])
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
        var columnSets: [[RealChainTrust]] = []
        var indexOfSet: [[RealChainTrust]: Int] = [:]
        columnSetOfHost = self.ledgers.map { ledger in
            if let index = indexOfSet[ledger.columns] { return index }
            columnSets.append(ledger.columns)
            indexOfSet[ledger.columns] = columnSets.count - 1
            return columnSets.count - 1
        }
        self.columnSets = columnSets
    }

    /// Default trust of each chain that more than one host serves (or plans), evaluated once with the host name
    /// left out (``SharedChainTrust``), by the chain's DER: a fleet behind one wildcard certificate checks its
    /// signatures once instead of once per host.
    private static func sharedTrusts(
        _ chains: [[ChainCertificate]], trustAnchors: TrustAnchors, at time: Date, width: Int
    ) async -> [[[UInt8]]: SharedChainTrust] {
        var uses: [[[UInt8]]: (chain: [ChainCertificate], count: Int)] = [:]
        for chain in chains {
            uses[chain.map(\.der), default: (chain, 0)].count += 1
        }
        let repeated = uses.values.filter { $0.count > 1 }.map(\.chain)
        var shared: [[[UInt8]]: SharedChainTrust] = [:]
        await withTaskGroup(of: ([[UInt8]], SharedChainTrust).self) { group in
            var next = 0
            func start() {
                guard next < repeated.count else { return }
                let chain = repeated[next]
                group.addTask {
                    (chain.map(\.der), await ForecastJudge.sharedTrust(chain, trustAnchors: trustAnchors, at: time))
                }
                next += 1
            }
            for _ in 0..<width { start() }
            while let (key, trust) = await group.next() {
                shared[key] = trust
                start()
            }
        }
        return shared
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
        var memo = CellsMemo()
        for index in ledgers.indices {
            let policy = policyFor(ledgers[index].host)
            let set = columnSetOfHost[index]
            ledgers[index].add(policy, cells: memo.cells(policy, columnSet: set, columns: columnSets[set], at: at))
            ledgers[index].pinSetOfRelease.append(pinSets.number(policy))
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

    /// Host `index`'s distinct pin sets over the releases added (a policy each, nil for none) and, for each release,
    /// its set's index there. Two releases share a set only when their pins, mode and expiry are equal: what the pin
    /// rule reads, on any path. The renewal calendar judges with these, not with ``forecast(ofHost:)``'s rows, whose
    /// releases agree only on today's scenarios.
    public func pinSets(ofHost index: Int) -> (policies: [DomainPolicy?], ofRelease: [Int]) {
        var local: [UInt32: Int] = [:]
        var policies: [DomainPolicy?] = []
        let ofRelease = ledgers[index].pinSetOfRelease.map { number in
            if let known = local[number] { return known }
            policies.append(pinSets.policy(number))
            local[number] = policies.count - 1
            return policies.count - 1
        }
        return (policies, ofRelease)
    }
}

extension Optional {
    fileprivate func asyncMap<Mapped>(_ transform: (Wrapped) async -> Mapped) async -> Mapped? {
        guard let value = self else { return nil }
        return await transform(value)
    }
}
