import Foundation
import PinningCore

/// Judges every release of a domain under every scenario: real chains (`current`, `planned`) by the whole
/// validator's trust evaluation once per chain and its pin rule once per distinct policy, synthesised ones by the
/// same pin rule on the path they would produce (trust assumed: they stand for publicly trusted chains).
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
            let trust = await Self.trust(current, host: host, trustAnchors: trustAnchors, at: time)
            columns.append((.current, policies.map { trust.cell($0, at: time) }))
            today = trust.path
            todayRefusal = trust.refusal
        }
        if let planned {
            let trust = await Self.trust(planned, host: host, trustAnchors: trustAnchors, at: time)
            columns.append((.planned, policies.map { trust.cell($0, at: time) }))
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

    /// What default trust decides about a real chain for `host`: the whole validator's verdict on it with no pins,
    /// once per chain and host. The validator evaluates trust before it reads the domain's policy, so every
    /// release's cell follows from this one verdict and the pin rule (``RealChainTrust/cell(_:at:)``).
    /// With `sharing` (``sharedTrust(_:trustAnchors:at:)`` of the same chain), the signatures and the path are
    /// not checked again for a host the leaf covers.
    public static func trust(
        _ chain: [ChainCertificate], host: String, trustAnchors: TrustAnchors, at time: Date,
        sharing: SharedChainTrust? = nil
    ) async -> RealChainTrust {
        let validator = PinValidator(manifest: PinManifest(), trustAnchors: trustAnchors)
        return RealChainTrust(await validator.validate(host: host, chain: chain, at: time, sharing: sharing))
    }

    /// Default trust of a chain that several hosts serve, evaluated once with the host name left out
    /// (``SharedChainTrust``), for ``trust(_:host:trustAnchors:at:sharing:)``.
    public static func sharedTrust(
        _ chain: [ChainCertificate], trustAnchors: TrustAnchors, at time: Date
    ) async -> SharedChainTrust {
        await PinValidator(manifest: PinManifest(), trustAnchors: trustAnchors).sharedTrust(chain: chain, at: time)
    }
}

/// A real chain as default trust judged it for one host: the pins of its verified path, or why it was refused.
public enum RealChainTrust: Hashable, Sendable {
    case trusted(PathPins)
    case refused(Verdict.Rejection)

    /// From the validator's verdict on the chain (with or without pins: trust does not depend on them).
    public init(_ verdict: Verdict) {
        self =
            verdict.isTrusted
            ? .trusted(PathPins(verifiedPathOf: verdict)) : .refused(verdict.rejection ?? .untrustedChain)
    }

    /// The cell of a release whose policy for the host is `policy`: refused whatever it pins when trust failed,
    /// else what the validator's pin rule says on the verified path (as ``PinValidator`` itself judges it).
    public func cell(_ policy: DomainPolicy?, at time: Date) -> ForecastCell {
        switch self {
        case .trusted(let path): return ForecastCell.judging(policy, path: path, at: time)
        case .refused(let rejection): return .refused(rejection)
        }
    }

    /// The verified path, when trust found one.
    public var path: PathPins? {
        if case .trusted(let path) = self { return path }
        return nil
    }

    /// Why trust failed, when it did.
    public var refusal: Verdict.Rejection? {
        if case .refused(let rejection) = self { return rejection }
        return nil
    }
}
