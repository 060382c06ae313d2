import Foundation
import PinForecast
import PinningCore

/// What each release decides for a logged certificate on one pinned host: the forecast's cell for the path the
/// certificate would be served on (the leaf, then the issuers the log names), trust assumed (a logged certificate
/// stands for a publicly trusted one), under the validator's pin rule.
public struct WatchVerdict: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public let release: String
        public let share: Double?
        /// False for the working manifest: the candidate next release, not yet installed.
        public let shipped: Bool
        public let cell: ForecastCell
        /// For a release taken from a build: how many pins of its policy for the host were found only by a code
        /// pattern (the app may never run them). A count, not the pins: a finding is kept in the state file, and
        /// `pinbench forecast` names them.
        public let codePatternPins: Int

        public init(release: String, share: Double?, shipped: Bool, cell: ForecastCell, codePatternPins: Int = 0) {
            self.release = release
            self.share = share
            self.shipped = shipped
            self.cell = cell
            self.codePatternPins = codePatternPins
        }

        /// The row's mark for its code-pattern pins (``ReleaseBuild/codePatternMark(_:unnamed:)``), or nil.
        public var codePatternMark: String? { ReleaseBuild.codePatternMark([], unnamed: codePatternPins) }
    }

    public let host: String
    public let rows: [Row]

    /// A verdict as the state file keeps it.
    init(host: String, rows: [Row]) {
        self.host = host
        self.rows = rows
    }

    /// Judges `path` for `host` under each release and the working manifest (`next`, when given).
    public init(host: String, path: PathPins, releases: [Release], next: PinManifest?, at time: Date) {
        self.host = host
        var rows = releases.map { release in
            Row(
                release: release.name, share: release.share, shipped: true,
                cell: .judging(PolicyLookup(release.manifest).policy(for: host), path: path, at: time),
                codePatternPins: release.build?.codePatternOnly(for: host).count ?? 0)
        }
        if let next {
            rows.append(
                Row(
                    release: "next", share: nil, shipped: false,
                    cell: .judging(PolicyLookup(next).policy(for: host), path: path, at: time)))
        }
        self.rows = rows
    }

    /// The releases whose users could not connect on this certificate: shipped ones, or the working manifest when
    /// there is no releases list.
    public var lockingOut: [Row] {
        let installed = rows.contains(where: \.shipped) ? rows.filter(\.shipped) : rows
        return installed.filter { $0.cell == .lockedOut }
    }
}
