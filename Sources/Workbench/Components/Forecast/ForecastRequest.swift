import Foundation
import ManifestLint
import PinForecast
import PinningCore

/// What a forecast shown in the Forecast view was computed from: a newer manifest edit, a new read of the releases
/// file, a new fetch of the domain's chain or a new day makes it out of date.
public struct ForecastKey: Hashable, Sendable {
    /// The domain, normalized.
    public let host: String
    /// The edited manifest's generation (``EditedDocument/generation``): the candidate next release.
    public let candidateGeneration: Int
    /// How many times the releases file was read (``ForecastCache/releasesGeneration``).
    public let releasesGeneration: Int
    /// When the chain judged as `current` was fetched.
    public let fetchedAt: Date
    /// The day judged (UTC): the timeline starts on it.
    public let day: CalendarDay
}

/// Work for the runtime: the forecast of one domain, off the session loop (the validator judges the current chain
/// once per distinct policy of the releases). Answered with ``WorkbenchMessage/forecastComputed(_:)``.
public struct ForecastRequest: Sendable {
    public let key: ForecastKey
    /// The shipped releases, indexed once for every domain.
    public let shipped: ReleaseBook
    /// The manifest being edited, unsaved edits included: the candidate next release.
    public let candidate: PinManifest
    /// The candidate's name in the matrix, e.g. `next (pins.json)`.
    public let candidateName: String
    /// The domain's fetched chain, as sent.
    public let current: [ChainCertificate]
    /// The day judged (the clock when asked); the timeline runs from here for ``ForecastOutlook/window``.
    public let at: Date
    /// The CA catalog the renewal calendar reads: the lint environment's (built-in, or with the manifest's
    /// `caCatalog`), resolved off the loop.
    public let catalog: LintCatalog
}
