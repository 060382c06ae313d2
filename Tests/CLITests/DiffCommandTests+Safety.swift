import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// `pinbench diff` cannot be talked out of a lockout risk: ambiguous sides, trust anchors, subdomains, untrusted
/// chains, repeated `--served` and committed symbolic links.
extension DiffCommandTests {
    /// The enforced domain for the test host: the good leaf, and an unrelated backup.
    func pinnedDomain(leaf: IssuedCertificate? = nil, includeSubdomains: Bool = false) -> DomainPolicy {
        DomainPolicy(
            host: pki.host, includeSubdomains: includeSubdomains, mode: .enforce,
            pins: [
                Pin(type: .spkiSHA256, value: CertificateDetails((leaf ?? pki.good.leaf).certificate).spkiPin),
                Pin(
                    type: .spkiSHA256, value: Data(repeating: 7, count: 32).base64EncodedString(), role: .backup),
            ])
    }

    func writeManifest(_ name: String, _ manifest: PinManifest) {
        folder.write(name, ManifestCodec.encode(manifest))
    }

    func report(_ result: ProcessRunner.Result) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result.stdoutText)")
    }

    @Test("a word naming both a file and a revision is refused with the options that choose; ./main is the file")
    func ambiguousSide() async throws {
        _ = try await repository()
        try await git(["tag", "v1"])
        // A file called main (and one called v1) holding an empty manifest: not what the revision main holds.
        writeManifest("main", PinManifest())
        writeManifest("v1", PinManifest())
        for word in ["main", "v1", "HEAD"] {
            if word == "HEAD" { writeManifest("HEAD", PinManifest()) }
            let ambiguous = try await run(["diff", word, "-m", "app/pins.json"])
            #expect(ambiguous.status == 2, "\(word): \(ambiguous.stdoutText)")
            #expect(ambiguous.stderrText.contains("'\(word)' names both a file and a git revision"))
            #expect(ambiguous.stderrText.contains("--old-file \(word) (or ./\(word))"))
            #expect(ambiguous.stderrText.contains("--old-rev \(word)"))
            #expect(ambiguous.stdoutText.isEmpty, "nothing compared")
        }
        let asNew = try await run(["diff", "HEAD~0", "main", "-m", "app/pins.json"])
        #expect(asNew.status == 2)
        #expect(asNew.stderrText.contains("--new-file main"))

        // Chosen explicitly, each way: the file is empty, so every domain shows removed; the revision is unchanged.
        for arguments in [["./main"], ["--old-file", "main"]] {
            let file = try await run(["diff"] + arguments + ["-m", "app/pins.json"])
            #expect(file.status == 0, "\(arguments): \(file.stderrText)")
            #expect(file.stdoutText.contains("--- \(arguments.last!)"))
            #expect(file.stdoutText.contains("+ \(pki.host) (new domain"))
        }
        let revision = try await run(["diff", "--old-rev", "main", "-m", "app/pins.json"])
        #expect(revision.status == 0, "\(revision.stderrText)")
        #expect(revision.stdoutText.contains("--- main:app/pins.json"))
        #expect(revision.stdoutText.contains("no changes"))
        // An explicit side and a positional one fill the sides in order.
        let mixed = try await run(["diff", "--new-rev", "main", "./main", "-m", "app/pins.json"])
        #expect(mixed.stdoutText.contains("--- ./main") && mixed.stdoutText.contains("+++ main:app/pins.json"))

        let both = try await run(["diff", "--old-file", "main", "--old-rev", "main", "-m", "app/pins.json"])
        #expect(both.status == 2)
        #expect(both.stderrText.contains("give one of --old-file, --old-rev and --old-release"))
        let extra = try await run(["diff", "--old-rev", "main", "--new-rev", "main", "HEAD", "-m", "app/pins.json"])
        #expect(extra.status == 2)
        #expect(extra.stderrText.contains("each side is given once"))

        let help = try await run(["diff", "--help"])
        for option in ["--old-file", "--old-rev", "--new-file", "--new-rev", "./main"] {
            #expect(help.stdoutText.contains(option), "diff --help teaches \(option)")
        }
    }

    @Test("dropping the trust anchor the served chain needs is a lockout, with the anchor named in text and JSON")
    func droppedTrustAnchor() async throws {
        let old = PinManifest(trustAnchors: ["root.pem"], domains: [pinnedDomain()])
        var new = old
        new.trustAnchors = []
        writeManifest("old.json", old)
        writeManifest("new.json", new)
        let served = ["--served", "\(pki.host)=good.pem", "--no-system-trust"]

        let text = try await run(["diff", "old.json", "new.json"] + served)
        #expect(text.status == 1, "\(text.stdoutText)\(text.stderrText)")
        #expect(text.stdoutText.contains("- trust anchor root.pem"))
        #expect(text.stdoutText.contains("✗ LOCKOUT RISK \(pki.host): the served chain is trusted with the old"))
        #expect(text.stdoutText.contains("root.pem, which the change drops"))

        let json = try await run(["diff", "old.json", "new.json", "--json"] + served)
        #expect(json.status == 1)
        let risks = try #require(try report(json)["risks"] as? [[String: Any]])
        let risk = try #require(risks.first { $0["kind"] as? String == "trust-anchor-dropped" })
        #expect(risk["trustAnchorsDropped"] as? [String] == ["root.pem"])
        #expect(risk["trustFailure"] as? String == "untrusted-chain")
        #expect(risk["alsoBefore"] as? Bool == false)

        // The same root kept through --ca-bundle: the chain does not need the dropped anchor, nothing at risk.
        let kept = try await run([
            "diff", "old.json", "new.json", "--served", "\(pki.host)=good.pem", "--ca-bundle", "root.pem",
        ])
        #expect(kept.status == 0, "\(kept.stdoutText)")
        #expect(!kept.stdoutText.contains("LOCKOUT RISK"))
    }

    @Test("--served for a subdomain is judged under the includeSubdomains policy that governs it")
    func servedSubdomain() async throws {
        let old = PinManifest(domains: [pinnedDomain(includeSubdomains: true)])
        let new = PinManifest(domains: [pinnedDomain(leaf: pki.impostor.leaf, includeSubdomains: true)])
        writeManifest("old.json", old)
        writeManifest("new.json", new)
        let subdomain = "www." + pki.host
        let arguments = [
            "diff", "old.json", "new.json", "--served", "\(subdomain)=good.pem", "--ca-bundle", "root.pem",
        ]

        let text = try await run(arguments)
        #expect(text.status == 1, "\(text.stdoutText)\(text.stderrText)")
        #expect(
            text.stdoutText.contains(
                "✗ LOCKOUT RISK \(pki.host) (as \(subdomain) serves it, includeSubdomains): none of its 2 enforced"))
        #expect(!text.stdoutText.contains("lockout risk not checked"))

        let json = try await run(arguments + ["--json"])
        let risks = try #require(try report(json)["risks"] as? [[String: Any]])
        #expect(risks.first?["kind"] as? String == "pins-match-nothing-served")
        #expect(risks.first?["host"] as? String == pki.host)
        #expect(risks.first?["servedHost"] as? String == subdomain)
    }

    @Test("a served chain that fails default trust says so; a host given twice with --served is an error")
    func untrustedAndRepeatedServed() async throws {
        writeManifest("old.json", PinManifest())
        writeManifest("new.json", PinManifest(domains: [pinnedDomain(leaf: pki.impostor.leaf)]))
        let untrusted = try await run(
            ["diff", "old.json", "new.json", "--served", "\(pki.host)=mitm.pem", "--ca-bundle", "root.pem"])
        #expect(untrusted.stdoutText.contains("\(pki.host): the served chain fails default trust"))
        #expect(untrusted.stdoutText.contains("the chain does not lead to a trust anchor"))
        let json = try await run(
            ["diff", "old.json", "new.json", "--served", "\(pki.host)=mitm.pem", "--ca-bundle", "root.pem", "--json"])
        let risks = try #require(try report(json)["risks"] as? [[String: Any]])
        let trust = try #require(risks.first { $0["kind"] as? String == "served-chain-untrusted" })
        #expect(trust["trustFailure"] as? String == "untrusted-chain")
        // Untrusted with the old side's anchors too: shown, and the change does not bring it in.
        #expect(trust["alsoBefore"] as? Bool == true)
        #expect(untrusted.status == 0)

        let twice = try await run(
            [
                "diff", "old.json", "new.json", "--served", "\(pki.host)=good.pem", "--served",
                "\(pki.host.uppercased())=mitm.pem",
            ])
        #expect(twice.status == 2)
        #expect(twice.stderrText.contains("--served names \(pki.host) twice (good.pem and mitm.pem)"))
        #expect(twice.stdoutText.isEmpty)
    }

    @Test("a committed symbolic link as --manifest is read through, inside the revision only")
    func committedSymbolicLink() async throws {
        // The repository is a subfolder, so that a link can leave it and still stay in the test's folder.
        let repo = folder.url.appendingPathComponent("repo")
        try FileManager.default.createDirectory(
            at: repo.appendingPathComponent("config"), withIntermediateDirectories: true)
        func write(_ path: String, _ manifest: PinManifest) throws {
            try ManifestCodec.encode(manifest).write(to: repo.appendingPathComponent(path))
        }
        func link(_ path: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(
                atPath: repo.appendingPathComponent(path).path, withDestinationPath: target)
        }
        try await git(["init", "-q", "-b", "main"], in: repo)
        try write("config/real.json", PinManifest(domains: [pinnedDomain()]))
        try link("pins.json", to: "config/real.json")
        writeManifest("outside.json", PinManifest())
        try link("escape.json", to: "../outside.json")
        try link("absolute.json", to: folder.path("outside.json"))
        try link("loop.json", to: "loop.json")
        try await git(["add", "-A"], in: repo)
        try await git(["commit", "-q", "-m", "pins behind a link"], in: repo)

        let unchanged = try await run(["diff", "-m", "pins.json"], in: repo)
        #expect(unchanged.status == 0, "\(unchanged.stderrText)")
        #expect(unchanged.stdoutText.contains("no changes"))
        try write("config/real.json", PinManifest(domains: [pinnedDomain(leaf: pki.impostor.leaf)]))
        let changed = try await run(
            ["diff", "-m", "pins.json", "--served", "\(pki.host)=../good.pem", "--ca-bundle", "../root.pem"], in: repo)
        #expect(changed.status == 1, "\(changed.stdoutText)\(changed.stderrText)")
        #expect(changed.stdoutText.contains("LOCKOUT RISK \(pki.host): none of its 2 enforced pins matches"))

        for name in ["escape.json", "absolute.json"] {
            let escape = try await run(["diff", "HEAD", "./pins.json", "-m", name], in: repo)
            #expect(escape.status == 2, "\(name): \(escape.stdoutText)")
            #expect(escape.stderrText.contains("symbolic link leading outside the repository"), "\(escape.stderrText)")
        }
        let loop = try await run(["diff", "HEAD", "./pins.json", "-m", "loop.json"], in: repo)
        #expect(loop.status == 2)
        #expect(loop.stderrText.contains("symbolic link that loops"), "\(loop.stderrText)")
    }
}
