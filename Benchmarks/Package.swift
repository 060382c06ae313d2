// swift-tools-version:6.1
import PackageDescription

// The validation core's benchmarks, each beside OpenSSL doing the same work in the same process (BENCHMARKS.md).
// A package of its own, like Fuzz/, so that the root package's `swift build` and `swift test` (and CI's time
// budget) never build or run them. Run from this folder:
//
//     swift package benchmark                      # every benchmark, medians and allocations
//     swift package benchmark --format markdown | python3 side-by-side.py   # the BENCHMARKS.md table
//     swift run -c release core-profile der-rsa    # one scenario in a loop, for perf or callgrind
//
// ordo-one's package-benchmark needs tools 6.1 and its MallocInterposer trait: naming only that trait also leaves
// out its Swift 6.3 runtime interposer, a package this machine's mirror does not have.

let pinBench = "PinBench"

let package = Package(
    name: "PinBenchCoreBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: pinBench, path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-certificates.git", exact: "1.21.1"),
    ],
    targets: [
        // OpenSSL (the system libcrypto) doing what the validator does: d2i, X509_verify_cert, SPKI pins.
        .target(name: "COpenSSLBaseline", linkerSettings: [.linkedLibrary("crypto")]),
        // The chains, manifests and validators both sides judge, issued once per run in memory.
        .target(
            name: "CoreFixtures",
            dependencies: [
                "COpenSSLBaseline",
                .product(name: "PinningCore", package: pinBench),
                .product(name: "LabPKI", package: pinBench),
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        .executableTarget(
            name: "CoreVerdict",
            dependencies: [
                "CoreFixtures",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PinningCore", package: pinBench),
                .product(name: "X509", package: "swift-certificates"),
            ],
            path: "Benchmarks/CoreVerdict",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // One scenario in a plain loop, without the benchmark harness: what perf and callgrind profile.
        .executableTarget(
            name: "core-profile",
            dependencies: [
                "CoreFixtures", .product(name: "PinningCore", package: pinBench),
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
    ]
)
