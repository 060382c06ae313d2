import Foundation
import PinningCore

/// The cells one release's policies were judged to on the hosts' column sets, recalled for the hosts that follow:
/// a release mostly ships the same pins for many hosts, and hosts mostly serve one chain, so the pin rule runs once
/// per column set and distinct pins, mode and expiry rather than once per host.
///
/// A cell reads only those parts of a policy (``ForecastCell/judging(_:path:at:)``): the host, port and subdomains
/// only chose the policy. Policies the reader built from repeated pins share their storage, so comparing them
/// costs nothing. Bounded: the last few distinct ones are recalled.
struct CellsMemo {
    private struct Entry {
        let columnSet: Int
        let pins: [Pin]?
        let mode: EnforcementMode?
        let expires: CalendarDay?
        let cells: [ForecastCell]
    }

    private var entries: [Entry] = []
    private var next = 0
    static let capacity = 8

    /// The cells of `policy` (nil: the release pins nothing for the host) on `columns`, whose index among the
    /// forecast's column sets is `columnSet`.
    mutating func cells(
        _ policy: DomainPolicy?, columnSet: Int, columns: [RealChainTrust], at time: Date
    ) -> [ForecastCell] {
        for entry in entries
        where entry.columnSet == columnSet && entry.mode == policy?.mode && entry.expires == policy?.expires
            && entry.pins == policy?.pins
        {
            return entry.cells
        }
        let cells = columns.map { $0.cell(policy, at: time) }
        let entry = Entry(
            columnSet: columnSet, pins: policy?.pins, mode: policy?.mode, expires: policy?.expires, cells: cells)
        if entries.count < Self.capacity {
            entries.append(entry)
        } else {
            entries[next] = entry
            next = (next + 1) % Self.capacity
        }
        return cells
    }
}
