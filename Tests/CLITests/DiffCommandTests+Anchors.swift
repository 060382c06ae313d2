import Foundation
import PinningCore
import TestSupport
import Testing

/// `pinbench diff` reads each side's trust anchors from that side's own folder (or revision), refuses to compare
/// when one cannot be read, and counts a chain that fails default trust as a lockout in every mode.
extension DiffCommandTests {
    /// A manifest in the folder `name` (made if missing).
    func writeManifest(in name: String, _ file: String, _ manifest: PinManifest) throws {
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent(name), withIntermediateDirectories: true)
        folder.write(name + "/" + file, ManifestCodec.encode(manifest))
    }

    @Test("OLD in another folder: its anchors are read from its folder; one that cannot be read is an error (exit 2)")
    func oldSideAnchorsFromItsOwnFolder() async throws {
        let old = PinManifest(trustAnchors: ["root.pem"], domains: [pinnedDomain()])
        var new = old
        new.trustAnchors = []
        try writeManifest(in: "old", "pins.json", old)
        writeManifest("new.json", new)
        let served = ["--served", "\(pki.host)=good.pem", "--no-system-trust"]

        // old/root.pem does not exist (root.pem is beside new.json only): refused, never judged without it.
        let unreadable = try await run(["diff", "old/pins.json", "new.json"] + served)
        #expect(unreadable.status == 2, "\(unreadable.stdoutText)\(unreadable.stderrText)")
        #expect(
            unreadable.stderrText.contains("the old side's trust anchor root.pem cannot be read at"),
            "\(unreadable.stderrText)")
        #expect(unreadable.stderrText.contains("/old/root.pem"))
        #expect(!unreadable.stdoutText.contains("LOCKOUT RISK"), "nothing compared")

        // Beside it, the anchor is OLD's: the change drops it, and that is the lockout the change brings in.
        folder.write("old/root.pem", pki.root.pem)
        let judged = try await run(["diff", "old/pins.json", "new.json", "--json"] + served)
        #expect(judged.status == 1, "\(judged.stdoutText)\(judged.stderrText)")
        let risks = try #require(try report(judged)["risks"] as? [[String: Any]])
        let risk = try #require(risks.first { $0["kind"] as? String == "trust-anchor-dropped" }, "\(risks)")
        #expect(risk["alsoBefore"] as? Bool == false)

        // The new side's unreadable anchor is refused the same way.
        var broken = new
        broken.trustAnchors = ["missing.pem"]
        writeManifest("broken.json", broken)
        let newSide = try await run(["diff", "old/pins.json", "broken.json"] + served)
        #expect(newSide.status == 2)
        #expect(newSide.stderrText.contains("the new side's trust anchor missing.pem cannot be read"))
    }

    @Test("OLD at a revision: its anchors are read at that revision; one missing there is an error (exit 2)")
    func revisionAnchorsAtTheRevision() async throws {
        try await git(["init", "-q", "-b", "main"])
        let old = PinManifest(trustAnchors: ["root.pem"], domains: [pinnedDomain()])
        var new = old
        new.trustAnchors = []
        try writeManifest(in: "app", "pins.json", old)
        try await git(["add", "app/pins.json"])
        try await git(["commit", "-q", "-m", "pins naming an anchor that was never committed"])
        try writeManifest(in: "app", "pins.json", new)
        let served = ["--served", "\(pki.host)=good.pem", "--no-system-trust", "-m", "app/pins.json"]

        let missing = try await run(["diff", "HEAD"] + served)
        #expect(missing.status == 2, "\(missing.stdoutText)\(missing.stderrText)")
        #expect(
            missing.stderrText.contains("the old side's trust anchor root.pem cannot be read at revision HEAD"),
            "\(missing.stderrText)")

        // Committed beside the manifest and deleted since: read at the revision, and the drop is the change's.
        folder.write("app/root.pem", pki.root.pem)
        try await git(["add", "app/root.pem"])
        try await git(["commit", "-q", "-m", "the anchor"])
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("app/root.pem"))
        let judged = try await run(["diff", "HEAD", "--json"] + served)
        #expect(judged.status == 1, "\(judged.stdoutText)\(judged.stderrText)")
        let risks = try #require(try report(judged)["risks"] as? [[String: Any]])
        #expect(
            risks.contains { $0["kind"] as? String == "trust-anchor-dropped" && $0["alsoBefore"] as? Bool == false })
    }

    @Test("dropping the anchor a report-only domain's chain needs is a lockout: the connection fails in every mode")
    func droppedAnchorReportOnly() async throws {
        var domain = pinnedDomain()
        domain.mode = .reportOnly
        let old = PinManifest(trustAnchors: ["root.pem"], domains: [domain])
        var new = old
        new.trustAnchors = []
        writeManifest("old.json", old)
        writeManifest("new.json", new)
        let result = try await run(
            ["diff", "old.json", "new.json", "--served", "\(pki.host)=good.pem", "--no-system-trust", "--json"])
        #expect(result.status == 1, "\(result.stdoutText)\(result.stderrText)")
        let risks = try #require(try report(result)["risks"] as? [[String: Any]])
        let risk = try #require(risks.first { $0["kind"] as? String == "trust-anchor-dropped" }, "\(risks)")
        #expect(risk["host"] as? String == pki.host)
        #expect(risk["alsoBefore"] as? Bool == false)
        // A report-only domain has no pin risk of its own: only the trust failure is reported.
        #expect(risks.allSatisfy { ["trust-anchor-dropped"].contains($0["kind"] as? String) }, "\(risks)")

        // A changed report-only domain whose served chain fails trust on both sides: shown, already before.
        var changed = domain
        changed.includeSubdomains = true
        writeManifest("changed.json", PinManifest(domains: [changed]))
        writeManifest("unchanged.json", PinManifest(domains: [domain]))
        let untrusted = try await run(
            ["diff", "unchanged.json", "changed.json", "--served", "\(pki.host)=mitm.pem", "--ca-bundle", "root.pem"])
        #expect(untrusted.status == 0, "\(untrusted.stdoutText)")
        #expect(untrusted.stdoutText.contains("\(pki.host): the served chain fails default trust"))
    }
}
