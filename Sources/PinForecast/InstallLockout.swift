/// The installs a scenario locks out. Only shipped releases have installs: the candidate next release (the working
/// manifest) is judged and shown beside them, but counts for no one until it ships. The text report, the JSON and
/// the deploy gate all count through here, so they cannot disagree.
public struct InstallLockout: Hashable, Sendable {
    /// The shipped releases locked out, in the forecast's order.
    public let releases: [Release]

    /// Counts `releases`, which must all be shipped releases that are locked out.
    public init(shippedLockedOut releases: [Release]) {
        self.releases = releases
    }

    /// Percent of installs locked out, counting the releases that state a share.
    public var percent: Double { releases.compactMap(\.share).reduce(0, +) }

    /// The releases locked out that state no share: their installs are unknown.
    public var withoutShare: [String] { releases.filter { $0.share == nil }.map(\.name) }
}

extension DomainForecast {
    /// The installs `scenario` locks out; the first `shipped` releases are the shipped ones (the rest are
    /// candidates with no installs yet).
    public func installsLockedOut(_ scenario: Scenario, shipped: Int) -> InstallLockout {
        guard let column = scenarios.firstIndex(of: scenario) else { return InstallLockout(shippedLockedOut: []) }
        let rows = releases.indices.prefix(max(0, shipped))
        return InstallLockout(
            shippedLockedOut: rows.filter { !self.rows[rowOfRelease[$0]][column].connects }.map { releases[$0] })
    }
}
