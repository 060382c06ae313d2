import CACatalog
import Foundation
import PinningCore

// The calendar as `pinbench forecast --calendar --json` prints it under each domain's `calendar`: the words of the
// text, days as `YYYY-MM-DD`.

extension DomainCalendar: Encodable {
    private enum CodingKeys: String, CodingKey {
        case ca, renewals, events, limits, releases, advice
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(ca, forKey: .ca)
        try container.encode(renewals, forKey: .renewals)
        try container.encode(events, forKey: .events)
        try container.encode(limits.map { CalendarText.limit($0) }, forKey: .limits)
        try container.encode(releases, forKey: .releases)
        try container.encodeIfPresent(advice, forKey: .advice)
    }
}

extension Renewal: Encodable {
    private enum CodingKeys: String, CodingKey {
        case number, due, deadline, lifetimeDays, lifetimeLimit, keyReuse, issuers, events
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(due.description, forKey: .due)
        try container.encode(deadline.description, forKey: .deadline)
        try container.encodeIfPresent(lifetime.days, forKey: .lifetimeDays)
        try container.encodeIfPresent(lifetime.binding.map { CalendarText.limit($0.limit) }, forKey: .lifetimeLimit)
        try container.encodeIfPresent(keyReuse, forKey: .keyReuse)
        try container.encode(issuers, forKey: .issuers)
        try container.encode(events, forKey: .events)
    }
}

extension RenewalIssuer: Encodable {
    private enum CodingKeys: String, CodingKey {
        case issuer, status, spkiSHA256 = "spki-sha256", cells
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch source {
        case .catalog(let label, let status):
            try container.encode(label, forKey: .issuer)
            try container.encode(status.rawValue, forKey: .status)
        case .unknownSuccessor:
            try container.encode("unknown-successor", forKey: .status)
        case .unknownCA:
            try container.encode("unknown-ca", forKey: .status)
        }
        try container.encodeIfPresent(spkiPin, forKey: .spkiSHA256)
        try container.encode(cells, forKey: .cells)
    }
}

extension HierarchyEvent: Encodable {
    private enum CodingKeys: String, CodingKey {
        case day, kind, certificate, status, replacedBy, approximate
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(day.description, forKey: .day)
        try container.encode(kind, forKey: .kind)
        try container.encode(label, forKey: .certificate)
        try container.encode(status.rawValue, forKey: .status)
        try container.encodeIfPresent(replacedBy, forKey: .replacedBy)
        if approximate { try container.encode(true, forKey: .approximate) }
    }
}

extension ReleaseRenewals: Encodable {
    private enum CodingKeys: String, CodingKey {
        case name, row, verdict, firstLockout, chance, lockingBackups, certainAt, survival
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(release, forKey: .name)
        // The index of the release's cell in each issuer's `cells`: one cell per distinct pin set, not per release.
        try container.encode(row, forKey: .row)
        switch verdict {
        case .locksOut(let renewal, let chance, let backups):
            try container.encode("locks-out", forKey: .verdict)
            try container.encode(renewal, forKey: .firstLockout)
            try container.encode(chance, forKey: .chance)
            try container.encode(backups, forKey: .lockingBackups)
        case .survives:
            try container.encode("survives", forKey: .verdict)
        case .unknown:
            try container.encode("unknown", forKey: .verdict)
        }
        try container.encodeIfPresent(certainAt, forKey: .certainAt)
        try container.encode(survival, forKey: .survival)
    }
}

extension CalendarAdvice: Encodable {
    private enum CodingKeys: String, CodingKey {
        case pins, reasoning
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pins, forKey: .pins)
        try container.encode(reasoning, forKey: .reasoning)
    }
}
