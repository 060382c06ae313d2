// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "PinBench",
    // What an app team supports today (ARCHITECTURE.md, PinningCore); scripts/check-core-availability.py holds the
    // core to them.
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "PinningCore", targets: ["PinningCore"]),
        // The tools around the core, as products for the fuzz package (Fuzz/).
        .library(name: "PinExport", targets: ["PinExport"]),
        .library(name: "PinImport", targets: ["PinImport"]),
        .library(name: "BuildScan", targets: ["BuildScan"]),
        .library(name: "CACatalog", targets: ["CACatalog"]),
        .library(name: "ChainProbe", targets: ["ChainProbe"]),
        .library(name: "DemoLab", targets: ["DemoLab"]),
        // Exposed for the fuzz package (Fuzz/), which reaches the theme reader only through a product.
        .library(name: "Workbench", targets: ["Workbench"]),
        .library(name: "WorkbenchThemes", targets: ["WorkbenchThemes"]),
        // Exposed for the core benchmarks package (Benchmarks/), which issues its chains with the lab's issuer.
        .library(name: "LabPKI", targets: ["LabPKI"]),
        .executable(name: "pinbench", targets: ["pinbench"]),
        // The core inside a running SwiftNIO client. Its own products, so `pinbench` never links SwiftNIO.
        .library(name: "PinningNIO", targets: ["PinningNIO"]),
        .executable(name: "pinbench-fetch", targets: ["pinbench-fetch"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-certificates.git", exact: "1.21.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", exact: "4.5.2"),
        .package(url: "https://github.com/apple/swift-asn1.git", exact: "1.7.4"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", exact: "2.37.6"),
        // The report collector's store (docs/collector.md): SQLite, embedded, through a maintained package.
        .package(url: "https://github.com/vapor/sqlite-nio.git", exact: "1.13.2"),
        // The report collector's shared store for several collectors (docs/collector.md): PostgreSQL.
        .package(url: "https://github.com/vapor/postgres-nio.git", exact: "1.33.2"),
    ],
    targets: [
        // The portable validation core: Foundation, X509, Crypto and SwiftASN1 only.
        .target(
            name: "PinningCore",
            dependencies: [
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        // The tools around the core, each a target of its own that depends on it (ARCHITECTURE.md draws them): an app
        // or PinningNIO links only PinningCore.
        //
        // Changing a manifest as pure values: the editor, domain settings, edit outcomes, backup keys as data. Writes
        // no file, so the workbench links it.
        .target(
            name: "ManifestEditing",
            dependencies: [
                "PinningCore", .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]),
        // The manifest's files: the store (load beside the one locked atomic save), output files and exports, backup
        // key files. Only the runtime, the CLI and tests link it (scripts/check-pure-targets.py).
        .target(
            name: "ManifestFiles",
            dependencies: ["PinningCore", "ManifestEditing", "PinExport", "PinForecast", "CTWatch", "PinImport"]),
        // What each client PinBench exports to decides about a chain: one file per client (model, default trust,
        // words), judged from the core's verdict, path and chain. Tooling, not core: an app links none of it.
        .target(
            name: "ClientModels",
            dependencies: ["PinningCore", .product(name: "X509", package: "swift-certificates")]),
        // Judging a manifest: its lint and the diff between two of them (with the lockout each change risks).
        .target(name: "ManifestLint", dependencies: ["PinningCore", "ClientModels", "CACatalog", "PinForecast"]),
        // The manifest as each client's configuration, through an encoder for each output language.
        .target(
            name: "PinExport",
            dependencies: [
                "PinningCore", "ConnectionAudit", "ClientModels",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "SwiftASN1", package: "swift-asn1"),
            ]),
        // Apps' pinning configurations (TrustKit, Network Security Config, ATS) read into a manifest, with bounds.
        .target(name: "PinImport", dependencies: ["PinningCore"]),
        // The pins inside an app build (`pinbench scan`): the APK read in place with bounds (ZIP, binary XML,
        // resources.arsc, DEX), its pinning facts with where each was found and how sure.
        .target(
            name: "BuildScan",
            dependencies: ["PinningCore", "PinImport", "CZlib", .product(name: "Crypto", package: "swift-crypto")]),
        // The CAs PinBench knows (Catalog/, compiled in): certificates with their status, pools, offered chains and
        // issuance profiles, each link proved by a signature; a served chain's issuer recognised by key.
        .target(
            name: "CACatalog",
            dependencies: ["PinningCore", "CommandText", .product(name: "X509", package: "swift-certificates")]),
        .testTarget(name: "CACatalogTests", dependencies: ["CACatalog", "PinningCore", "LabPKI", "TestSupport"]),
        // Crypto: the tests' DEX files carry their SHA-1 signature, as dexdump checks.
        .testTarget(
            name: "BuildScanTests",
            dependencies: [
                "BuildScan", "DemoLab", "PinningCore", "LabPKI", "TestSupport", "PinExport", "ClientModels",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // A live connection's TLS facts and their App Transport Security evaluation.
        .target(
            name: "ConnectionAudit",
            dependencies: [
                "PinningCore", .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]),
        // Issues certificate hierarchies in memory: the demo lab's PKI and the tests' fixtures.
        .target(
            name: "LabPKI",
            dependencies: [
                "TransparencyLog",
                "PinningCore",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        // The system OpenSSL (libssl-dev): module map plus a shim for the macros Swift cannot import.
        .systemLibrary(name: "COpenSSL"),
        // The OpenSSL object helpers the probe and the lab share: DER and PEM conversions, the error queue as values.
        .target(name: "OpenSSLSupport", dependencies: ["COpenSSL"]),
        // Live TLS probe over OpenSSL: dial with a deadline, SNI, the sent and built chains, protocol and cipher.
        .target(
            name: "ChainProbe",
            dependencies: [
                "COpenSSL", "CSystemCalls", "CZlib", "ConnectionAudit", "OpenSSLSupport", "PinningCore",
                "TransparencyLog",
            ]),
        // In-process TLS servers on loopback with a generated PKI, one scenario per SNI name.
        .target(
            name: "DemoLab",
            dependencies: [
                "COpenSSL", "CSystemCalls", "LabPKI", "ManifestEditing", "ManifestFiles", "OpenSSLSupport",
                "PinningCore",
                "TransparencyLog", "PinForecast", "CTWatch", "FieldReports", "ReportCollector", "ReportStore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "X509", package: "swift-certificates"),
            ]),
        // The words the commands print that need no network and no files: aligned tables, a certificate's details,
        // and the nearest name for a typo (commands, options, formats).
        .target(name: "CommandText", dependencies: ["PinningCore"]),
        // Live servers judged as an app would: one connection (`inspect`), every domain of a manifest (`check`), and
        // their reports as text and JSON.
        .target(
            name: "LiveCheck",
            dependencies: [
                "ChainProbe", "ClientModels", "CommandText", "ConnectionAudit", "ManifestLint", "PinExport",
                "PinningCore",
                "ReleaseHistory", .product(name: "SwiftASN1", package: "swift-asn1"),
            ]),
        .executableTarget(
            name: "pinbench",
            dependencies: [
                "CommandText",
                "LiveCheck",
                "PinningCore",
                "ClientModels",
                "ConnectionAudit",
                "ManifestEditing",
                "ManifestFiles",
                "ManifestLint",
                "PinExport",
                "PinImport",
                "BuildScan",
                "CACatalog",
                "PinForecast",
                "ReleaseHistory",
                "CTWatch",
                "TransparencyLog",
                "ChainProbe",
                "DemoLab",
                "Workbench",
                "WorkbenchRuntime",
                "TerminalBackend",
                "CSystemCalls",
                "ReportCollector",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]
        ),
        // Pin-failure reports from the field (TrustKit, RFC 7469, `validate --report`), read strictly with bounds and
        // judged with the core under the failing release's pins. Pure: reads and writes no file.
        .target(
            name: "FieldReports",
            dependencies: [
                "PinningCore", "PinForecast", "CTWatch", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
            ]),
        .testTarget(
            name: "FieldReportsTests",
            dependencies: [
                "FieldReports", "PinningCore", "PinForecast", "PinExport", "LabPKI", "TestSupport", "CTWatch",
                "TransparencyLog", "ManifestFiles", .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]),
        // The collector's database: judged reports in SQLite (WAL, synchronous=FULL), counted when identical,
        // versioned and migrated, with retention and a size cap.
        .target(
            name: "ReportStore",
            dependencies: [
                "FieldReports", "PinningCore", .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
        .testTarget(
            name: "ReportStoreTests",
            dependencies: ["ReportStore", "FieldReports", "PinningCore", "LabPKI", "TestSupport"]),
        // `pinbench collect` and `pinbench reports`: the HTTP endpoint (NIOHTTP1, plain on loopback only) that
        // acknowledges a report once stored, and the stored reports counted and rendered. The two commands live here
        // too, so the executable (capped in lines) only lists them.
        .target(
            name: "ReportCollector",
            dependencies: [
                "FieldReports", "ReportStore", "PinningCore", "PinForecast", "ReleaseHistory", "CommandText",
                "ManifestFiles", "CTWatch", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        .testTarget(
            name: "ReportCollectorTests",
            dependencies: [
                "ReportCollector", "ReportStore", "FieldReports", "PinningCore", "LabPKI", "TestSupport", "CTWatch",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        // C calls Swift's Glibc module leaves out: malloc_trim, and sockets and pipes close-on-exec from the start.
        .systemLibrary(name: "CSystemCalls", path: "Sources/CSystemCalls"),
        // zlib (zlib1g-dev): gzip bodies, which static-ct-api logs may send without being asked.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        // ncurses (wide-character build) for the terminal backend; the shim wraps the macros Swift cannot import.
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        // The workbench's look: style roles, text attributes, colours, and the theme files with their parser (read
        // with bounds). Its own target so the theme fuzzer builds without the rest of the workbench.
        .target(name: "WorkbenchThemes", dependencies: ["PinningCore"]),
        .testTarget(name: "WorkbenchThemesTests", dependencies: ["WorkbenchThemes"]),
        // The terminal UI as pure values: state, messages, update, view -> Frame, keys; themes re-exported. No ncurses.
        .target(
            name: "Workbench",
            dependencies: [
                "WorkbenchThemes", "PinningCore", "CACatalog", "ClientModels", "ConnectionAudit", "ManifestEditing",
                "ManifestLint", "PinExport", "PinForecast", "CTWatch", "TransparencyLog", "FieldReports",
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        // Runs the workbench: the session loop and its effects (saving, file output, backup keys, fetches, the
        // manifest watcher), talking to a screen through a protocol. No ncurses: tests drive it with a fake screen.
        .target(
            name: "WorkbenchRuntime",
            dependencies: [
                "Workbench", "PinningCore", "ClientModels", "ManifestEditing", "ManifestFiles", "ManifestLint",
                "PinExport", "PinForecast", "CTWatch", "ChainProbe", "ReleaseHistory", "ReportStore", "FieldReports",
                "CSystemCalls",
            ]),
        // Draws Workbench frames with ncurses and turns key presses and resizes into Workbench input.
        .target(name: "TerminalBackend", dependencies: ["CNcursesw", "Workbench"]),
        // A NIOSSL verification callback that judges the presented chain with PinValidator: pinning inside an app's
        // own SwiftNIO client, the way `pinbench-fetch` uses it.
        .target(
            name: "PinningNIO",
            dependencies: [
                "PinningCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // `pinbench-fetch URL`: an HTTPS GET through PinningNIO, "what the app would do".
        .executableTarget(
            name: "pinbench-fetch",
            dependencies: [
                "PinningNIO",
                "PinningCore",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "TestSupport", dependencies: ["CSystemCalls", "LabPKI", "PinningCore", "TransparencyLog"],
            path: "Tests/TestSupport"),
        // The lockout forecast: shipped releases' pins against the chains to come. A tool target beside the core,
        // which it uses for every verdict (the validator and its pin rule).
        .target(name: "PinForecast", dependencies: ["PinningCore", "CommandText", "CACatalog"]),
        // Manifests as they were: at a git revision (read with a deadline and bounds), in a shipped release (the
        // releases file and where each release's pins come from), on either side of `pinbench diff`.
        .target(
            name: "ReleaseHistory",
            dependencies: [
                "PinningCore", "PinForecast", "PinImport", "ManifestEditing", "ManifestFiles", "CommandText",
                "BuildScan",
            ]),
        .testTarget(
            name: "ReleaseHistoryTests",
            dependencies: [
                "ReleaseHistory", "PinForecast", "PinningCore", "ManifestEditing", "ManifestFiles", "TestSupport",
            ]),
        // Certificate Transparency logs read without trusting them: Merkle proofs, tree heads and checkpoints, log
        // entries. Portable like the core (no OpenSSL); the network client and the watch command sit on top.
        .target(
            name: "TransparencyLog",
            dependencies: [
                "PinningCore", .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The CT watch: a logged certificate's names against the pinned hosts, every release's cell, and the round
        // (follow, judge, keep) that `pinbench watch` and the workbench share.
        .target(
            name: "CTWatch",
            dependencies: [
                "ManifestEditing", "PinForecast", "PinningCore", "TransparencyLog",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "TransparencyLogTests",
            dependencies: [
                "TransparencyLog", "PinningCore", "LabPKI", "TestSupport",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            exclude: ["Vectors"]
        ),
        .testTarget(
            name: "PinForecastTests",
            dependencies: [
                "PinForecast", "PinningCore", "CACatalog", "ManifestEditing", "ManifestFiles", "LabPKI", "TestSupport",
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        // The client models, against PinBench's verdicts and lint's client rules (the real curl and OkHttp: CLITests).
        .testTarget(
            name: "ClientModelsTests",
            dependencies: [
                "ClientModels", "PinningCore", "ManifestLint", "PinExport", "LabPKI", "TestSupport",
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        // PinExport for one test: a failure report's chain ends with the path's anchor (TrustAnchorParsingTests).
        .testTarget(
            name: "PinningCoreTests",
            dependencies: [
                "PinningCore", "LabPKI", "TestSupport", .product(name: "X509", package: "swift-certificates"),
            ],
            // The x509-limbo vectors LimboTests reads.
            exclude: ["Limbo"]
        ),
        .testTarget(name: "ManifestEditingTests", dependencies: ["ManifestEditing", "PinningCore", "TestSupport"]),
        // The store, output and backup key files on real files in temporary folders; openssl reads the keys back.
        .testTarget(
            name: "ManifestFilesTests",
            dependencies: [
                "ManifestFiles", "ManifestEditing", "PinExport", "PinningCore", "LabPKI", "TestSupport", "PinImport",
                .product(name: "X509", package: "swift-certificates"),
            ]),
        .testTarget(
            name: "PinExportTests",
            dependencies: [
                "PinExport", "PinningCore", "LabPKI", "TestSupport", .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            // Stubs of the Apple and client-library API the iOS exports are type-checked against (not compiled).
            exclude: ["AppleStubs"]
        ),
        .testTarget(
            name: "ChainProbeTests",
            dependencies: [
                "ChainProbe", "ConnectionAudit", "DemoLab", "PinningCore", "LabPKI", "CSystemCalls", "TestSupport",
                "TransparencyLog",
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        .testTarget(
            name: "DemoLabTests",
            dependencies: [
                "DemoLab", "ChainProbe", "PinningCore", "LabPKI", "TestSupport", "ManifestEditing", "ManifestFiles",
                "PinForecast", "ClientModels",
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        .testTarget(
            name: "WorkbenchTests",
            dependencies: [
                "Workbench", "PinningCore", "CACatalog", "ClientModels", "ConnectionAudit", "ManifestEditing",
                "ManifestFiles", "ManifestLint", "PinExport", "PinForecast", "CTWatch", "TransparencyLog",
                "FieldReports",
                .product(name: "X509", package: "swift-certificates"),
            ],
            exclude: ["Snapshots", "Fixtures"]
        ),
        // The session loop with a scripted in-memory screen, on real files in a temporary folder.
        .testTarget(
            name: "WorkbenchRuntimeTests",
            dependencies: [
                "WorkbenchRuntime", "Workbench", "PinningCore", "ManifestEditing", "ManifestFiles", "PinForecast",
                "LabPKI",
                "TestSupport", "CTWatch", "TransparencyLog",
                "DemoLab", "ReportStore", "ReportCollector", "FieldReports", "CSystemCalls",
            ]
        ),
        .testTarget(name: "CommandTextTests", dependencies: ["CommandText", "PinningCore", "LabPKI", "TestSupport"]),
        .testTarget(
            name: "LiveCheckTests",
            dependencies: [
                "LiveCheck", "ChainProbe", "ClientModels", "CommandText", "ConnectionAudit", "DemoLab", "ManifestLint",
                "PinningCore", "ReleaseHistory", "LabPKI", "TestSupport",
            ]),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "PinningCore", "ClientModels", "ManifestEditing", "ManifestFiles", "LabPKI", "DemoLab", "TestSupport",
            ]),
        .testTarget(
            name: "PinningNIOTests",
            dependencies: [
                "PinningNIO", "PinningCore", "DemoLab", "LabPKI", "TestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
            ]
        ),
        // One test target per library target, named after it (scripts/check-test-targets.py keeps it so). Beside the
        // target itself: TestSupport and LabPKI, the fixtures that issue certificates, and what a test serves or reads.
        .testTarget(
            name: "ConnectionAuditTests",
            dependencies: [
                "ConnectionAudit", "PinningCore", "TestSupport", .product(name: "X509", package: "swift-certificates"),
            ]),
        .testTarget(
            name: "ManifestLintTests",
            dependencies: [
                "ManifestLint", "CACatalog", "PinningCore", "PinForecast", "ManifestEditing", "ManifestFiles", "LabPKI",
                "TestSupport",
            ]),
        // PinExport: the round trip imports what the exporters write; hostile inputs are written with its encoders.
        .testTarget(name: "PinImportTests", dependencies: ["PinImport", "PinExport", "PinningCore", "TestSupport"]),
        .testTarget(
            name: "LabPKITests",
            dependencies: [
                "LabPKI", "TestSupport", .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]),
        .testTarget(
            name: "OpenSSLSupportTests", dependencies: ["OpenSSLSupport", "COpenSSL", "LabPKI", "TestSupport"]),
        .testTarget(
            name: "TerminalBackendTests", dependencies: ["TerminalBackend", "Workbench", "CNcursesw", "TestSupport"]),
        // PinForecast: a watch finding judges every release's cell.
        .testTarget(
            name: "CTWatchTests",
            dependencies: [
                "CTWatch", "TransparencyLog", "PinForecast", "ManifestEditing", "ManifestFiles", "PinningCore",
                "LabPKI",
                "TestSupport",
            ]),
        // The built `pinbench` in a real terminal (tmux): keys in, screens and the written manifest checked.
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["PinningCore", "ManifestEditing", "ManifestFiles", "PinExport", "LabPKI", "TestSupport"]),
        // `swift run -c release pinbench-bench`: key press to frame, first frame and memory, each beside a baseline
        // measured in the same run (BENCHMARKS.md). Depends on `pinbench` so that `swift run` builds it too, and
        // drives it in tmux with the end-to-end tests' helpers (TestSupport). A target, not a product: nothing
        // shipped links the tests' helpers, and SwiftPM still builds and runs a root package's executable target
        // by its name.
        .executableTarget(
            name: "pinbench-bench",
            dependencies: [
                "pinbench", "Workbench", "TerminalBackend", "PinningCore", "ManifestEditing", "ManifestFiles",
                "ManifestLint",
                "PinForecast", "CTWatch", "TransparencyLog", "LabPKI",
                "TestSupport", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            path: "Sources/PinBenchBenchmarks"
        ),
    ]
)
