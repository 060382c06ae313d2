import Foundation
import PinningCore

/// One domain's forecast with what follows from it: the dates ahead and the advice for the next release.
public struct DomainOutlook: Encodable, Sendable {
    public let forecast: DomainForecast
    /// How many releases come first as shipped; the last is the candidate (the working manifest).
    public let shipped: Int
    public let events: [ForecastEvent]
    public let advice: [ForecastAdvice]
    /// Why the synthesised scenarios are missing, when they are.
    public let note: String?
    /// The renewals to come and what each decides (`--calendar`).
    public var calendar: DomainCalendar?

    /// The first date on which some release is locked out whatever the server presents.
    public var firstUnavoidable: ForecastEvent? { events.first { !$0.unavoidable.isEmpty } }

    public init(
        forecast: DomainForecast, shipped: Int, events: [ForecastEvent], advice: [ForecastAdvice], note: String?
    ) {
        self.forecast = forecast
        self.shipped = shipped
        self.events = events
        self.advice = advice
        self.note = note
    }

    private enum CodingKeys: String, CodingKey {
        case events, advice, note, firstUnavoidable, calendar
    }

    public func encode(to encoder: any Encoder) throws {
        try forecast.encode(to: encoder, shipped: shipped)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(events, forKey: .events)
        try container.encode(advice, forKey: .advice)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(firstUnavoidable?.date, forKey: .firstUnavoidable)
        try container.encodeIfPresent(calendar, forKey: .calendar)
    }
}

/// The forecast as `pinbench forecast --json` prints it.
public struct ForecastReport: Encodable, Sendable {
    public let at: Date
    public let until: Date
    public let leadTimeDays: Int
    public let shippedReleases: Int
    public let domains: [DomainOutlook]
    /// Hosts `--live` could not reach.
    public let unreachable: [String]
    public let gate: ForecastGate

    public init(
        at: Date, until: Date, leadTimeDays: Int, shippedReleases: Int, domains: [DomainOutlook],
        unreachable: [String], gate: ForecastGate
    ) {
        self.at = at
        self.until = until
        self.leadTimeDays = leadTimeDays
        self.shippedReleases = shippedReleases
        self.domains = domains
        self.unreachable = unreachable
        self.gate = gate
    }
}
