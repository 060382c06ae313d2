import Foundation
import PinForecast
import PinningCore

/// One domain's forecast with what follows from it: the dates ahead and the advice for the next release.
struct DomainOutlook: Encodable {
    let forecast: DomainForecast
    /// How many releases come first as shipped; the last is the candidate (the working manifest).
    let shipped: Int
    let events: [ForecastEvent]
    let advice: [ForecastAdvice]
    /// Why the synthesised scenarios are missing, when they are.
    let note: String?

    /// The first date on which some release is locked out whatever the server presents.
    var firstUnavoidable: ForecastEvent? { events.first { !$0.unavoidable.isEmpty } }

    private enum CodingKeys: String, CodingKey {
        case events, advice, note, firstUnavoidable
    }

    func encode(to encoder: any Encoder) throws {
        try forecast.encode(to: encoder, shipped: shipped)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(events, forKey: .events)
        try container.encode(advice, forKey: .advice)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(firstUnavoidable?.date, forKey: .firstUnavoidable)
    }
}

/// The forecast as `pinbench forecast --json` prints it.
struct ForecastReport: Encodable {
    let at: Date
    let until: Date
    let leadTimeDays: Int
    let shippedReleases: Int
    let domains: [DomainOutlook]
    /// Hosts `--live` could not reach.
    let unreachable: [String]
    let gate: ForecastGate
}
