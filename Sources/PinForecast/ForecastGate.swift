import Foundation

/// The deploy gate of `pinbench forecast`: the scenarios a team is about to bring about (`planned`, and those named
/// with `--gate`) may lock out at most `maximum` percent of installs.
public struct ForecastGate: Encodable, Sendable {
    /// One scenario of one domain over the limit, or one that could not be judged.
    public struct Failure: Encodable, Sendable {
        public let host: String
        public let scenario: Scenario
        /// Percent of installs locked out, counting the releases that state a share.
        public let percent: Double
        /// Shipped releases locked out that state no share: their installs are unknown, so never within the limit.
        public let withoutShare: [String]
        /// Why the scenario could not be judged for the domain (no served chain), when it could not.
        public let unjudged: String?
    }

    public let scenarios: [Scenario]
    public let maximum: Double
    public private(set) var failures: [Failure] = []

    public var passed: Bool { failures.isEmpty }

    public init(scenarios: [Scenario], maximum: Double) {
        self.scenarios = scenarios
        self.maximum = maximum
    }

    /// Judges `forecast`; `shipped` is how many of its releases come first as shipped (the rest is the candidate,
    /// which has no installs yet). `planned` is gated only where a planned chain was given.
    public mutating func judge(_ forecast: DomainForecast, shipped: Int) {
        for scenario in scenarios {
            guard forecast.scenarios.contains(scenario) else {
                if scenario != .planned {
                    failures.append(
                        Failure(
                            host: forecast.host, scenario: scenario, percent: 0, withoutShare: [],
                            unjudged: forecast.todayRefusalText
                                ?? "no chain served today to judge it from (give --served HOST=FILE or --live)"))
                }
                continue
            }
            let lockout = forecast.installsLockedOut(scenario, shipped: shipped)
            if lockout.percent > maximum || !lockout.withoutShare.isEmpty {
                failures.append(
                    Failure(
                        host: forecast.host, scenario: scenario, percent: lockout.percent,
                        withoutShare: lockout.withoutShare, unjudged: nil))
            }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case scenarios, maxLockout, failures, passed
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(scenarios, forKey: .scenarios)
        try container.encode(maximum, forKey: .maxLockout)
        try container.encode(failures, forKey: .failures)
        try container.encode(passed, forKey: .passed)
    }

    /// Each failure in words, for the text output.
    public var lines: [String] {
        let limit = ReleaseShare.percent(maximum)
        return failures.map { failure in
            if let unjudged = failure.unjudged {
                return "GATE \(failure.host) \(failure.scenario.rawValue): not judged: \(unjudged)"
            }
            var text =
                "GATE \(failure.host) \(failure.scenario.rawValue): locks out \(ReleaseShare.percent(failure.percent)) "
                + "of installs (--max-lockout \(limit))"
            if !failure.withoutShare.isEmpty {
                text += "; and \(failure.withoutShare.joined(separator: ", ")), whose share is not stated"
            }
            return text
        }
    }
}
