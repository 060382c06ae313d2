import CACatalog
import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport

/// ``GenYLab`` with its catalog read, and the calendar of its releases.
struct CalendarLab {
    static let host = GenYLab.host
    static let poolEnds = GenYLab.poolEnds

    let lab: GenYLab
    let catalog: CACatalog

    init(issued: CalendarDay = GenYLab.day("2026-11-01"), days: Int = 90) throws {
        lab = try GenYLab(issued: issued, days: days)
        catalog = try CACatalog.read(from: CatalogFiles(lab.files))
    }

    static func day(_ text: String) -> CalendarDay { GenYLab.day(text) }
    static func leaf(
        key: LabKey, issuer: IssuedCertificate, issued: CalendarDay, days: Int
    ) throws
        -> IssuedCertificate
    {
        try GenYLab.leaf(key: key, issuer: issuer, issued: issued, days: days)
    }

    var root: IssuedCertificate { lab.root }
    var pool: [IssuedCertificate] { lab.pool }
    var leaf: IssuedCertificate { lab.leaf }
    var anchors: TrustAnchors { lab.anchors }
    var served: [ChainCertificate] { lab.served }
    var releases: [(name: String, pins: [Pin])] { lab.releases }
    func policy(_ pins: [Pin]) -> DomainPolicy { lab.policy(pins) }

    /// The calendar of ``releases`` from `at` until `until`, with `issuance` declared.
    func calendar(
        at: Date, until: Date, issuance: DomainIssuance? = nil, releases: [(name: String, pins: [Pin])]? = nil
    ) async -> DomainCalendar {
        let releases = releases ?? self.releases
        let trust = await ForecastJudge.trust(served, host: Self.host, trustAnchors: anchors, at: at)
        let plan = IssuancePlan(host: Self.host, issuance: issuance, served: served, catalog: catalog, on: at)
        return RenewalCalendar.calendar(
            host: Self.host, plan: plan, leaf: served.first, today: trust.path, releases: releases.map(\.name),
            policies: releases.map { policy($0.pins) }, rowOfRelease: Array(releases.indices), from: at, until: until)
    }
}
