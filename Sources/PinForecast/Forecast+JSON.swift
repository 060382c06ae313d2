import Foundation
import PinningCore

// The forecast as JSON (`pinbench forecast --json`): the whole matrix, for dashboards. Names are the words a reader
// of the text output sees; dates are ISO 8601 (the caller's encoder).

extension ForecastCell: Encodable {
    /// The cell's kind as one word.
    public var outcome: String {
        switch self {
        case .accepted: return "accepted"
        case .lockedOut: return "locked-out"
        case .lapsed: return "lapsed"
        case .reportOnly: return "report-only"
        case .notPinned: return "not-pinned"
        case .refused: return "refused"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case outcome, connects, role, level, rejection
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(connects, forKey: .connects)
        switch self {
        case .accepted(let role, let level):
            try container.encode(role.rawValue, forKey: .role)
            try container.encode(level, forKey: .level)
        case .refused(let rejection):
            try container.encode(rejection.rawValue, forKey: .rejection)
        case .lockedOut, .lapsed, .reportOnly, .notPinned:
            break
        }
    }
}

extension DomainForecast: Encodable {
    private enum CodingKeys: String, CodingKey {
        case host, scenarios, releases, lockedOut
    }

    private struct Row: Encodable {
        let name: String
        let shipped: String?
        let share: Double?
        let cells: [String: ForecastCell]
        /// For a release taken from a build that pins this host: the build, and its pins found only by a code pattern.
        let build: BuildSource?
    }

    private struct BuildSource: Encodable {
        let artifact: String
        let sha256: String
        let version: String?
        let codePatternOnly: [String]
        /// Pins another mechanism of the app checks for the host too (both must pass): not judged in the cells.
        let alsoChecked: [String]
    }

    private struct Share: Encodable {
        let percent: Double
        /// Releases locked out that state no share.
        let withoutShare: Int
        let releases: [String]
    }

    /// Every release is counted as shipped: a caller that adds a candidate next release says how many come first
    /// as shipped with ``encode(to:shipped:)``.
    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, shipped: releases.count)
    }

    /// The matrix with every release's cells (the candidate's too), and per scenario the installs locked out among
    /// the first `shipped` releases (``installsLockedOut(_:shipped:)``).
    public func encode(to encoder: any Encoder, shipped: Int) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(host, forKey: .host)
        try container.encode(scenarios, forKey: .scenarios)
        let rows = releases.indices.map { row in
            Row(
                name: releases[row].name, shipped: releases[row].shipped?.description, share: releases[row].share,
                cells: Dictionary(
                    uniqueKeysWithValues: scenarios.indices.map { (scenarios[$0].rawValue, cells(ofRelease: row)[$0]) }),
                build: releases[row].build.flatMap { build in
                    build.domain(governing: host).map { domain in
                        BuildSource(
                            artifact: build.artifact, sha256: build.sha256, version: build.version,
                            codePatternOnly: domain.pins.filter(\.codePatternOnly).map(\.text),
                            alsoChecked: domain.alsoChecked.map(\.text))
                    }
                }
            )
        }
        try container.encode(rows, forKey: .releases)
        let shares = Dictionary(
            uniqueKeysWithValues: scenarios.map { scenario in
                let lockout = installsLockedOut(scenario, shipped: shipped)
                return (
                    scenario.rawValue,
                    Share(
                        percent: lockout.percent, withoutShare: lockout.withoutShare.count,
                        releases: lockout.releases.map(\.name))
                )
            })
        try container.encode(shares, forKey: .lockedOut)
    }
}

extension ForecastEvent: Encodable {
    private enum CodingKeys: String, CodingKey {
        case date, trigger, level, release, lockouts, unavoidable
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        switch trigger {
        case .leafExpires:
            try container.encode("leaf-expires", forKey: .trigger)
        case .issuerExpires(let level):
            try container.encode("issuer-expires", forKey: .trigger)
            try container.encode(level, forKey: .level)
        case .rootExpires:
            try container.encode("root-expires", forKey: .trigger)
        case .releaseLapses(let release):
            try container.encode("release-lapses", forKey: .trigger)
            try container.encode(release, forKey: .release)
        }
        let lockouts = Dictionary(
            uniqueKeysWithValues: self.lockouts.map { ($0.scenario.rawValue, $0.releases.map(\.name)) })
        try container.encode(lockouts, forKey: .lockouts)
        try container.encode(unavoidable.map(\.name), forKey: .unavoidable)
    }
}

extension ForecastAdvice: Encodable {
    private enum CodingKeys: String, CodingKey {
        case scenario, safe, candidates, backupKeyHelps, shipBy
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenario, forKey: .scenario)
        try container.encode(safe, forKey: .safe)
        try container.encode(candidates, forKey: .candidates)
        try container.encode(backupKeyHelps, forKey: .backupKeyHelps)
        try container.encodeIfPresent(shipBy, forKey: .shipBy)
    }
}
