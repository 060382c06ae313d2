import Benchmark
import CoreFixtures
import Foundation
import PinningCore

// The validation core beside OpenSSL 3 (libcrypto) doing the same work on the same DER, in the same process.
// Names put each PinBench figure next to its OpenSSL peer in the output: "<what> <chain> · <side>".
// BENCHMARKS.md ("Validation core") explains each row and keeps the figures.

let benchmarks: @Sendable () -> Void = {
    let fixtures = [try! CoreFixture.rsa(), try! CoreFixture.p256()]
    let verdictConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 20_000
    )
    let fastConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .nanoseconds,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 20_000
    )

    for fixture in fixtures {
        let chain = fixture.name

        Benchmark("Verdict from DER \(chain) · OpenSSL d2i + verify + pins", configuration: verdictConfiguration) {
            benchmark in
            for _ in benchmark.scaledIterations {
                precondition(fixture.openSSL.verdictFromDER(expectedPin: fixture.leafPin))
            }
        }
        Benchmark("Verdict from DER \(chain) · PinBench", configuration: verdictConfiguration) { benchmark in
            await onPool(benchmark.scaledIterations.count) {
                let verdict = await fixture.verdictFromDER()
                precondition(verdict.outcome == .accepted)
                blackHole(verdict)
            }
        }

        Benchmark("Verdict from parsed \(chain) · OpenSSL X509_verify_cert", configuration: verdictConfiguration) {
            benchmark in
            for _ in benchmark.scaledIterations {
                precondition(fixture.openSSL.verifyParsed())
            }
        }
        Benchmark("Verdict from parsed \(chain) · PinBench", configuration: verdictConfiguration) { benchmark in
            await onPool(benchmark.scaledIterations.count) {
                let verdict = await fixture.verdictFromParsed()
                precondition(verdict.outcome == .accepted)
                blackHole(verdict)
            }
        }

        let cache = VerdictCache()
        // OpenSSL keeps no verdicts: a client on OpenSSL judges a repeated chain from its DER again.
        Benchmark("Repeated verdict \(chain) · OpenSSL d2i + verify + pins again", configuration: verdictConfiguration)
        {
            benchmark in
            for _ in benchmark.scaledIterations {
                precondition(fixture.openSSL.verdictFromDER(expectedPin: fixture.leafPin))
            }
        }
        Benchmark("Repeated verdict \(chain) · PinBench VerdictCache hit", configuration: fastConfiguration) {
            benchmark in
            let first = await fixture.repeatedVerdict(cache)
            precondition(first.outcome == .accepted)
            benchmark.startMeasurement()
            await onPool(benchmark.scaledIterations.count) {
                let verdict = await fixture.repeatedVerdict(cache)
                precondition(verdict.outcome == .accepted)
                blackHole(verdict)
            }
            benchmark.stopMeasurement()
        }

        Benchmark("Pins of 3 certs \(chain) · OpenSSL", configuration: fastConfiguration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(fixture.openSSL.pins())
            }
        }
        Benchmark("Pins of 3 certs \(chain) · PinBench", configuration: fastConfiguration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(fixture.pins())
            }
        }
    }
}
