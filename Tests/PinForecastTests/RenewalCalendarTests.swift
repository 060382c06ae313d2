import CACatalog
import Foundation
import LabPKI
import PinForecast
import PinningCore
import TestSupport
import Testing

/// The renewal calendar: each renewal's window and lifetime from the issuance plan, every issuer of the catalog's
/// pool judged, the chance per renewal when the CA picks among the active ones, the unknown successor past the
/// catalog, and what the calendar cannot know. Every issuer's cell is held to `pinbench validate`'s verdict on the
/// chain the lab issues for that renewal.
@Suite("Renewal calendar")
struct RenewalCalendarTests {
    let at = CalendarLab.day("2026-11-28").startDate!
    let until = CalendarLab.day("2029-01-01").startDate!

    @Test("renewals dated from the margin and the schedule; past the pool's last day an unknown successor")
    func schedule() async throws {
        let lab = try CalendarLab()
        let calendar = await lab.calendar(at: at, until: until)
        let dues = calendar.renewals.map(\.due.description)
        // 2026-11-01 + 60 (two thirds of 90); then 90 days until 2027-02-09, 64 from 2027-02-10 (+43 each).
        #expect(dues.prefix(3) == ["2026-12-31", "2027-03-01", "2027-04-13"])
        #expect(calendar.renewals.first?.deadline.description == "2027-01-29")
        #expect(calendar.renewals.first?.lifetime.days == 90)
        #expect(calendar.renewals.dropFirst().first?.lifetime.days == 64)
        #expect(calendar.renewals.dropFirst().first?.deadline.description == "2027-03-30")
        #expect(calendar.renewals.allSatisfy { $0.keyReuse == false })
        let inPool = calendar.renewals.filter { $0.due <= CalendarLab.poolEnds }
        for renewal in inPool {
            #expect(renewal.issuers.map(\.label) == ["YE1", "YE2", "YE3 (backup)"], "\(renewal.due)")
        }
        let past = calendar.renewals.filter { $0.due > CalendarLab.poolEnds }
        #expect(!past.isEmpty)
        for renewal in past { #expect(renewal.issuers.map(\.source) == [.unknownSuccessor], "\(renewal.due)") }
        #expect(calendar.limits.contains(.pastCatalog(past[0].due)))
        #expect(
            calendar.events.contains {
                $0.kind == .intermediateEnds && $0.label == "YE3" && $0.day == CalendarLab.poolEnds
            })
        #expect(calendar.renewals.last.map { $0.due <= CalendarDay(containing: until) } == true)
    }

    @Test("per release: 1/2 on YE1 alone, a backup for certain, the root key survives, the leaf key at once")
    func releases() async throws {
        let lab = try CalendarLab()
        let calendar = await lab.calendar(at: at, until: until)
        let verdicts = Dictionary(uniqueKeysWithValues: calendar.releases.map { ($0.release, $0) })
        let firstPast = try #require(calendar.renewals.first { $0.due > CalendarLab.poolEnds }).number
        #expect(
            verdicts["ye1"]?.verdict
                == .locksOut(renewal: 1, chance: RenewalChance(locked: 1, of: 2), backups: ["YE3 (backup)"]))
        #expect(verdicts["ye1"]?.certainAt == firstPast)
        #expect(
            verdicts["ye1+ye2"]?.verdict
                == .locksOut(renewal: 1, chance: RenewalChance(locked: 0, of: 2), backups: ["YE3 (backup)"]))
        #expect(
            verdicts["ye1+ye2+ye3"]?.verdict
                == .locksOut(renewal: firstPast, chance: RenewalChance(locked: 1, of: 1), backups: []))
        #expect(verdicts["root-key"]?.verdict == .survives)
        #expect(verdicts["root-key"]?.survival == 1)
        #expect(
            verdicts["leaf-key"]?.verdict
                == .locksOut(renewal: 1, chance: RenewalChance(locked: 2, of: 2), backups: ["YE3 (backup)"]))
        #expect(verdicts["leaf-key"]?.certainAt == 1)
        // Chance that YE1 alone connects through every renewal in the pool: a half each time.
        let inPool = calendar.renewals.filter { $0.due <= CalendarLab.poolEnds }.count
        let survival = try #require(verdicts["ye1"]?.survival)
        #expect(survival == 0, "the unknown successor locks it out for certain: \(survival), \(inPool) renewals")
    }

    @Test("key reuse keeps the leaf key: a leaf-key pin survives every renewal, past the catalog too")
    func keyReuse() async throws {
        let lab = try CalendarLab()
        let calendar = await lab.calendar(at: at, until: until, issuance: DomainIssuance(keyReuse: true))
        #expect(calendar.renewals.allSatisfy { $0.keyReuse == true })
        let leafKey = try #require(calendar.releases.first { $0.release == "leaf-key" })
        #expect(leafKey.verdict == .survives)
    }

    @Test("every issuer's cell equals the validator's verdict on the chain the lab issues for that renewal")
    func agreesWithValidator() async throws {
        for keyReuse in [false, true] {
            let lab = try CalendarLab()
            let calendar = await lab.calendar(at: at, until: until, issuance: DomainIssuance(keyReuse: keyReuse))
            // A successor nobody has seen, under the same root, for the renewals past the catalog.
            let successor = try CertificateIssuer.intermediate(
                commonName: "Lab YE4", issuer: lab.root, notBefore: CalendarLab.day("2028-06-01").startDate!,
                notAfter: CalendarLab.day("2031-01-01").startDate!)
            var checked = 0
            for renewal in calendar.renewals {
                let days = try #require(renewal.lifetime.days)
                for issuer in renewal.issuers {
                    let intermediate: IssuedCertificate
                    switch issuer.source {
                    case .catalog(let label, _):
                        intermediate = lab.pool[try #require(["YE1", "YE2", "YE3"].firstIndex(of: label))]
                    case .unknownSuccessor, .unknownCA:
                        intermediate = successor
                    }
                    let key = keyReuse ? lab.leaf.key : try LabKey(.p256)
                    let leaf = try CalendarLab.leaf(key: key, issuer: intermediate, issued: renewal.due, days: days)
                    let chain = [leaf.chainCertificate, intermediate.chainCertificate]
                    let time = renewal.due.startDate!.addingTimeInterval(3_600)
                    for (row, release) in lab.releases.enumerated() {
                        let manifest = PinManifest(domains: [lab.policy(release.pins)])
                        let verdict = await PinValidator(manifest: manifest, trustAnchors: lab.anchors).validate(
                            host: CalendarLab.host, chain: chain, at: time)
                        #expect(
                            ForecastCell(verdict) == issuer.cells[row],
                            "renewal #\(renewal.number) from \(issuer.label), \(release.name), reuse \(keyReuse)")
                        checked += 1
                    }
                }
            }
            #expect(checked > 40)
        }
    }

    @Test("lifetimes at the schedule's boundaries: 2027-02-10 (classic 90 to 64) and 2027-03-15 (SC-081 200 to 100)")
    func boundaries() async throws {
        for (due, days) in [("2027-02-09", 90), ("2027-02-10", 64), ("2027-02-11", 64)] {
            // A 90-day leaf is due for renewal after 60 days.
            let issued = CalendarLab.day(due).adding(days: -60)!
            let lab = try CalendarLab(issued: issued, days: 90)
            let calendar = await lab.calendar(at: issued.startDate!.addingTimeInterval(86_400), until: until)
            let first = try #require(calendar.renewals.first)
            #expect(first.due.description == due)
            #expect(first.lifetime.days == days, "\(due)")
            #expect(first.lifetime.binding?.limit == .profile("classic"))
        }
        for (due, days) in [("2027-03-14", 200), ("2027-03-15", 100), ("2027-03-16", 100)] {
            // A 200-day leaf (the yearly profile under SC-081 in 2026) is due after 133 days.
            let issued = CalendarLab.day(due).adding(days: -133)!
            let lab = try CalendarLab(issued: issued, days: 200)
            let calendar = await lab.calendar(
                at: issued.startDate!.addingTimeInterval(86_400), until: until,
                issuance: DomainIssuance(profile: "yearly"))
            let first = try #require(calendar.renewals.first)
            #expect(first.due.description == due)
            #expect(first.lifetime.days == days, "\(due)")
        }
    }

    @Test("advice: the smallest pin set that holds every renewal, the root key against YE1, YE2 and YE3")
    func advice() async throws {
        let lab = try CalendarLab()
        let rootPin = lab.lab.spki(lab.root).value
        // Within the pool's life: the three issuers' keys, or the root key alone.
        let within = await lab.calendar(at: at, until: CalendarLab.day("2028-06-01").startDate!)
        let advice = try #require(within.advice)
        #expect(advice.pins == [.init(level: 2, spki: rootPin, label: "Lab Root YE")])
        #expect(advice.reasoning.first == "the issuers' keys YE1, YE2, YE3: 3 pin(s)", "\(advice.reasoning)")
        #expect(advice.reasoning.last == "Lab Root YE is on every renewal's path: 1 pin")
        // Past it: the issuers' keys cannot hold the unknown successor; the root key still does.
        let past = await lab.calendar(at: at, until: until)
        #expect(past.advice?.pins.map(\.spki) == [rootPin])
        #expect(past.advice?.reasoning.first?.contains("cannot hold a renewal") == true)
        // The advice is what the calendar judges: a release pinning it survives.
        #expect(past.releases.first { $0.release == "root-key" }?.verdict == .survives)
        // With the key reused, the leaf key is on every path too, but a CA key is preferred.
        let reuse = await lab.calendar(at: at, until: until, issuance: DomainIssuance(keyReuse: true))
        #expect(reuse.advice?.pins.map(\.spki) == [rootPin])
        // A CA outside the catalog: no advice (the calendar cannot know every issuer).
        let other = try CalendarLab()
        let trust = await ForecastJudge.trust(lab.served, host: CalendarLab.host, trustAnchors: lab.anchors, at: at)
        let plan = IssuancePlan(
            host: CalendarLab.host, issuance: nil, served: lab.served, catalog: other.catalog, on: at)
        let unknown = RenewalCalendar.calendar(
            host: CalendarLab.host, plan: plan, leaf: lab.served.first, today: trust.path, releases: ["root-key"],
            policies: [lab.policy([lab.lab.spki(lab.root)])], rowOfRelease: [0], from: at, until: until)
        #expect(unknown.advice == nil)
    }

    @Test("a CA outside the catalog, a private CA, no chain today: said, and no release survives")
    func unknowns() async throws {
        let lab = try CalendarLab()
        let other = try CalendarLab()
        // Judged with the other lab's catalog: this chain's issuer is outside it.
        let trust = await ForecastJudge.trust(lab.served, host: CalendarLab.host, trustAnchors: lab.anchors, at: at)
        let names = lab.releases.map(\.name)
        let policies = lab.releases.map { lab.policy($0.pins) }
        for issuance in [nil, DomainIssuance(ca: DomainIssuance.privateCA, lifetimeDays: 30)] {
            let plan = IssuancePlan(
                host: CalendarLab.host, issuance: issuance, served: lab.served, catalog: other.catalog, on: at)
            let calendar = RenewalCalendar.calendar(
                host: CalendarLab.host, plan: plan, leaf: lab.served.first, today: trust.path, releases: names,
                policies: policies,
                rowOfRelease: Array(names.indices), from: at, until: until)
            #expect(calendar.limits.contains(issuance == nil ? .caOutsideCatalog : .privateCA))
            #expect(!calendar.renewals.isEmpty)
            #expect(calendar.renewals.allSatisfy { $0.issuers.map(\.source) == [.unknownCA] })
            let root = try #require(calendar.releases.first { $0.release == "root-key" })
            #expect(root.verdict == .unknown, "unknown is not survives")
            let ye1 = try #require(calendar.releases.first { $0.release == "ye1" })
            #expect(ye1.verdict == .locksOut(renewal: 1, chance: RenewalChance(locked: 1, of: 1), backups: []))
        }
        let plan = IssuancePlan(host: CalendarLab.host, issuance: nil, served: nil, catalog: lab.catalog, on: at)
        let none = RenewalCalendar.calendar(
            host: CalendarLab.host, plan: plan, leaf: nil, today: nil, releases: names, policies: policies,
            rowOfRelease: Array(names.indices), from: at, until: until)
        #expect(none.limits.first == .noPathToday && none.renewals.isEmpty)
        #expect(none.releases.allSatisfy { $0.verdict == .unknown })
    }

    @Test("releases whose forecast cells agree but whose pins differ are each judged by their own pins")
    func ownPinsPerRelease() async throws {
        let lab = try CalendarLab()
        let host = CalendarLab.host
        let (ye1, ye2) = (lab.lab.spki(lab.pool[0]), lab.lab.spki(lab.pool[1]))
        let served = [host: lab.lab.served]
        let both = Release(name: "4.1", manifest: PinManifest(domains: [DomainPolicy(host: host, pins: [ye1, ye2])]))
        let one = Release(name: "4.2", manifest: PinManifest(domains: [DomainPolicy(host: host, pins: [ye1])]))
        let candidate = PinManifest(domains: [DomainPolicy(host: host, pins: [ye1, ye2])])
        var settings = try ForecastSettings(
            at: at, until: "2029-01-01", leadTime: 90, gate: nil, planned: false, maxLockout: 0)
        settings.calendarCatalog = lab.catalog
        var fleet = await FleetForecast(
            hosts: [host], served: served, judge: ForecastJudge(trustAnchors: lab.anchors), at: at)
        fleet.add(both)
        fleet.add(one)
        fleet.add(Release(name: "next", manifest: candidate))
        // The case that matters: today's scenarios cannot tell 4.1 from 4.2, so the forecast keeps them in one row.
        let (forecast, _) = fleet.forecast(ofHost: 0)
        #expect(forecast.cells(ofRelease: 0) == forecast.cells(ofRelease: 1), "the cells differ: no shared row")
        var collector = ForecastCollector()
        try settings.stream(fleet, candidate: candidate, unreachable: [], served: served, into: &collector)
        let calendar = try #require(collector.report?.domains.first?.calendar)
        let verdicts = Dictionary(uniqueKeysWithValues: calendar.releases.map { ($0.release, $0.verdict) })
        // YE1 alone: a renewal from YE2 locks it out, one chance in two while both are active.
        #expect(
            verdicts["4.2"]
                == .locksOut(renewal: 1, chance: RenewalChance(locked: 1, of: 2), backups: ["YE3 (backup)"]),
            "\(String(describing: verdicts["4.2"]))")
        #expect(verdicts["4.1"] != verdicts["4.2"], "4.1 holds YE2 too")
        #expect(verdicts["4.1"] == verdicts["next"])
    }

    @Test("the forecast's stream shares a plan among hosts with one setting and chain: the same calendars as alone")
    func streamMatchesPlain() async throws {
        let lab = try CalendarLab()
        let (a, b, c, d) = ("a.calendar.test", "b.calendar.test", "c.calendar.test", "d.calendar.test")
        let e = "e.calendar.test"
        let shared = try GenYLab.leaf(
            key: LabKey(.p256), issuer: lab.pool[0], issued: CalendarLab.day("2026-11-01"), days: 90, hosts: [a, b, d])
        let own = try GenYLab.leaf(
            key: LabKey(.p256), issuer: lab.pool[1], issued: CalendarLab.day("2026-10-20"), days: 90, hosts: [c])
        // e's leaf is its own, from YE1 with a's validity: it shares a's plan (the issuer the validator proved).
        let eLeaf = try GenYLab.leaf(
            key: LabKey(.p256), issuer: lab.pool[0], issued: CalendarLab.day("2026-11-01"), days: 90, hosts: [e])
        let served = [
            a: [shared.chainCertificate, lab.pool[0].chainCertificate],
            b: [shared.chainCertificate, lab.pool[0].chainCertificate],
            c: [own.chainCertificate, lab.pool[1].chainCertificate],
            // d shares a's chain, setting and pins: its calendar is a's, under its own name.
            d: [shared.chainCertificate, lab.pool[0].chainCertificate],
            e: [eLeaf.chainCertificate, lab.pool[0].chainCertificate],
        ]
        // b declares key reuse: the same chain as a, another plan.
        let ye1 = lab.lab.spki(lab.pool[0])
        let leafKey = Pin(type: .spkiSHA256, value: Fingerprint.spkiPin(shared.certificate))
        let candidate = PinManifest(domains: [
            DomainPolicy(host: a, pins: [ye1, leafKey]),
            DomainPolicy(host: b, pins: [ye1, leafKey], issuance: DomainIssuance(keyReuse: true)),
            DomainPolicy(host: c, pins: [lab.lab.spki(lab.root)]),
            DomainPolicy(host: d, pins: [ye1, leafKey]),
            DomainPolicy(host: e, pins: [ye1, lab.lab.spki(lab.root)]),
        ])
        let shipped = Release(
            name: "1.0", manifest: PinManifest(domains: [a, b, c, d, e].map { DomainPolicy(host: $0, pins: [ye1]) }))
        var settings = try ForecastSettings(
            at: at, until: "2029-01-01", leadTime: 90, gate: nil, planned: false, maxLockout: 0)
        settings.calendarCatalog = lab.catalog
        var fleet = await FleetForecast(
            hosts: [a, b, c, d, e], served: served, judge: ForecastJudge(trustAnchors: lab.anchors), at: at)
        fleet.add(shipped)
        fleet.add(Release(name: "next", manifest: candidate))
        var collector = ForecastCollector()
        try settings.stream(fleet, candidate: candidate, unreachable: [], served: served, into: &collector)
        let report = try #require(collector.report)
        #expect(report.domains.count == 5)
        for (index, outlook) in report.domains.enumerated() {
            let host = outlook.forecast.host
            let streamed = try #require(outlook.calendar)
            let (forecast, _) = fleet.forecast(ofHost: index)
            // The plain path: a plan of its own for each host, and each release's own policy from its manifest.
            var fresh = CalendarPlans()
            let own = [shipped.manifest, candidate].map { PolicyLookup($0).policy(for: host) }
            let alone = settings.calendar(
                forecast, pinSets: (own, [0, 1]), issuance: candidate.domains[index].issuance, served: served[host],
                catalog: lab.catalog, plans: &fresh)
            #expect(streamed == alone, "\(host)")
            #expect(streamed.host == host && !streamed.renewals.isEmpty)
        }
        let next = report.domains.map { $0.calendar?.releases.last?.verdict }
        #expect(next[0] == .locksOut(renewal: 1, chance: RenewalChance(locked: 1, of: 2), backups: ["YE3 (backup)"]))
        #expect(next[1] == .survives, "the leaf key is kept: every issuer holds it")
        #expect(next[2] == .survives)
        #expect(next[3] == next[0])
        #expect(next[4] == .survives)
        #expect(report.domains[3].calendar?.renewals == report.domains[0].calendar?.renewals)
    }
}
