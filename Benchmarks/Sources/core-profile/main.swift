import CoreFixtures
import Foundation
import PinningCore
import X509

// `swift run -c release core-profile SCENARIO [COUNT]`: one benchmark scenario in a plain loop, for
// `perf record` or `valgrind --tool=callgrind` (BENCHMARKS.md, "Validation core"). Prints µs per iteration.
// Without the benchmark harness's malloc interposer, which adds to every allocation (OpenSSL makes ten times as
// many as PinBench per verdict); `scripts/core-loops.sh` runs each PinBench scenario beside its OpenSSL one.
//
// A scenario is `<what>-<chain>`, chain `rsa` or `p256`; `openssl-<what>-<chain>` is its OpenSSL peer:
//   cold-pem, cold-der   nothing kept between verdicts: chain and anchor decoded, a fresh anchor set and validator
//   pem, der             warm: the validator (and OpenSSL's store) made once, the chain decoded each time
//   parsed               the verdict from decoded certificates
//   pins                 the pins of the 3-certificate path
//   repeated             a VerdictCache hit (its peer is OpenSSL's warm verdict from DER again)

let kinds = ["cold-pem", "cold-der", "pem", "der", "parsed", "pins", "repeated"]
let scenarios =
    kinds.flatMap { kind in ["rsa", "p256"].flatMap { ["\(kind)-\($0)", "openssl-\(kind)-\($0)"] } }
    .filter { $0 != "openssl-repeated-rsa" && $0 != "openssl-repeated-p256" }
    + ["anchors-now", "anchors-lazy", "stages-rsa", "stages-p256"]
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

/// A verdict that accepted the chain by the leaf's pin: what every PinBench iteration must get.
func check(_ verdict: Verdict) {
    precondition(verdict.outcome == .accepted && verdict.matchedPin?.level == 0, "unexpected verdict")
}

/// The loop, off the main actor (top-level code runs on it): each verdict would otherwise hop executors twice.
@concurrent func run(_ scenario: String, _ fixture: CoreFixture, count: Int) async -> Duration {
    let cache = VerdictCache()
    let what = scenario.replacingOccurrences(of: "-rsa", with: "").replacingOccurrences(of: "-p256", with: "")
    let pin = fixture.leafPin
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<count {
        switch what {
        case "cold-pem": check(await fixture.coldVerdict(pem: true))
        case "cold-der": check(await fixture.coldVerdict(pem: false))
        case "pem": check(await fixture.verdictFromPEM())
        case "der": check(await fixture.verdictFromDER())
        case "parsed": check(await fixture.verdictFromParsed())
        case "repeated": check(await fixture.repeatedVerdict(cache))
        case "pins": precondition(fixture.pins()[0] == pin)
        case "openssl-cold-pem": precondition(fixture.openSSL.coldVerdict(pem: true, expectedPin: pin))
        case "openssl-cold-der": precondition(fixture.openSSL.coldVerdict(pem: false, expectedPin: pin))
        case "openssl-pem": precondition(fixture.openSSL.verdictFromPEM(expectedPin: pin))
        case "openssl-der": precondition(fixture.openSSL.verdictFromDER(expectedPin: pin))
        case "openssl-parsed": precondition(fixture.openSSL.verifyParsed())
        case "openssl-pins": precondition(fixture.openSSL.pins() == pin)
        case "anchors-now", "anchors-lazy":
            var anchors = TrustAnchors()
            try! anchors.add(
                contentsOf: systemBundle, parsing: scenario == "anchors-now" ? .immediately : .whenLookedUp)
            precondition(!anchors.certificates(withSubject: lookedUp!).isEmpty)
        default:
            preconditionFailure("no scenario \(scenario)")
        }
    }
    return clock.now - start
}

if scenario.hasPrefix("stages") {
    await Stages.run(fixture, count: count)
    exit(0)
}
let cpuStart = processCPUMicros()
let elapsed = await run(scenario, fixture, count: count)
let cpu = processCPUMicros() - cpuStart
let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
// The process's CPU time beside the wall clock: on a machine shared with other builds the wall clock also counts the
// time the loop waited for a core; core-figures.py compares CPU times.
print(
    "\(scenario): \(String(format: "%.2f", micros / Double(count))) µs per iteration over \(count), cpu "
        + "\(String(format: "%.2f", cpu / Double(count))) µs")
