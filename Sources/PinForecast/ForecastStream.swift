import Foundation
import PinningCore

/// What a forecast says before its first domain: enough for a reader to start writing.
public struct ForecastHead: Sendable {
    public let at: Date
    public let until: Date
    public let leadTimeDays: Int
    public let shippedReleases: Int
    /// How many domains follow.
    public let domains: Int
    /// The release names in the forecast's order, the candidate next release last.
    public let releases: [String]
}

/// Where a forecast goes one domain at a time (the CLI's text and JSON, or a ``ForecastReport`` for the workbench and
/// tests): a fleet's outlooks are never all held at once, since each carries its dates ahead and their releases.
public protocol ForecastSink {
    mutating func begin(_ head: ForecastHead) throws
    mutating func domain(_ outlook: DomainOutlook) throws
    /// The hosts `--live` could not reach, and the deploy gate over every domain.
    mutating func end(unreachable: [String], gate: ForecastGate) throws
}

/// Keeps every outlook: a ``ForecastReport``, for forecasts small enough to hold.
public struct ForecastCollector: ForecastSink {
    private var head: ForecastHead?
    private var outlooks: [DomainOutlook] = []
    public private(set) var report: ForecastReport?

    public init() {}

    public mutating func begin(_ head: ForecastHead) { self.head = head }

    public mutating func domain(_ outlook: DomainOutlook) { outlooks.append(outlook) }

    public mutating func end(unreachable: [String], gate: ForecastGate) {
        guard let head else { return }
        report = ForecastReport(
            at: head.at, until: head.until, leadTimeDays: head.leadTimeDays, shippedReleases: head.shippedReleases,
            domains: outlooks, unreachable: unreachable, gate: gate)
        outlooks = []
    }
}

extension ForecastSettings {
    /// Every host of `fleet` (its shipped releases added, then `candidate`, the working manifest, last) with its dates
    /// ahead and advice, judged by the deploy gate and handed to `sink` one domain at a time; the gate's judgement is
    /// returned too. With ``calendarCatalog`` each domain carries its renewal calendar, planned from the candidate's
    /// `issuance` and the chain it serves (`served`, by host).
    @discardableResult
    public func stream<Sink: ForecastSink>(
        _ fleet: FleetForecast, candidate: PinManifest, unreachable: [String],
        served: [String: [ChainCertificate]] = [:], into sink: inout Sink
    ) throws -> ForecastGate {
        let shipped = fleet.releases.count - 1
        let candidates = PolicyLookup(candidate)
        try sink.begin(
            ForecastHead(
                at: at, until: until, leadTimeDays: leadTime, shippedReleases: shipped, domains: fleet.hostCount,
                releases: fleet.releases.map(\.name)))
        var gate = ForecastGate(scenarios: gated, maximum: maxLockout)
        var plans = CalendarPlans()
        for index in 0..<fleet.hostCount {
            let (forecast, policies) = fleet.forecast(ofHost: index)
            gate.judge(forecast, shipped: shipped)
            let policy = candidates.policy(for: forecast.host)
            var domain = outlook(forecast, policies: policies, shipped: shipped, candidate: policy)
            if let calendarCatalog {
                domain.calendar = calendar(
                    forecast, pinSets: fleet.pinSets(ofHost: index), issuance: policy?.issuance,
                    served: served[forecast.host], catalog: calendarCatalog, plans: &plans)
            }
            try sink.domain(domain)
        }
        try sink.end(unreachable: unreachable, gate: gate)
        return gate
    }
}
