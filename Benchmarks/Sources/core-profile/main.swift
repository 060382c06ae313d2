import CoreFixtures
import Foundation
import PinningCore
import X509

// `swift run -c release core-profile SCENARIO [COUNT]`: one benchmark scenario in a plain loop, for
// `perf record` or `valgrind --tool=callgrind` (BENCHMARKS.md, "Validation core"). Prints µs per iteration.
// Without the benchmark harness's malloc interposer, which adds to every allocation (OpenSSL makes ten times as
// many as PinBench per verdict); `scripts/core-loops.sh` runs each PinBench scenario beside its OpenSSL one.

let scenarios = [
    "der-rsa", "der-p256", "parsed-rsa", "parsed-p256", "pins-rsa", "pins-p256", "repeated-rsa", "repeated-p256",
    "openssl-der-rsa", "openssl-der-p256", "openssl-parsed-rsa", "openssl-parsed-p256", "openssl-pins-rsa",
    "openssl-pins-p256", "anchors-now", "anchors-lazy",
]
let arguments = Array(CommandLine.arguments.dropFirst())
guard let scenario = arguments.first, scenarios.contains(scenario) else {
    FileHandle.standardError.write(Data("usage: core-profile \(scenarios.joined(separator: "|")) [COUNT]\n".utf8))
    exit(2)
}
let count = arguments.count > 1 ? Int(arguments[1]) ?? 2_000 : 2_000
let fixture = try scenario.hasSuffix("rsa") ? CoreFixture.rsa() : CoreFixture.p256()

/// `anchors-now` / `anchors-lazy`: what every CLI command pays for the system bundle, read as the CLI did before
/// (every certificate parsed) and as it does now (indexed, parsed when looked up), then one path's lookup.
let systemBundle = URL(
    fileURLWithPath: ProcessInfo.processInfo.environment["SSL_CERT_FILE"] ?? TrustAnchors.systemBundlePath!)
let lookedUp: DistinguishedName? =
    scenario.hasPrefix("anchors")
    ? try {
        var anchors = TrustAnchors()
        try anchors.add(contentsOf: systemBundle)
        return anchors.certificates.last?.subject
    }() : nil

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
        case "anchors-now", "anchors-lazy":
            var anchors = TrustAnchors()
            try! anchors.add(
                contentsOf: systemBundle, parsing: scenario == "anchors-now" ? .immediately : .whenLookedUp)
            precondition(!anchors.certificates(withSubject: lookedUp!).isEmpty)
        default:
            precondition(fixture.pins()[0] == fixture.leafPin)
        }
    }
    return clock.now - start
}

let elapsed = await run(scenario, fixture, count: count)
let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
print("\(scenario): \(String(format: "%.2f", micros / Double(count))) µs per iteration over \(count)")
