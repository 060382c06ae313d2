import Foundation
import X509

/// Default trust for a chain that many hosts serve (a wildcard certificate, a CDN's), evaluated once instead of once
/// per host.
///
/// Every rule of default trust but the host name's reads the path; the host-name rules read the leaf alone, which
/// every candidate path shares. So where the leaf covers a host, the path found with the name left out is the path
/// that host's own evaluation finds, after the same search and the same signature checks.
/// ``PinValidator/validate(host:chain:at:limits:revocation:transparency:sharing:)`` takes it only then; a leaf that
/// does not cover the host, a chain without a path, or anything that differs from the evaluation it was made with
/// (the chain's bytes, the second, the anchors, the profile, the signature-check cap, a deadline) is evaluated from
/// the start, so a verdict never depends on whether a shared trust was passed.
public struct SharedChainTrust: Sendable {
    /// The certificates as presented, by DER.
    let chain: [[UInt8]]
    /// The validation time, in whole seconds as trust evaluation reads it.
    let second: Date
    /// The anchors it was verified against (kept alive, so its identity is never another set's).
    let anchorSet: AnchorSet
    let profile: ValidationProfile
    let maxSignatureChecks: Int
    /// The verified path with the host name left out, or nil when there is none.
    let path: [Certificate]?

    /// Whether default trust found a path when the host name was left out: the hosts whose names the leaf covers
    /// share it.
    public var foundPath: Bool { path != nil }

    /// The path for `host`, when this shared evaluation stands for the one `evaluator` would make on `chain` at
    /// `second` and the leaf covers `host`; nil when the host must be evaluated on its own.
    func path(
        for host: String, chain presented: [ChainCertificate], second time: Date, evaluator: TrustEvaluator
    ) -> [Certificate]? {
        guard let path, evaluator.limits.deadline == nil, evaluator.limits.maxSignatureChecks == maxSignatureChecks,
            time == second, evaluator.profile == profile, evaluator.anchors.anchorSet === anchorSet,
            presented.count == chain.count, zip(presented, chain).allSatisfy({ $0.der == $1 }),
            evaluator.leafCovers(host: host, leaf: path[0])
        else { return nil }
        return path
    }
}

extension PinValidator {
    /// Default trust for `chain` at `time` with the host name left out, for
    /// ``validate(host:chain:at:limits:revocation:transparency:sharing:)`` to share across the hosts that serve it.
    /// Without a deadline only: a search a deadline may cut short is not repeatable.
    public func sharedTrust(
        chain: [ChainCertificate], at time: Date, limits: PathBuildingLimits = PathBuildingLimits()
    ) async -> SharedChainTrust {
        let evaluator = TrustEvaluator(
            anchors: trustAnchors, limits: limits, publicSuffixes: publicSuffixes, profile: profile)
        let second = TrustEvaluator.second(of: time)
        var path: [Certificate]?
        if limits.deadline == nil, let leaf = chain.first, leaf.refusal == nil {
            path = await evaluator.pathIgnoringHost(chain: chain.compactMap(\.certificate), at: second)
        }
        return SharedChainTrust(
            chain: chain.map(\.der), second: second, anchorSet: trustAnchors.anchorSet, profile: profile,
            maxSignatureChecks: limits.maxSignatureChecks, path: path)
    }
}
