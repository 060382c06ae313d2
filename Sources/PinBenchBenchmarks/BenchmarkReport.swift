import Foundation
import TestSupport
import Workbench

/// Runs every benchmark and prints the figures side by side with their baselines and targets.
enum BenchmarkReport {
    static let large = 10_000
    static let small = 10
    static let presses = 2_000
    static let launches = 7

    /// The groups of figures; `--only NAME` runs one of them.
    static let sections = ["keys", "diff", "forecast", "ct", "launch"]

    static func run(only section: String? = nil) throws {
        guard FileManager.default.isExecutableFile(atPath: PinBenchBinary.url.path) else {
            throw BenchmarkFailure(
                "no pinbench beside this benchmark (\(PinBenchBinary.url.path)); build it first with "
                    + "`swift build -c release --product pinbench`")
        }
        let folder = TemporaryFolder()
        print(Machine.summary(pinbench: PinBenchBinary.url.path))
        print("")
        row("", "measured", "baseline", "target")
        if section == nil || section == "keys" { try keyFigures(in: folder) }
        if section == nil || section == "diff" { try diffFigures(in: folder) }
        if section == nil || section == "forecast" { try forecastFigures() }
        if section == nil || section == "ct" { try ctFigures() }
        if section == nil || section == "launch" { try launchFigures(in: folder) }
    }

    private static func keyFigures(in folder: TemporaryFolder) throws {
        let memoryLarge = InMemoryKeyToFrame.measure(domains: large, presses: presses)
        let memorySmall = InMemoryKeyToFrame.measure(domains: small, presses: presses)
        row(
            "key -> frame, update + view", "\(large) domains", "\(small) domains", "")
        row("  median / p95 (\(presses) keys)", timing(memoryLarge), timing(memorySmall), "<= 2 ms median")

        for key: Character in ["m", "w"] {
            let heavyLarge = try HeavyKeys.measure(key, domains: large, in: folder.url)
            let heavySmall = try HeavyKeys.measure(key, domains: small, in: folder.url)
            row("  `\(key)` after one edit, median / max", timing(heavyLarge, "max"), timing(heavySmall, "max"), "")
        }

        let cursesLarge = try NcursesKeyToFrame.measure(domains: large, presses: presses, in: folder.url)
        let cursesSmall = try NcursesKeyToFrame.measure(domains: small, presses: presses, in: folder.url)
        row("key -> frame, + ncurses into tmux", "\(large) domains", "\(small) domains", "")
        row("  median / p95 (\(presses) keys)", timing(cursesLarge), timing(cursesSmall), "<= 2 ms median")
    }

    /// The semantic diff alone, then `m` and `w` (update and view) which run it; the target is 50 ms at 10,000.
    private static func diffFigures(in folder: TemporaryFolder) throws {
        row("semantic diff (core)", "\(large) domains", "\(small) domains", "")
        row(
            "  one edit, median / max", timing(DiffBenchmarks.oneEdit(domains: large), "max"),
            timing(DiffBenchmarks.oneEdit(domains: small), "max"), "<= 50 ms")
        row(
            "  every domain changed", timing(DiffBenchmarks.everyDomain(domains: large), "max"),
            timing(DiffBenchmarks.everyDomain(domains: small), "max"), "")
        row(
            "  re-apply one edit onto another", timing(DiffBenchmarks.reapply(domains: large), "max"),
            timing(DiffBenchmarks.reapply(domains: small), "max"), "")
        for key: Character in ["m", "w"] {
            let heavyLarge = try HeavyKeys.measure(key, domains: large, in: folder.url)
            let heavySmall = try HeavyKeys.measure(key, domains: small, in: folder.url)
            row(
                "  `\(key)` after one edit, median / max", timing(heavyLarge, "max"), timing(heavySmall, "max"),
                "<= 50 ms")
        }
    }

    /// The CT watch: 100,000 log entries decoded, matched against the pinned hosts and judged, beside a Python peer
    /// with `cryptography` decoding and matching the same bytes (target: at most 0.3 of its time); and a million
    /// leaf hashes into a frontier.
    private static func ctFigures() throws {
        let entries = 100_000
        let python = [".build/test-python/bin/python3", "/usr/bin/python3"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        let figures = try CTWatchBenchmarks.measure(entries: entries, python: python)
        row("CT watch (CTWatch)", "PinBench", "Python peer", "")
        row(
            "  \(entries) entries, median", String(format: "%.0f ms", figures.pinbench.median),
            String(format: "%.0f ms", figures.peer.median), "<= 0.3 x peer")
        var ratios = Samples()
        for (ours, peer) in zip(figures.pinbench.values, figures.peer.values) { ratios.append(ours / peer) }
        row(
            "  ratio, each turn's pair: median / max", String(format: "%.2f / %.2f x", ratios.median, ratios.p95), "",
            "<= 0.3 x")
        row("  entries naming a pinned host", "\(figures.matched)", "\(figures.peerMatched)", "equal")
        row("  1,000,000 leaf hashes into a frontier", String(format: "%.0f ms", figures.frontier.median), "", "")
        for (count, megabytes) in figures.growth {
            row("  peak memory added reading \(count) entries", String(format: "%.1f MB", megabytes), "", "flat")
        }
    }

    /// The lockout forecast of 200 releases against 10,000 domains (the synthesised scenarios and the dates ahead),
    /// beside finding each release's policy for each domain; the target is one second.
    private static func forecastFigures() throws {
        let releases = 200
        let figures = ForecastBenchmarks.measure(releases: releases, domains: large)
        row("lockout forecast (PinForecast)", "\(releases) x \(large) domains", "policies only", "")
        row(
            "  5 scenarios + dates ahead, median / max", timing(figures.forecast, "max"),
            timing(figures.baseline, "max"), "<= 1000 ms")

        let moves = 200
        let size = Size(width: 100, height: 30)
        let view = try ForecastViewBenchmarks.measure(releases: releases, domains: large, moves: moves, size: size)
        row("Forecast view (F), update + view", "\(releases) x \(large) domains", "Domains pane alone", "")
        row("  frame on F, median / max", timing(view.open, "max"), timing(view.baseline, "max"), "<= 16 ms")
        row("  frame on \u{2192} next domain, median / max", timing(view.move, "max"), "", "<= 16 ms")
        row("  frame taking in the forecast, median / max", timing(view.answer, "max"), "", "<= 16 ms")
        row("  forecast of one domain, off the loop", timing(view.compute, "max"), "", "")
    }

    private static func launchFigures(in folder: TemporaryFolder) throws {
        let largeManifest = try BenchmarkManifest.write(domains: large, in: folder.url)
        let untimedManifest = try BenchmarkManifest.write(domains: large, timestamps: false, in: folder.url)
        let emptyManifest = try BenchmarkManifest.write(domains: 0, in: folder.url)
        var largeLaunches: [LaunchBenchmarks.Launch] = []
        var untimedLaunches: [LaunchBenchmarks.Launch] = []
        var emptyLaunches: [LaunchBenchmarks.Launch] = []
        var harness = Samples()
        var version = Samples()
        var lintLarge = Samples()
        var lintEmpty = Samples()
        for _ in 0..<launches {
            let marker = "Domains (\(large))"
            largeLaunches.append(try LaunchBenchmarks.workbench(manifest: largeManifest, marker: marker))
            untimedLaunches.append(try LaunchBenchmarks.workbench(manifest: untimedManifest, marker: marker))
            emptyLaunches.append(try LaunchBenchmarks.workbench(manifest: emptyManifest, marker: "Domains (0)"))
            harness.append(try LaunchBenchmarks.tmuxHarness())
            version.append(try LaunchBenchmarks.versionLaunch())
            lintLarge.append(try LaunchBenchmarks.lintLaunch(manifest: largeManifest))
            lintEmpty.append(try LaunchBenchmarks.lintLaunch(manifest: emptyManifest))
        }
        row("first frame, workbench in tmux", "\(large) domains", "pinbench --version", "")
        row(
            "  median / max (\(launches) launches)", timing(samples(largeLaunches.map(\.firstFrame)), "max"),
            timing(version, "max"), "<= 100 ms")
        row("  same harness, other programs", "empty manifest", "sh echo in tmux", "")
        row("  median / max", timing(samples(emptyLaunches.map(\.firstFrame)), "max"), timing(harness, "max"), "")
        row("  diagnostic: pins without `added`", timing(samples(untimedLaunches.map(\.firstFrame)), "max"), "", "")

        row("`pinbench lint --manifest`, whole process", "\(large) domains", "empty manifest", "")
        row("  median / max (\(launches) runs)", timing(lintLarge, "max"), timing(lintEmpty, "max"), "<= 100 ms")

        row("resident memory after first frame", "\(large) domains", "empty manifest", "")
        row("  VmRSS / VmHWM, median (MiB)", memory(largeLaunches), memory(emptyLaunches), "<= 40 MB")
        row("  diagnostic: pins without `added`", memory(untimedLaunches), "", "")
    }

    private static func memory(_ launches: [LaunchBenchmarks.Launch]) -> String {
        let resident = samples(launches.map(\.memory.residentMB)).median
        let peak = samples(launches.map(\.memory.peakMB)).median
        return String(format: "%.1f / %.1f", resident, peak)
    }

    private static func samples(_ values: [Double]) -> Samples {
        var samples = Samples()
        for value in values { samples.append(value) }
        return samples
    }

    private static func timing(_ samples: Samples, _ upper: String = "p95") -> String {
        let top = upper == "max" ? samples.percentile(100) : samples.p95
        return String(format: "%.3f / %.3f ms", samples.median, top)
    }

    private static func row(_ what: String, _ measured: String, _ baseline: String, _ target: String) {
        func pad(_ text: String, _ width: Int) -> String {
            text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
        }
        print(pad(what, 36) + pad(measured, 22) + pad(baseline, 22) + target)
    }
}
