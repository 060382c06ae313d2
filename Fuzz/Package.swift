// swift-tools-version:5.4
import PackageDescription

// Tools version 5.4 on purpose: from 5.5 on, SwiftPM renames an executable's entry point to `<module>_main` and
// links `main` to it, which leaves no room for libFuzzer's own `main`. Here the targets have no `main` of their
// own (`-parse-as-library`), and libFuzzer's calls `LLVMFuzzerTestOneInput`.

// libFuzzer targets for PinBench's readers and writers of hostile text. A package of its own so that the root
// package's `swift build` and `swift test` stay unsanitized and never build these. Build and run with
// `scripts/fuzz.sh` (see README.md): it passes `-sanitize=fuzzer,address -parse-as-library` to every module.

/// One executable per fuzz target: its `LLVMFuzzerTestOneInput` entry plus the shared invariant checkers.
func fuzzTarget(_ name: String, _ products: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport"] + products)
}

let pinningCore = Target.Dependency.product(name: "PinningCore", package: "PinBench")
let pinExport = Target.Dependency.product(name: "PinExport", package: "PinBench")
let pinImport = Target.Dependency.product(name: "PinImport", package: "PinBench")
let buildScan = Target.Dependency.product(name: "BuildScan", package: "PinBench")

let package = Package(
    name: "PinBenchFuzz",
    dependencies: [.package(name: "PinBench", path: "..")],
    targets: [
        // Input slicing, failure reporting and independent parsers (Kotlin, shell, HTTP header) for the checks.
        .target(name: "FuzzSupport"),
        fuzzTarget("fuzz-chain", [pinningCore]),
        fuzzTarget("fuzz-manifest", [pinningCore]),
        fuzzTarget("fuzz-theme", [.product(name: "WorkbenchThemes", package: "PinBench")]),
        fuzzTarget("fuzz-terminal-text", [pinningCore]),
        fuzzTarget("fuzz-export", [pinningCore, pinExport]),
        fuzzTarget("fuzz-revocation-ct", [pinningCore]),
        fuzzTarget("fuzz-import", [pinningCore, pinImport]),
        fuzzTarget("fuzz-binary-xml", [buildScan]),
        fuzzTarget("fuzz-dex", [buildScan]),
        fuzzTarget("fuzz-macho", [buildScan]),
    ]
)
