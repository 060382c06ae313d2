import Foundation
import PinningCore
import TestSupport
import Testing

/// `pinbench forecast`'s deploy gate fails closed (a planned chain it would not judge, a gated scenario it cannot
/// judge: exit 2, never "Gate passed"), its note follows the validator's typed refusal of today's chain, and a
/// shipped release may not take the name the forecast gives the working manifest.
@Suite("pinbench forecast fails closed")
struct ForecastFailsClosedCLITests {
    let world = ForecastFixture()

    @Test("a planned chain for a host that is not forecast is bad input (exit 2), never a passed gate")
    func plannedForHostNotForecast() async throws {
        try await world.shippedReleases()
        let arguments = ["--planned", "\(world.host)=mitm.pem", "--max-lockout", "0"] + ForecastFixture.trust
        let dropped = try await world.run(["forecast", "other.example"] + arguments)
        #expect(dropped.status == 2, "\(dropped.stdoutText)\(dropped.stderrText)")
        #expect(
            dropped.stderrText.contains(
                "--planned names \(world.host), which is not among the domains forecast (other.example)"),
            "\(dropped.stderrText)")
        #expect(!dropped.stdoutText.contains("Gate passed"))
        // Its host forecast too: the same planned chain is judged, and it locks every release out.
        let judged = try await world.run(["forecast", "other.example", world.host] + arguments)
        #expect(judged.status == 1, "\(judged.stdoutText)\(judged.stderrText)")
        #expect(judged.stdoutText.contains("GATE \(world.host) planned: locks out 100%"), "\(judged.stdoutText)")
    }

    @Test("--gate planned without a planned chain is bad input (exit 2), never a passed gate")
    func gatePlannedWithoutChain() async throws {
        try await world.shippedReleases()
        for gate in ["planned", "renewal-new-key,planned"] {
            let result = try await world.run(
                ["forecast", "--gate", gate, "--max-lockout", "100", "--served", "\(world.host)=good.pem"]
                    + ForecastFixture.trust)
            #expect(result.status == 2, "\(gate): \(result.stdoutText)\(result.stderrText)")
            #expect(result.stderrText.contains("--gate planned needs the chain you intend to deploy"))
            #expect(!result.stdoutText.contains("Gate passed"))
        }
        // With a planned chain, the same gate judges it.
        let judged = try await world.run(
            ["forecast", "--gate", "planned", "--planned", "\(world.host)=good.pem", "--max-lockout", "100"]
                + ForecastFixture.trust)
        #expect(judged.status == 0, "\(judged.stdoutText)\(judged.stderrText)")
        #expect(judged.stdoutText.contains("Gate passed: planned within --max-lockout."))
    }

    @Test("today's chain expired or for another host: the note says so, not that it misses a trust anchor")
    func noteFollowsTypedRefusal() async throws {
        try await world.shippedReleases()
        world.folder.write("expired.pem", world.pki.expired.presentedPEM)
        world.folder.write("wrong-host.pem", world.pki.wrongHost.presentedPEM)
        let cases = [
            ("expired.pem", "a certificate in the chain has expired", "expired"),
            ("wrong-host.pem", "the certificate is not valid for this host name", "hostname-mismatch"),
            ("mitm.pem", "the chain does not lead to a trust anchor", "untrusted-chain"),
        ]
        for (file, words, rejection) in cases {
            let text = try await world.run(
                ["forecast", "--served", "\(world.host)=\(file)"] + ForecastFixture.trust)
            #expect(text.status == 0, "\(file): \(text.stderrText)")
            #expect(
                text.stdoutText.contains("today's chain is refused (\(words)), so no scenario can be made from it"),
                "\(file): \(text.stdoutText)")
            #expect(text.stdoutText.contains("refused (\(rejection))"), "\(file): the current column")
            if file != "mitm.pem" {
                #expect(!text.stdoutText.contains("trust anchor"), "\(file): \(text.stdoutText)")
            }
            let (status, report, _) = try await world.forecastJSON(["--served", "\(world.host)=\(file)"])
            #expect(status == 0)
            #expect((report.firstDomain["note"] as? String)?.contains(words) == true, "\(file)")
            // A scenario gated on that chain cannot be judged: a failure, with the same reason.
            let gated = try await world.run(
                ["forecast", "--served", "\(world.host)=\(file)", "--gate", "renewal-new-key", "--max-lockout", "100"]
                    + ForecastFixture.trust)
            #expect(gated.status == 1, "\(file): \(gated.stdoutText)")
            #expect(
                gated.stdoutText.contains(
                    "GATE \(world.host) renewal-new-key: not judged: today's chain is refused (\(words))"),
                "\(file): \(gated.stdoutText)")
        }
    }

    @Test("a release named as the candidate (next, next (pins.json)) is refused by release add and by the reader")
    func candidateNamesRefused() async throws {
        try await world.shippedReleases()
        let before = try #require(world.folder.read("releases.json"))
        for name in ["next", "next (pins.json)", "Next", " next", "next(pins.json)", "NEXT (other.json, unsaved)"] {
            let added = try await world.run(["release", "add", name, "--from", "leaf-only.json", "--share", "1"])
            #expect(added.status == 2, "\(name): \(added.stdoutText)\(added.stderrText)")
            #expect(added.stderrText.contains("is what the forecast and the watch call the working manifest"))
            #expect(world.folder.read("releases.json") == before, "\(name): nothing written")
            #expect(!FileManager.default.fileExists(atPath: world.folder.path(".releases.json.lock")))
        }
        // Names that only start alike are versions like any other.
        for name in ["nextgen", "next-1.2"] {
            let added = try await world.run(["release", "add", name, "--from", "leaf-only.json"])
            #expect(added.status == 0, "\(name): \(added.stderrText)")
        }
        // A releases file written by hand with the candidate's name: the forecast refuses to read it.
        world.folder.write(
            "releases.json",
            #"{"schema": 1, "releases": [{"name": "next (pins.json)", "file": "leaf-only.json", "share": 90}]}"#)
        let forecast = try await world.run(
            ["forecast", "--served", "\(world.host)=good.pem"] + ForecastFixture.trust)
        #expect(forecast.status == 2, "\(forecast.stdoutText)\(forecast.stderrText)")
        #expect(forecast.stderrText.contains("is what the forecast and the watch call the working manifest"))
        #expect(forecast.stdoutText.isEmpty)
    }
}
