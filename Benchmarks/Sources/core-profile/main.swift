import CoreFixtures
import Foundation
import PinningCore

// `swift run -c release core-profile SCENARIO [COUNT]`: one benchmark scenario in a plain loop, for
// `perf record` or `valgrind --tool=callgrind` (BENCHMARKS.md, "Validation core"). Prints µs per iteration.
// Without the benchmark harness's malloc interposer, which adds to every allocation (OpenSSL makes ten times as
// many as PinBench per verdict); `scripts/core-loops.sh` runs each PinBench scenario beside its OpenSSL one.

let scenarios = [
    "der-rsa", "der-p256", "parsed-rsa", "parsed-p256", "pins-rsa", "pins-p256", "repeated-rsa", "repeated-p256",
    "openssl-der-rsa", "openssl-der-p256", "openssl-parsed-rsa", "openssl-parsed-p256", "openssl-pins-rsa",
    "openssl-pins-p256",
]
let arguments = Array(CommandLine.arguments.dropFirst())
guard let scenario = arguments.first, scenarios.contains(scenario) else {
    FileHandle.standardError.write(Data("usage: core-profile \(scenarios.joined(separator: "|")) [COUNT]\n".utf8))
    exit(2)
}
let count = arguments.count > 1 ? Int(arguments[1]) ?? 2_000 : 2_000
let fixture = try scenario.hasSuffix("rsa") ? CoreFixture.rsa() : CoreFixture.p256()

/// The loop, off the main actor (top-level code runs on it): each verdict would otherwise hop executors twice.
@concurrent func run(_ scenario: String, _ fixture: CoreFixture, count: Int) async -> Duration {
    let cache = VerdictCache()
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<count {
        switch scenario {
        case "der-rsa", "der-p256":
            let verdict = await fixture.verdictFromDER()
            precondition(verdict.outcome == .accepted)
        case "parsed-rsa", "parsed-p256":
            let verdict = await fixture.verdictFromParsed()
            precondition(verdict.outcome == .accepted)
        case "openssl-der-rsa", "openssl-der-p256":
            precondition(fixture.openSSL.verdictFromDER(expectedPin: fixture.leafPin))
        case "openssl-parsed-rsa", "openssl-parsed-p256":
            precondition(fixture.openSSL.verifyParsed())
        case "openssl-pins-rsa", "openssl-pins-p256":
            precondition(fixture.openSSL.pins() == fixture.leafPin)
        case "repeated-rsa", "repeated-p256":
            let verdict = await fixture.repeatedVerdict(cache)
            precondition(verdict.outcome == .accepted)
        default:
            precondition(fixture.pins()[0] == fixture.leafPin)
        }
    }
    return clock.now - start
}

let elapsed = await run(scenario, fixture, count: count)
let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
print("\(scenario): \(String(format: "%.2f", micros / Double(count))) µs per iteration over \(count)")
