import ChainProbe
import DemoLab
import Foundation
import LiveCheck
import ManifestLint
import PinningCore
import TestSupport
import Testing

/// `check`'s judging against the real demo lab on 127.0.0.1, with the lab's own manifest and root as
/// `pinbench lab --write-manifest` writes them.
@Suite("Checking every domain live", .serialized)
struct CheckRunTests {
    struct Fixture {
        let lab: RunningLab
        let folder = TemporaryFolder()
        let document: ManifestDocument
        let anchors: TrustAnchors

        init() async throws {
            let lab = try await OffPoolThread.run { try RunningLab.start() }
            self.lab = lab
            let url = folder.url.appendingPathComponent("lab.json")
            document = try LabManifestWriter.write(lab, to: url).document
            var anchors = TrustAnchors()
            try anchors.add(manifestAnchors: document.manifest.trustAnchors, relativeTo: folder.url)
            self.anchors = anchors
        }

        func domain(_ kind: LabScenario) throws -> DomainPolicy {
            let manifest = document.manifest
            return manifest.domains[try #require(manifest.indexOfDomain(lab.scenario(kind).host))]
        }

        func run(encoding: Bool = false, at now: Date = Date()) -> CheckRun {
            var options = ProbeOptions(deadline: .seconds(5), anchors: anchors)
            options.buildsAnchorPath = false
            let encode: @Sendable (CheckRow) -> CanonicalJSON.ArrayElement? = {
                try? CanonicalJSON.ArrayElement($0, encoder: JSONEncoder())
            }
            return CheckRun(
                validator: PinValidator(manifest: document.manifest, trustAnchors: anchors), options: options,
                concurrency: 4, revocation: .off, transparency: nil, deadline: .seconds(5), now: now,
                clients: [.curl],
                encodeRow: encoding ? encode : nil)
        }
    }

    @Test("each domain gets its row in the order given: accepted, rejected, unreachable, undiallable")
    func rows() async throws {
        let fixture = try await Fixture()
        defer { fixture.lab.stop() }
        var undiallable = try fixture.domain(.good)
        undiallable.host = "undiallable.pinbench.test"
        undiallable.connect = "not an address"
        var closed = try fixture.domain(.good)
        closed.host = "closed.pinbench.test"
        closed.connect = "127.0.0.1:1"
        let domains = [try fixture.domain(.good), try fixture.domain(.mitm), closed, undiallable]
        let results = await fixture.run(encoding: true).run(domains)

        let rows = results.rows.map { $0?.outcome }
        #expect(rows == [.accepted, .rejected, .unreachable, .unreachable])
        #expect(results.rows[1]?.rejection == "untrusted-chain")
        #expect(results.rows[2]?.failure?.code == "connectionRefused")
        #expect(results.rows[3]?.failure?.code == "invalidTarget")
        // What the lint's lockout guard reads: the chains seen, by host, only for the domains judged.
        #expect(Set(results.served.keys) == [domains[0].normalizedHost, domains[1].normalizedHost])
        // An enforced domain's rejection is reported (RFC 7469); an acceptance is not.
        #expect(results.orderedFailureReports.map(\.hostname) == [domains[1].host])
        // Rows judged are encoded where they were judged; the unreachable ones are left to the caller.
        #expect(results.encodedRows.map { $0 != nil } == [true, true, false, false])
        #expect(results.orderedClientVerdicts.map(\.host) == [domains[0].host, domains[1].host])
        #expect(results.orderedClientVerdicts.allSatisfy { $0.clients.map(\.client) == [.curl] })

        let report = CheckReport(results, document: fixture.document, clients: [], at: Date())
        #expect(report.exitStatus == 1)
        #expect(report.counts == ["accepted": 1, "rejected": 1, "unreachable": 2])
        let lines = report.lines
        #expect(lines.first?.hasPrefix("DOMAIN") == true)
        #expect(lines.contains { $0.hasPrefix(domains[1].host) && $0.contains("REJECTED (untrusted-chain)") })
        #expect(
            lines.contains { $0.hasPrefix("closed.pinbench.test") && $0.contains("UNREACHABLE (connectionRefused)") })
        #expect(
            lines.contains("      Is the server up? Raise --timeout for slow links; `connect` sets another address."))
        #expect(lines.last?.hasPrefix("4 domains: 1 accepted, 1 rejected, 2 unreachable; lint: ") == true)
        // The lint findings kept are those of the checked domains and those of no domain.
        let checked = Set(domains.map(\.host))
        #expect(report.lint.allSatisfy { $0.host.map(checked.contains) ?? true })
    }

    @Test("each row judged from the run's shared certificates is the row of judging that chain alone")
    func sharedCertificatesJudgeAsAlone() async throws {
        let fixture = try await Fixture()
        defer { fixture.lab.stop() }
        let kinds: [LabScenario] = [.good, .mitm, .expired, .good, .wrongHost, .weak, .selfSigned, .incomplete, .good]
        let domains = try kinds.map { try fixture.domain($0) }
        let now = Date()
        let results = await fixture.run(at: now).run(domains)
        let validator = PinValidator(manifest: fixture.document.manifest, trustAnchors: fixture.anchors)
        var options = ProbeOptions(deadline: .seconds(5), anchors: fixture.anchors)
        options.buildsAnchorPath = false
        // A row without its connection's timings, as sorted JSON.
        func verdictJSON(_ row: CheckRow) throws -> Data {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            var object = try #require(
                try JSONSerialization.jsonObject(with: encoder.encode(row)) as? [String: Any])
            object["tls"] = nil
            return try JSONSerialization.data(withJSONObject: object, options: .sortedKeys)
        }
        var outcomes: Set<CheckRow.Outcome> = []
        for (index, domain) in domains.enumerated() {
            let row = try #require(results.rows[index])
            let probe = try await ChainProber().probe(try ProbeTarget(domain), options: options).get()
            let alone = try await LiveInspection.judge(
                probe, validator: validator, at: now, revocation: .off, deadline: .seconds(5))
            let expected = CheckRow(domain: domain, inspection: alone, now: now)
            #expect(try verdictJSON(row) == verdictJSON(expected), "\(kinds[index])")
            outcomes.insert(row.outcome)
        }
        #expect(outcomes.isSuperset(of: [.accepted, .rejected]), "the chains cover acceptance and rejection")
    }

    @Test("the exit status: 1 for a rejection or a lint error, else 2 when a domain was not reached, else 0")
    func exitStatus() async throws {
        let fixture = try await Fixture()
        defer { fixture.lab.stop() }
        var closed = try fixture.domain(.good)
        closed.connect = "127.0.0.1:1"
        let accepted = await fixture.run().run([try fixture.domain(.good)])
        let unreachable = await fixture.run().run([try fixture.domain(.good), closed])
        let rows = { (results: CheckResults) in results.rows.compactMap { $0 } }
        #expect(CheckReport.exitStatus(results: rows(accepted), lint: []) == 0)
        #expect(CheckReport.exitStatus(results: rows(unreachable), lint: []) == 2)
        let error = LintFinding(.error, .tooFewPins, host: nil, message: "one pin", fix: "add a backup")
        #expect(CheckReport.exitStatus(results: rows(unreachable), lint: [error]) == 1)
    }

    @Test("the domains to check: those named, in their order; a host not in the manifest or not a host is refused")
    func selection() throws {
        let manifest = PinManifest(domains: [DomainPolicy(host: "a.example"), DomainPolicy(host: "b.example")])
        #expect(try CheckSelection.domains([], of: manifest).map(\.host) == ["a.example", "b.example"])
        #expect(
            try CheckSelection.domains(["b.example", "a.example"], of: manifest).map(\.host) == [
                "b.example", "a.example",
            ])
        #expect {
            try CheckSelection.domains(["c.example"], of: manifest)
        } throws: { error in
            "\(error)" == "c.example is not a domain of the manifest (it has: a.example, b.example)"
        }
        #expect(throws: CheckSelectionError.self) { try CheckSelection.domains(["https://a.example/"], of: manifest) }
        #expect {
            try CheckSelection.domains([], of: PinManifest())
        } throws: { error in
            "\(error)".contains("the manifest lists no domains")
        }
    }
}

@Suite("inspect's target")
struct InspectTargetTests {
    @Test("what the argument leaves out comes from the manifest's domain; --connect wins over its address")
    func target() throws {
        let manifest = PinManifest(domains: [DomainPolicy(host: "api.example.com", port: 8443, connect: "10.0.0.5")])
        let fromManifest = try ProbeTarget(
            inspecting: HostEndpoint("api.example.com"), dial: nil, manifest: manifest)
        #expect(fromManifest.port == 8443)
        #expect(fromManifest.connect?.description == "10.0.0.5:8443")
        let given = try ProbeTarget(
            inspecting: HostEndpoint("api.example.com:9443"), dial: HostEndpoint("127.0.0.1:4433"), manifest: manifest)
        #expect(given.port == 9443)
        #expect(given.connect?.description == "127.0.0.1:4433")
        #expect(given.serverName == "api.example.com")
        let unknown = try ProbeTarget(inspecting: HostEndpoint("other.example"), dial: nil, manifest: manifest)
        #expect(unknown.port == 443)
        #expect(unknown.connect == nil)
    }
}
