import Foundation
import PinningCore

/// Judges every release of a domain under every scenario: real chains (`current`, `planned`) by the whole
/// validator, synthesised ones by the validator's pin rule on the path they would produce (trust assumed: they
/// stand for publicly trusted chains).
public struct ForecastJudge: Sendable {
    public let trustAnchors: TrustAnchors

    public init(trustAnchors: TrustAnchors) {
        self.trustAnchors = trustAnchors
    }

    /// The forecast for `host` at `time`. `current` is today's chain as served, `planned` the one the team intends
    /// to deploy; each is optional, and the synthesised scenarios need `current` to reach a trust anchor.
    public func forecast(
        host: String, releases: [Release], current: [ChainCertificate]?, planned: [ChainCertificate]? = nil,
        at time: Date
    ) async -> DomainForecast {
        var columns: [(Scenario, [ForecastCell])] = []
        var today: PathPins?
        if let current {
            let verdicts = await judge(current, host: host, releases: releases, at: time)
            columns.append((.current, verdicts.map(ForecastCell.init)))
            // Default trust does not depend on a release's pins: any verdict tells the path (none: judge without).
            var trust = verdicts.first
            if trust == nil {
                trust = await PinValidator(manifest: PinManifest(), trustAnchors: trustAnchors)
                    .validate(host: host, chain: current, at: time)
            }
            today = trust.flatMap { $0.isTrusted ? PathPins(verifiedPathOf: $0) : nil }
        }
        if let planned {
            let verdicts = await judge(planned, host: host, releases: releases, at: time)
            columns.append((.planned, verdicts.map(ForecastCell.init)))
        }
        if let today {
            columns += Self.synthesised(Scenario.synthesised, host: host, releases: releases, today: today, at: time)
        }
        let cells = releases.indices.map { row in columns.map { $0.1[row] } }
        return DomainForecast(host: host, releases: releases, scenarios: columns.map(\.0), cells: cells, today: today)
    }

    /// The columns of `scenarios` (those that can be made from `today`) at `time`: pins only, no I/O, no trust.
    public static func synthesised(
        _ scenarios: [Scenario], host: String, releases: [Release], today: PathPins, at time: Date
    ) -> [(Scenario, [ForecastCell])] {
        scenarios.compactMap { scenario in
            ScenarioSynthesis.path(scenario, from: today).map { path in
                (scenario, releases.map { ForecastCell.judging($0.manifest.policy(for: host), path: path, at: time) })
            }
        }
    }

    private func judge(
        _ chain: [ChainCertificate], host: String, releases: [Release], at time: Date
    ) async -> [Verdict] {
        var verdicts: [Verdict] = []
        for release in releases {
            let validator = PinValidator(manifest: release.manifest, trustAnchors: trustAnchors)
            verdicts.append(await validator.validate(host: host, chain: chain, at: time))
        }
        return verdicts
    }
}
