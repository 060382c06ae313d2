import Foundation
import TestSupport
import Testing

/// `lab`, `check` and `inspect` run as a user would: the built binary against a real `pinbench lab` on loopback.
@Suite("lab, check and inspect against the demo lab")
struct LiveCommandTests {
    let folder = TemporaryFolder()

    func run(_ arguments: [String]) async throws -> ProcessRunner.Result {
        try await PinBenchBinary.run(arguments, in: folder.url)
    }

    func json(_ result: ProcessRunner.Result) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result.stdoutText)")
    }

    @Test("lab: every scenario announced, a manifest beside its root, Ctrl-C stops it cleanly")
    func labLifecycle() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        let names = [
            "good", "rotated", "mitm", "expired", "wrong-host", "self-signed", "incomplete", "weak", "slow", "tls11",
            "revoked",
            "ct-logged", "no-sct", "rotating",
        ]
        for name in names {
            #expect(lab.banner.contains("\(name).pinbench.test"), "\(name) missing from \(lab.banner)")
        }
        let manifest = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: lab.manifestPath)))
                as? [String: Any])
        #expect(manifest["trustAnchors"] as? [String] == ["lab-root.pem"])
        let domains = try #require(manifest["domains"] as? [[String: Any]])
        #expect(domains.count == names.count)
        #expect(domains.allSatisfy { $0["connect"] as? String == lab.endpoint })
        let rootPEM = try #require(folder.read("lab-root.pem"))
        #expect(try OpenSSLCLI.x509Field(["-subject"], certificatePEM: rootPEM).contains("PinBench Lab Root CA"))

        let stopped = await lab.stop()
        #expect(stopped.status == 0)
        #expect(stopped.stderr.contains("lab stopped"))
        let refused = try await PinBenchBinary.run(
            ["check", "--manifest", "lab.json", "good.pinbench.test", "--timeout", "1"], in: folder.url)
        #expect(refused.status == 2, "the lab is gone, so good is unreachable: \(refused.stdoutText)")
    }

    @Test("lab never overwrites a file that is not a manifest, and replaces a manifest only with --force")
    func labKeepsExistingFiles() async throws {
        folder.write("notes.json", "my notes")
        let existing = try await run(["lab", "--write-manifest", "notes.json"])
        #expect(existing.status == 2)
        #expect(existing.stderrText.contains("--force"))
        let forced = try await run(["lab", "--write-manifest", "notes.json", "--force"])
        #expect(forced.status == 2)
        #expect(forced.stderrText.contains("not one"))
        #expect(folder.read("notes.json") == "my notes")

        let first = try await LabProcess.start(writing: "lab.json", in: folder.url)
        _ = await first.stop()
        let before = try #require(folder.read("lab.json"))
        let releaseBefore = try #require(folder.read("lab-release-2.0.json"))
        let second = try await LabProcess.start(writing: "lab.json", in: folder.url, extraArguments: ["--force"])
        #expect(folder.read("lab.json") != before, "a new lab has new keys, so its manifest differs")
        #expect(folder.read("lab-release-2.0.json") != releaseBefore, "and so do its demo releases' pins")
        #expect(await second.stop().status == 0)
    }

    @Test("check: each scenario's verdict, the exit status, and the reasons in the text")
    func checkEveryScenario() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        let result = try await run(["check", "--manifest", "lab.json", "--json", "--timeout", "5"])
        #expect(result.status == 1, "rejections outrank the unreachable slow scenario: \(result.stderrText)")
        let report = try json(result)
        let rows = try #require(report["results"] as? [[String: Any]])
        let byHost = Dictionary(uniqueKeysWithValues: rows.map { ($0["host"] as! String, $0) })
        func outcome(_ name: String) -> String? { byHost["\(name).pinbench.test"]?["outcome"] as? String }
        func rejection(_ name: String) -> String? { byHost["\(name).pinbench.test"]?["rejection"] as? String }
        #expect(outcome("good") == "accepted")
        #expect(outcome("rotated") == "accepted")
        let rotatedPin = byHost["rotated.pinbench.test"]?["matchedPin"] as? [String: Any]
        #expect((rotatedPin?["pin"] as? [String: Any])?["role"] as? String == "backup")
        #expect(outcome("mitm") == "rejected" && rejection("mitm") == "untrusted-chain")
        #expect(outcome("expired") == "rejected" && rejection("expired") == "expired")
        #expect(outcome("wrong-host") == "rejected" && rejection("wrong-host") == "hostname-mismatch")
        #expect(outcome("self-signed") == "rejected" && rejection("self-signed") == "untrusted-chain")
        #expect(outcome("incomplete") == "rejected" && rejection("incomplete") == "untrusted-chain")
        #expect(outcome("weak") == "not-pinned")
        let weakATS = byHost["weak.pinbench.test"]?["ats"] as? [String: Any]
        #expect(weakATS?["passes"] as? Bool == false)
        let goodATS = byHost["good.pinbench.test"]?["ats"] as? [String: Any]
        #expect(goodATS?["passes"] as? Bool == true)
        #expect(outcome("slow") == "unreachable")
        #expect((byHost["slow.pinbench.test"]?["failure"] as? [String: Any])?["code"] as? String == "timedOut")
        let goodDays = try #require(byHost["good.pinbench.test"]?["leafDaysLeft"] as? Int)
        #expect((88...90).contains(goodDays))
        let lint = try #require(report["lint"] as? [[String: Any]])
        #expect(
            lint.contains {
                $0["host"] as? String == "mitm.pinbench.test" && $0["rule"] as? String == "pins-match-nothing-served"
            })
        #expect(
            !lint.contains {
                $0["host"] as? String == "good.pinbench.test" && $0["rule"] as? String == "pins-match-nothing-served"
            },
            "good's root pin is in the verified path, though the server does not send the root")

        let text = try await run([
            "check", "--manifest", "lab.json", "--timeout", "5", "good.pinbench.test", "mitm.pinbench.test",
        ])
        #expect(text.status == 1)
        let tableRow = text.stdoutText.split(separator: "\n").first { $0.hasPrefix("mitm.pinbench.test") }
        #expect(tableRow?.contains("REJECTED (untrusted-chain)") == true, "\(text.stdoutText)")
        #expect(text.stdoutText.contains("not signed by that anchor's key"), "the reason is explained")
        #expect(text.stdoutText.contains("2 domains: 1 accepted, 1 rejected"))
        _ = lab
    }

    @Test("check: exit 0 when all is well, 2 when unreachable or unknown, 1 on a lint error even if accepted")
    func checkExitStatus() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        #expect(try await run(["check", "-m", "lab.json", "good.pinbench.test", "rotated.pinbench.test"]).status == 0)
        let slow = try await run(["check", "-m", "lab.json", "slow.pinbench.test", "--timeout", "0.5"])
        #expect(slow.status == 2)
        #expect(slow.stdoutText.contains("timed out after 0.5 s in the TLS handshake"))
        let unknown = try await run(["check", "-m", "lab.json", "nowhere.pinbench.test"])
        #expect(unknown.status == 2)
        #expect(unknown.stderrText.contains("nowhere.pinbench.test is not a domain of the manifest"))
        #expect(try await run(["check", "-m", "missing.json"]).status == 2)

        // An enforced domain left with one pin is a lockout risk: a lint error fails the check though it connects.
        for (field, value) in [("role", "backup"), ("type", "cert-sha256")] {
            let remove = try await run([
                "pin", "remove", "good.pinbench.test", pin(of: "good.pinbench.test", field, value), "-m", "lab.json",
                "--allow-lint-errors",
            ])
            #expect(remove.status == 0, "\(remove.stderrText)")
        }
        let lintError = try await run(["check", "-m", "lab.json", "good.pinbench.test", "--json"])
        #expect(lintError.status == 1)
        let report = try json(lintError)
        #expect((report["results"] as? [[String: Any]])?.first?["outcome"] as? String == "accepted")
        #expect((report["lint"] as? [[String: Any]])?.contains { $0["rule"] as? String == "too-few-pins" } == true)
        _ = lab
    }

    /// The value of the first pin of `host` in lab.json whose `field` is `value`.
    private func pin(of host: String, _ field: String, _ value: String) throws -> String {
        let manifest = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: folder.url.appendingPathComponent("lab.json")))
                as? [String: Any])
        let domain = try #require((manifest["domains"] as? [[String: Any]])?.first { $0["host"] as? String == host })
        let pin = try #require((domain["pins"] as? [[String: Any]])?.first { $0[field] as? String == value })
        return try #require(pin["value"] as? String)
    }

    @Test("inspect: sent and built chains with openssl's pins, TLS facts, ATS and the verdict")
    func inspectGood() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        let text = try await run(["inspect", "good.pinbench.test", "-m", "lab.json"])
        #expect(text.status == 0, "\(text.stderrText)")
        for expected in [
            "SNI good.pinbench.test", "TLSv1.3", "meets App Transport Security", "Sent chain (2 certificates",
            "Built chain (3 certificates, to the trust anchor O=PinBench Lab, CN=PinBench Lab Root CA)",
            "(not sent: from the trust anchors)", "Verdict: good.pinbench.test: accepted",
        ] {
            #expect(text.stdoutText.contains(expected), "missing \(expected) in \(text.stdoutText)")
        }

        let report = try json(try await run(["inspect", "good.pinbench.test", "-m", "lab.json", "--json"]))
        let sent = try #require(report["sentChain"] as? [[String: Any]])
        let served = try OpenSSLCLI.servedChain(connect: lab.endpoint, serverName: "good.pinbench.test")
        #expect(sent.count == served.count && served.count == 2)
        for (level, pem) in zip(sent, served) {
            let details = try #require(level["details"] as? [String: Any])
            #expect(details["spkiPin"] as? String == (try OpenSSLCLI.spkiPin(certificatePEM: pem)))
            #expect(details["certPin"] as? String == (try OpenSSLCLI.certPin(certificatePEM: pem)))
        }
        #expect((report["builtChain"] as? [Any])?.count == 3)
        #expect((report["tls"] as? [String: Any])?["protocolVersion"] as? String == "TLSv1.3")

        let pem = try await run(["inspect", "good.pinbench.test", "--connect", lab.endpoint, "--pem"])
        #expect(pem.status == 0)
        folder.write("served.pem", pem.stdoutText)
        let fromFile = try await run(["pins", "--json", "served.pem"])
        let entries = try #require(JSONSerialization.jsonObject(with: fromFile.stdout) as? [[String: Any]])
        let filePins = entries.compactMap { ($0["details"] as? [String: Any])?["spkiPin"] as? String }
        #expect(filePins == (try served.map { try OpenSSLCLI.spkiPin(certificatePEM: $0) }))
    }

    @Test("inspect: rejected is 1, unreachable and bad input are 2, and ATS names the rules weak breaks")
    func inspectFailures() async throws {
        let lab = try await LabProcess.start(writing: "lab.json", in: folder.url)
        let mitm = try await run(["inspect", "mitm.pinbench.test", "-m", "lab.json"])
        #expect(mitm.status == 1)
        #expect(mitm.stdoutText.contains("Verdict: mitm.pinbench.test: rejected"))
        #expect(mitm.stdoutText.contains("Built chain: none"))

        let weak = try json(try await run(["inspect", "weak.pinbench.test", "-m", "lab.json", "--json"]))
        let rules = ((weak["ats"] as? [String: Any])?["violations"] as? [[String: Any]])?.compactMap {
            $0["rule"] as? String
        }
        #expect(rules == ["forwardSecrecy", "signatureHash"])

        // The lab holds slow's handshake for 10 s; 3 s leaves the TCP connect room on a loaded machine.
        let slow = try await run(["inspect", "slow.pinbench.test", "-m", "lab.json", "--timeout", "3"])
        #expect(slow.status == 2)
        #expect(slow.stderrText.contains("timed out after 3.0 s in the TLS handshake"), "\(slow.stderrText)")

        let closedPort = try await run(["inspect", "127.0.0.1:1", "--timeout", "2"])
        #expect(closedPort.status == 2)
        #expect(closedPort.stderrText.contains("refused"))

        let hostile = try await run(["inspect", "\u{1B}]0;PWNED\u{07}evil.test"])
        #expect(hostile.status == 2)
        #expect(!hostile.stderrText.contains("\u{1B}") && !hostile.stderrText.contains("\u{07}"))
        _ = lab
    }
}
