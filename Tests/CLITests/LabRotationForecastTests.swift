import Foundation
import PinningCore
import TestSupport
import Testing

/// The forecast against the lab's rotating host, switched for real: for each state the lab can rotate into, the
/// forecast made while the lab served today's chain (the scenario that state realises) and the forecast's `current`
/// after the switch must both be what `pinbench validate` decides on the chain `openssl s_client` fetches, for every
/// demo release the lab wrote beside its manifest.
@Suite("The lab's rotation agrees with the forecast")
struct LabRotationForecastTests {
    let folder = TemporaryFolder()
    static let host = "rotating.pinbench.test"
    static let releases = ["1.0", "2.0", "2.1", "next (lab.json)"]

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    /// `forecast --live --json` of the rotating host, its first domain.
    func liveForecast() async throws -> [String: Any] {
        let result = try await run(["forecast", "-m", "lab.json", "--live", "--timeout", "5", "--json", Self.host])
        #expect(result.status == 0, "\(result.stdoutText)\(result.stderrText)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(report["unreachable"] as? [String] == [])
        return report.firstDomain
    }

    /// What `validate` decides for `release` on the chain the lab serves now, fetched by openssl, in the
    /// forecast's words.
    func validated(_ release: String, chainFile: String) async throws -> String {
        let manifest = release.hasPrefix("next") ? "lab.json" : "lab-release-\(release).json"
        let result = try await run(
            [
                "validate", "--host", Self.host, "--chain", chainFile, "-m", manifest, "--ca-bundle", "lab-root.pem",
                "--json",
            ])
        let verdict = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        return try #require(ForecastDifferentialCLITests.cell(fromVerdict: verdict), "\(result.stdoutText)")
    }

    @Test("today, renewal-new-key and issuer-rotation: forecast cells equal validate on the served chain")
    func rotationAgrees() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        #expect(lab.banner.contains("Rotation: \(Self.host) serves today; kill -USR1"))
        let released = try await run(["release", "list", "-m", "lab.json"])
        #expect(released.status == 0, "\(released.stderrText)")
        for name in ["1.0", "2.0", "2.1"] { #expect(released.stdoutText.contains(name)) }

        let before = try await liveForecast()
        var kinds: Set<String> = []
        var lockedOut: [String: Set<String>] = [:]
        for (state, scenario) in [
            ("today", "current"), ("renewal-new-key", "renewal-new-key"),
            ("issuer-rotation", "issuer-rotation"),
        ] {
            if state != "today" {
                try await OffPoolThread.run { try lab.rotate(expecting: "\(Self.host) now serves \(state):") }
            }
            let pems = try await OffPoolThread.run {
                try OpenSSLCLI.servedChain(connect: lab.endpoint, serverName: Self.host)
            }
            try #require(pems.count == 2)
            let chainFile = "served-\(state).pem"
            folder.write(chainFile, pems.joined())
            let after = try await liveForecast()
            for release in Self.releases {
                let expected = try await validated(release, chainFile: chainFile)
                #expect(before.outcome(release, scenario) == expected, "forecast \(scenario) × \(release)")
                #expect(after.outcome(release, "current") == expected, "current after \(state) × \(release)")
                kinds.insert(expected)
                if expected == "locked-out" { lockedOut[state, default: []].insert(release) }
            }
        }
        // Every kind the demo releases can give occurs, and each rotation locks out the release it should.
        #expect(kinds == ["accepted", "locked-out", "lapsed"])
        #expect(lockedOut["today"] == nil)
        #expect(lockedOut["renewal-new-key"] == ["2.0"])
        #expect(lockedOut["issuer-rotation"] == ["2.1"])
        // The percent locked out counts shipped releases only: 2.0 is 35 % of installs, 2.1 is 50 %.
        #expect(before.lockedOutPercent("renewal-new-key") == 35)
        #expect(before.lockedOutPercent("issuer-rotation") == 50)

        // A fourth SIGUSR1 comes back to today's chain.
        try await OffPoolThread.run { try lab.rotate(expecting: "\(Self.host) now serves today:") }
        let back = try await OffPoolThread.run {
            try OpenSSLCLI.servedChain(connect: lab.endpoint, serverName: Self.host)
        }
        #expect(back.joined() == folder.read("served-today.pem"))
        #expect(await lab.stop().status == 0)
    }

    @Test("lab --help says how to rotate; demo --help names the releases file it writes")
    func helpTexts() async throws {
        let lab = try await run(["lab", "--help"])
        #expect(lab.stdoutText.contains("SIGUSR1") && lab.stdoutText.contains("renewal-new-key"))
        #expect(lab.stdoutText.contains("issuer-rotation") && lab.stdoutText.contains("releases.json"))
        let demo = try await run(["demo", "--help"])
        #expect(demo.stdoutText.contains("releases.json") && demo.stdoutText.contains("rotating.pinbench.test"))
    }

    @Test(
        "demo and lab refuse demo releases over files in the way, before they start anything, and write nothing",
        arguments: [
            (["demo", "--manifest", "lab.json"], "lab-release-2.0.json"),
            (["lab", "--write-manifest", "lab.json"], "releases.json"),
        ])
    func refusesExistingReleases(_ command: [String], inTheWay file: String) async throws {
        folder.write(file, "not mine")
        let result = try await run(command)
        #expect(result.status != 0)
        #expect(result.stderrText.contains("\(file) exists"), "\(result.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("lab.json").path))
        #expect(folder.read(file) == "not mine")
    }
}
