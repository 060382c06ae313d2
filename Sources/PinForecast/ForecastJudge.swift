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
        await forecast(host: host, book: ReleaseBook(releases), current: current, planned: planned, at: time)
    }

    /// ``forecast(host:releases:current:planned:at:)`` with the releases indexed once for many domains. Each
    /// distinct policy the releases ship for `host` is judged once, and its releases share its cells.
    public func forecast(
        host: String, book: ReleaseBook, current: [ChainCertificate]?, planned: [ChainCertificate]? = nil,
        at time: Date
    ) async -> DomainForecast {
        let (policies, rowOfRelease) = book.distinctPolicies(for: host)
        var columns: [(Scenario, [ForecastCell])] = []
        var today: PathPins?
        var todayRefusal: Verdict.Rejection?
        if let current {
            let verdicts = await judge(current, host: host, policies: policies, at: time)
            columns.append((.current, verdicts.map(ForecastCell.init)))
            // Default trust does not depend on a release's pins: any verdict tells the path (none: judge without).
            var trust = verdicts.first
            if trust == nil { trust = await judge(current, host: host, policies: [nil], at: time).first }
            today = trust.flatMap { $0.isTrusted ? PathPins(verifiedPathOf: $0) : nil }
            todayRefusal = trust.flatMap { $0.isTrusted ? nil : $0.rejection ?? .untrustedChain }
        }
        if let planned {
            let verdicts = await judge(planned, host: host, policies: policies, at: time)
            columns.append((.planned, verdicts.map(ForecastCell.init)))
        }
        if let today {
            columns += Self.synthesised(Scenario.synthesised, policies: policies, today: today, at: time)
        }
        let rows = policies.indices.map { row in columns.map { $0.1[row] } }
        return DomainForecast(
            host: host, releases: book.releases, scenarios: columns.map(\.0), rows: rows, rowOfRelease: rowOfRelease,
            today: today, todayRefusal: todayRefusal)
    }

    /// The columns of `scenarios` (those that can be made from `today`) at `time`, a cell for each of `policies`
    /// (nil: the release pins nothing there): pins only, no I/O, no trust.
    public static func synthesised(
        _ scenarios: [Scenario], policies: [DomainPolicy?], today: PathPins, at time: Date
    ) -> [(Scenario, [ForecastCell])] {
        scenarios.compactMap { scenario in
            ScenarioSynthesis.path(scenario, from: today).map { path in
                (scenario, policies.map { ForecastCell.judging($0, path: path, at: time) })
            }
        }
    }

    /// The whole validator's verdict on `chain` for each of `policies`, as a release shipping it would judge: the
    /// validator reads only the policy that governs `host`, so a manifest of that one policy judges the same.
    private func judge(
        _ chain: [ChainCertificate], host: String, policies: [DomainPolicy?], at time: Date
    ) async -> [Verdict] {
        var verdicts: [Verdict] = []
        for policy in policies {
            let manifest = PinManifest(domains: policy.map { [$0] } ?? [])
            let validator = PinValidator(manifest: manifest, trustAnchors: trustAnchors)
            verdicts.append(await validator.validate(host: host, chain: chain, at: time))
        }
        return verdicts
    }
}
