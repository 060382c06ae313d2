import Foundation
import PinningCore
import TestSupport
import Testing

/// Every command's numeric and date options fed hostile values (not-a-number, infinities, negatives, numbers past
/// any integer, dates past the year 9999 or before 1600, nothing): each is bad input (exit 2) with a message
/// naming the option, never a trap (exit 128 and up, or Swift's "Fatal error"), and no lock file is left behind.
@Suite("hostile option values")
struct HostileOptionValuesCLITests {
    let world = ForecastFixture()

    static let numbers = ["nan", "inf", "-inf", "-1", "1e300", "18446744073709551616", "-18446744073709551616", ""]
    static let dates = [
        "10000-01-01", "0000-01-01", "0001-01-01", "1599-12-31T23:59:59Z", "10000-01-01T00:00:00Z", "-0001-01-01",
        "99999999999-01-01", "", "nan", "inf",
        "-1", "1e300", "18446744073709551616",
    ]

    /// The command line before the option, for each numeric option.
    var numericOptions: [(command: [String], option: String)] {
        let host = world.host
        let forecast = ["forecast", "--served", "\(host)=good.pem"] + ForecastFixture.trust
        return [
            (["check"], "--timeout"), (["check"], "--concurrency"),
            (["inspect", host], "--timeout"),
            (["diff", "pins.json", "pins.json"], "--timeout"),
            (["export", "okhttp"], "--timeout"),
            (forecast, "--timeout"), (forecast, "--lead-time"), (forecast, "--max-lockout"),
            (["release", "add", "4.0", "--from", "leaf-only.json"], "--share"),
            (["pin", "add", host, "--chain", "good.pem"], "--level"),
            (["domain", "set", host], "--port"),
            (["domain", "set", host], "--lifetime-days"),
            (["demo"], "--timeout"),
            (["workbench"], "--ct-interval"), (["workbench"], "--timeout"),
            (["watch", "--ct-log-list", "logs.json"], "--interval"),
            (["watch", "--ct-log-list", "logs.json"], "--timeout"),
            (["watch", "--ct-log-list", "logs.json"], "--batch"),
            (["watch", "--ct-log-list", "logs.json"], "--log-deadline"),
            (["watch", "--ct-log-list", "logs.json"], "--round-deadline"),
        ]
    }

    /// The command line before the option, for each date option.
    var dateOptions: [(command: [String], option: String)] {
        let host = world.host
        let forecast = ["forecast", "--served", "\(host)=good.pem"] + ForecastFixture.trust
        return [
            (["validate", "--host", host, "--chain", "good.pem"] + ForecastFixture.trust, "--at"),
            (["lint"] + ForecastFixture.trust, "--at"),
            (forecast, "--at"), (forecast, "--until"),
            (["release", "add", "4.0", "--from", "leaf-only.json"], "--shipped"),
            (["domain", "set", host], "--expires"),
        ]
    }

    /// Runs `command option value`, and checks it was refused as bad input, clearly, with nothing left locked.
    func expectRefused(_ command: [String], _ option: String, _ value: String) async throws {
        let result = try await world.run(command + [option, value])
        let shown = "\((command + [option, value]).joined(separator: " ")): \(result.status) \(result.stderrText)"
        #expect(result.status == 2, "\(shown)")
        #expect(result.stderrText.contains(option), "the message names the option: \(shown)")
        #expect(!result.stderrText.contains("Missing value"), "\(shown)")
        #expect(!result.stderrText.contains("Fatal error"), "\(shown)")
        let left = try FileManager.default.contentsOfDirectory(atPath: world.folder.url.path)
        #expect(!left.contains { $0.hasSuffix(".lock") }, "\(shown): \(left)")
    }

    @Test("numeric options: nan, inf, -inf, -1, 1e300, 2^64, -2^64 and nothing are refused with exit 2")
    func numericOptionsRefused() async throws {
        try await world.shippedReleases()
        let before = world.folder.read("releases.json")
        let manifest = world.folder.read("pins.json")
        for (command, option) in numericOptions {
            for value in Self.numbers { try await expectRefused(command, option, value) }
        }
        #expect(world.folder.read("releases.json") == before, "no release was added")
        #expect(world.folder.read("pins.json") == manifest, "the manifest is unchanged")
    }

    @Test("date options: past 9999, before 1600, numbers and nothing are refused with exit 2")
    func dateOptionsRefused() async throws {
        try await world.shippedReleases()
        let before = world.folder.read("releases.json")
        let manifest = world.folder.read("pins.json")
        for (command, option) in dateOptions {
            for value in Self.dates { try await expectRefused(command, option, value) }
        }
        #expect(world.folder.read("releases.json") == before)
        #expect(world.folder.read("pins.json") == manifest)
    }

    @Test("--share out of range names its range; --timeout -1 is out of range, not a missing value")
    func outOfRangeWords() async throws {
        try await world.shippedReleases()
        let share = try await world.run(["release", "add", "4.0", "--from", "leaf-only.json", "--share", "nan"])
        #expect(share.stderrText.contains("--share nan is out of range: give 0 to 100 percent"), "\(share.stderrText)")
        let timeout = try await world.run(["check", "--timeout", "-1"])
        #expect(timeout.status == 2)
        #expect(timeout.stderrText.contains("--timeout -1.0 is out of range: give 0.001 to 300 seconds"))
    }

    @Test(
        "pinbench-fetch --timeout: hostile values are refused (2, or 64 for what its parser refuses), never trapped on")
    func fetchTimeout() async throws {
        world.writeManifest("pins.json", DomainPolicy(host: world.host))
        let fetch = PinBenchBinary.url.deletingLastPathComponent().appendingPathComponent("pinbench-fetch")
        for value in Self.numbers {
            let result = try ProcessRunner.run(
                fetch.path, ["https://127.0.0.1:1/", "--manifest", "pins.json", "--timeout", value],
                currentDirectory: world.folder.url, timeout: 30)
            #expect([2, 64].contains(result.status), "\(value): \(result.status) \(result.stderrText)")
            #expect(result.stderrText.contains("--timeout"), "\(value): \(result.stderrText)")
            #expect(!result.stderrText.contains("Missing value"), "\(value): \(result.stderrText)")
        }
    }

    @Test("the first and last representable times are judged, not trapped on: validate, lint and forecast")
    func boundaryTimes() async throws {
        try await world.shippedReleases()
        for at in ["9999-12-31T23:59:59Z", "1600-01-01T00:00:00Z", "1600-01-01", "9999-12-31"] {
            let validate = try await world.run(
                ["validate", "--host", world.host, "--chain", "good.pem", "--at", at] + ForecastFixture.trust)
            // Outside the chain's validity: refused as expired or not yet valid (exit 1), judged all the same.
            #expect(validate.status == 1, "\(at): \(validate.stdoutText)\(validate.stderrText)")
            let lint = try await world.run(["lint", "--at", at] + ForecastFixture.trust)
            #expect([0, 1].contains(lint.status), "\(at): \(lint.stderrText)")
            let forecast = try await world.run(
                ["forecast", "--served", "\(world.host)=good.pem", "--at", at] + ForecastFixture.trust)
            #expect([0, 1].contains(forecast.status), "\(at): \(forecast.stderrText)")
        }
    }
}
