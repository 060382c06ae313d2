import Foundation
import ManifestLint
import PinningCore

/// The semantic diff in the core (``ManifestDiff``), which the workbench's `m` and `w` and `pinbench diff` run:
/// after one edit (what `m` does), after an edit of every domain (a large `git pull`), and re-applying one edit
/// onto a manifest changed elsewhere (the reload overlay's `a`).
enum DiffBenchmarks {
    static func oneEdit(domains: Int, repeats: Int = 21) -> Samples {
        let old = BenchmarkManifest.make(domains: domains)
        var new = old
        new.domains[domains / 2].pins[1].role = .active
        return measure(repeats) { _ = ManifestDiff(from: old, to: new).lines() }
    }

    static func everyDomain(domains: Int, repeats: Int = 11) -> Samples {
        let old = BenchmarkManifest.make(domains: domains)
        var new = old
        for index in new.domains.indices { new.domains[index].mode = .reportOnly }
        return measure(repeats) { _ = ManifestDiff(from: old, to: new).lines() }
    }

    static func reapply(domains: Int, repeats: Int = 21) -> Samples {
        let base = BenchmarkManifest.make(domains: domains)
        var mine = base
        mine.domains[1].pins[1].note = "mine"
        var disk = base
        disk.domains[2].includeSubdomains = true
        return measure(repeats) { _ = ManifestDiff(from: base, to: mine).apply(to: disk) }
    }

    private static func measure(_ repeats: Int, _ body: () -> Void) -> Samples {
        var samples = Samples()
        for _ in 0..<repeats {
            let start = Clock.now()
            body()
            samples.append(Clock.milliseconds(since: start))
        }
        return samples
    }
}
