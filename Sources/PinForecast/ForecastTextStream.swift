import CommandText
import Foundation
import PinningCore

/// `pinbench forecast` in words, sized for people: a forecast of a few domains prints each in full (``ForecastText``);
/// a fleet's prints a summary (``ForecastSummary``) and in full only the domains asked for with `--domain`.
public struct ForecastTextStream: ForecastSink {
    /// Up to this many domains, each is printed in full unless `--domain` picks some.
    public static let fullDomainLimit = 10

    private let write: ([String]) -> Void
    /// The normalized hosts to print in full; empty: as ``fullDomainLimit`` says.
    private let shown: Set<String>
    private var head: ForecastHead?
    private var full = false
    private var summary: ForecastSummary?

    /// Hands lines to `write` (the caller escapes them for its output); `domains` are shown in full.
    public init(domains: [String] = [], write: @escaping ([String]) -> Void) {
        self.write = write
        shown = Set(domains.map(DomainPolicy.normalize))
    }

    public mutating func begin(_ head: ForecastHead) {
        self.head = head
        full = shown.isEmpty && head.domains <= Self.fullDomainLimit
        var line = "Forecast at \(ForecastText.day(head.at)) for \(counted(head.shippedReleases, "release"))"
        if !full { line += " and \(counted(head.domains, "domain"))" }
        write([line])
        if !full { summary = ForecastSummary(head) }
    }

    public mutating func domain(_ outlook: DomainOutlook) {
        guard let head else { return }
        summary?.add(outlook)
        if full || shown.contains(DomainPolicy.normalize(outlook.forecast.host)) {
            write(ForecastText.lines(outlook, at: head.at, until: head.until))
        }
    }

    public mutating func end(unreachable: [String], gate: ForecastGate) {
        var lines: [String] = []
        if let summary {
            lines += [""] + summary.lines
            lines += ForecastSummary.firstOf(unreachable, "host").map {
                "? \($0): could not be reached, so their current chains are unknown"
            }
        } else {
            lines += unreachable.map { "? \($0): could not be reached, so its current chain is unknown" }
        }
        if !gate.scenarios.isEmpty {
            let gateLines = gate.lines
            lines.append("")
            if summary == nil || gateLines.count <= ForecastSummary.listed {
                lines += gateLines
            } else {
                lines += gateLines.prefix(ForecastSummary.listed)
                lines.append(
                    "and \(gateLines.count - ForecastSummary.listed) more gate failures (--json lists every one)")
            }
            if gate.passed {
                lines.append(
                    "Gate passed: \(gate.scenarios.map(\.rawValue).joined(separator: ", ")) within --max-lockout.")
            }
        }
        if summary != nil {
            lines += [
                "",
                "Show a domain in full with --domain HOST, judge fewer releases with --release NAME, "
                    + "or print every cell with --json.",
            ]
        }
        write(lines)
    }
}
