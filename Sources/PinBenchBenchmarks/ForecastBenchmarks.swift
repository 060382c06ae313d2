import Foundation
import PinForecast
import PinningCore

/// The lockout forecast at scale: `releases` shipped releases of a `domains`-domain manifest, each domain judged
/// under the synthesised scenarios from today's path, and its dates ahead. The releases ship four distinct pin sets
/// (as releases do: most keep the pins of the one before), so the work should follow the four, not the releases.
enum ForecastBenchmarks {
    struct Figures {
        var forecast = Samples()
        var baseline = Samples()
    }

    static func measure(releases releaseCount: Int, domains: Int, repeats: Int = 5) -> Figures {
        let base = BenchmarkManifest.make(domains: domains)
        let variants = variants(of: base)
        let releases = (0..<releaseCount).map { index in
            Release(
                name: "\(index / 10).\(index % 10)", share: 100 / Double(releaseCount),
                manifest: variants[index % variants.count])
        }
        let hosts = base.domains.map(\.host)
        let now = Date(timeIntervalSince1970: 1_790_000_000)
        let paths = (0..<domains).map { index in today(index, now: now) }
        var figures = Figures()
        for _ in 0..<repeats {
            // The baseline: indexing the same releases and finding each release's policy for each domain, the least
            // any forecast must do.
            var start = Clock.now()
            let lookupBook = ReleaseBook(releases)
            var found = 0
            for host in hosts { found += lookupBook.policies(for: host).count }
            figures.baseline.append(Clock.milliseconds(since: start))
            precondition(found == hosts.count * releaseCount)

            start = Clock.now()
            let book = ReleaseBook(releases)
            var locked = 0
            for (host, today) in zip(hosts, paths) {
                let (policies, rowOfRelease) = book.distinctPolicies(for: host)
                let columns = ForecastJudge.synthesised(Scenario.synthesised, policies: policies, today: today, at: now)
                for (_, cells) in columns { locked += rowOfRelease.filter { !cells[$0].connects }.count }
                let ahead = now.addingTimeInterval(365 * 86_400)
                locked += ForecastEvent.events(host: host, book: book, today: today, from: now, until: ahead).count
            }
            figures.forecast.append(Clock.milliseconds(since: start))
            precondition(locked > 0, "the benchmark's releases must lock someone out, or it measures nothing")
        }
        return figures
    }

    /// Four pin sets: the manifest as it is, without the backup pins, report-only, and with the pins lapsed.
    private static func variants(of base: PinManifest) -> [PinManifest] {
        var noBackup = base
        var reportOnly = base
        var lapsed = base
        let lapsedDay = CalendarDay("2026-01-01")
        for index in base.domains.indices {
            noBackup.domains[index].pins.removeLast()
            reportOnly.domains[index].mode = .reportOnly
            lapsed.domains[index].expires = lapsedDay
        }
        return [base, noBackup, reportOnly, lapsed]
    }

    /// Today's path for domain `index`: its leaf key is the manifest's active pin, its CA key the backup one.
    private static func today(_ index: Int, now: Date) -> PathPins {
        PathPins(levels: [
            .init(
                spki: BenchmarkManifest.pinValue(index, 0), certificate: nil,
                notAfter: now.addingTimeInterval(60 * 86_400)),
            .init(
                spki: BenchmarkManifest.pinValue(index, 1), certificate: nil,
                notAfter: now.addingTimeInterval(900 * 86_400)),
            .init(spki: "root", certificate: nil, notAfter: now.addingTimeInterval(3_000 * 86_400)),
        ])
    }
}
