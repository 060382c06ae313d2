import DemoLab
import Foundation
import LabPKI
import NIOCore
import NIOSSL
import PinningCore
import PinningNIO
import TestSupport
import Testing
import X509

/// PinningNIO in a real SwiftNIO client against the demo lab and `openssl s_server` on 127.0.0.1.
@Suite("PinningNIO: the core inside a NIO client", .serialized)
struct PinningNIOTests {
    static func lab() async throws -> RunningLab {
        // The verifier judges on the cooperative pool, which the whole parallel test run shares: the lab waits
        // for it longer than its default 5 s before dropping a quiet connection.
        try await OffPoolThread.run {
            try RunningLab.start(DemoLabOptions(slowHold: .seconds(2), ioTimeoutSeconds: 60))
        }
    }

    static func policy(_ lab: RunningLab, manifest: PinManifest? = nil) -> PinningPolicy {
        PinningPolicy(
            manifest: manifest ?? lab.demoManifest(rootAnchorPath: "root.pem"),
            trustAnchors: TrustAnchors(certificates: [lab.root]))
    }

    @Test("the good domain is accepted, the verdict kept; MITM is refused with the verdict as the error")
    func goodAndMITM() async throws {
        let lab = try await Self.lab()
        defer { lab.stop() }
        let policy = Self.policy(lab)
        let good = await PinnedHandshake.run(host: lab.scenario(.good).host, port: Int(lab.port), policy: policy)
        #expect((try? good.result.get()) != nil, "\(good.result)")
        #expect(good.verifier.verdict?.outcome == .accepted)
        #expect(good.verifier.rejection == nil)

        let mitm = await PinnedHandshake.run(host: lab.scenario(.mitm).host, port: Int(lab.port), policy: policy)
        guard case .failure(let error) = mitm.result, let rejection = error as? PinningRejection else {
            Issue.record("MITM was not refused with a PinningRejection: \(mitm.result)")
            return
        }
        #expect(rejection.verdict.outcome == .rejected)
        #expect(rejection.verdict.rejection == .untrustedChain)
        #expect(rejection.description.contains("mitm.pinbench.test: rejected"))
    }

    @Test("report-only passes with a report; lapsed pins fall back to default trust with a report")
    func reportOnlyAndLapsed() async throws {
        let lab = try await Self.lab()
        defer { lab.stop() }
        var manifest = lab.demoManifest(rootAnchorPath: "root.pem")
        let good = lab.scenario(.good).host
        let index = manifest.indexOfDomain(good)!
        // good pinned to keys it does not serve: report-only lets it through and reports, enforce refuses, and a
        // lapsed expiry skips the pins (default trust only) and reports that.
        manifest.domains[index].pins = [
            Pin(type: .spkiSHA256, value: Data(repeating: 1, count: 32).base64EncodedString()),
            Pin(type: .spkiSHA256, value: Data(repeating: 2, count: 32).base64EncodedString(), role: .backup),
        ]
        manifest.domains[index].mode = .reportOnly
        let reports = PinnedHandshake.Reports()
        let reportOnly = await PinnedHandshake.run(
            host: good, port: Int(lab.port), policy: Self.policy(lab, manifest: manifest), reports: reports)
        #expect((try? reportOnly.result.get()) != nil, "\(reportOnly.result)")
        #expect(reports.all.map(\.outcome) == [.reportOnlyViolation])

        manifest.domains[index].mode = .enforce
        let enforced = await PinnedHandshake.run(
            host: good, port: Int(lab.port), policy: Self.policy(lab, manifest: manifest))
        #expect((enforced.result.failureError as? PinningRejection)?.verdict.rejection == .pinMismatch)

        manifest.domains[index].expires = CalendarDay(containing: Date().addingTimeInterval(-2 * 86_400))
        let lapsedReports = PinnedHandshake.Reports()
        let lapsed = await PinnedHandshake.run(
            host: good, port: Int(lab.port), policy: Self.policy(lab, manifest: manifest), reports: lapsedReports)
        #expect((try? lapsed.result.get()) != nil, "\(lapsed.result)")
        #expect(lapsedReports.all.map(\.outcome) == [.pinsLapsed])
    }

    @Test("a swapped manifest takes effect for the next handshake without a new policy object")
    func reload() async throws {
        let lab = try await Self.lab()
        defer { lab.stop() }
        let policy = Self.policy(lab)
        let host = lab.scenario(.good).host
        #expect((try? await PinnedHandshake.run(host: host, port: Int(lab.port), policy: policy).result.get()) != nil)
        var strict = lab.demoManifest(rootAnchorPath: "root.pem")
        let index = strict.indexOfDomain(host)!
        strict.domains[index].pins = [
            Pin(type: .spkiSHA256, value: Data(repeating: 7, count: 32).base64EncodedString()),
            Pin(type: .spkiSHA256, value: Data(repeating: 8, count: 32).base64EncodedString(), role: .backup),
        ]
        strict.domains[index].mode = .enforce
        policy.replace(manifest: strict)
        let after = await PinnedHandshake.run(host: host, port: Int(lab.port), policy: policy)
        #expect((after.result.failureError as? PinningRejection)?.verdict.rejection == .pinMismatch)
    }

    @Test("the pinned intermediate appended to an attacker's trusted chain does not pass (CVE-2016-2402)")
    func appendedPin() async throws {
        let pki = try await OffPoolThread.run { try TestPKI(host: "api.pinbench.test") }
        // A rogue but trusted CA (its root is an anchor) issued the impostor chain; the genuine pinned
        // intermediate and leaf are appended, as in the OkHttp attack.
        let server = try await OpenSSLServer.start(
            OpenSSLServer.Identity(
                pki.impostor.leaf, chain: pki.impostor.intermediates + [pki.intermediate, pki.good.leaf]))
        defer { server.stop() }
        let manifest = PinManifest(domains: [
            DomainPolicy(
                host: pki.host,
                pins: [
                    Pin(
                        certificate: CertificateDetails(pki.intermediate.certificate), level: 1, type: .spkiSHA256,
                        added: Date()),
                    Pin(
                        certificate: CertificateDetails(pki.good.leaf.certificate), level: 0, type: .spkiSHA256,
                        role: .backup, added: Date()),
                ])
        ])
        let policy = PinningPolicy(
            manifest: manifest,
            trustAnchors: TrustAnchors(certificates: [pki.root.certificate, pki.impostor.root.certificate]))
        let attack = await PinnedHandshake.run(host: pki.host, port: Int(server.port), policy: policy)
        let rejection = attack.result.failureError as? PinningRejection
        #expect(rejection?.verdict.rejection == .pinMismatch, "\(String(describing: attack.result))")
        #expect(rejection?.verdict.explanation.contains { $0.contains("not part of the verified path") } == true)
    }

    @Test("every lab scenario: accepted or refused as pinbench validate decides on the chain the lab serves")
    func sameVerdictAsValidate() async throws {
        let lab = try await Self.lab()
        defer { lab.stop() }
        let folder = TemporaryFolder()
        try lab.writeRoot(to: folder.url.appendingPathComponent("root.pem"))
        let manifest = lab.demoManifest(rootAnchorPath: "root.pem")
        let manifestPath = folder.write("pins.json", String(decoding: ManifestCodec.encode(manifest), as: UTF8.self))
        let policy = Self.policy(lab, manifest: manifest)
        for scenario in lab.scenarios {
            let chainPath = folder.write(
                "\(scenario.name).pem",
                scenario.servedChain.map { PEMDocumentText(type: "CERTIFICATE", der: $0).text }.joined())
            let arguments = [
                "validate", "--host", scenario.host, "--chain", chainPath, "--manifest", manifestPath,
                "--no-system-trust",
            ]
            let validate = try await OffPoolThread.run { try PinBenchBinary.run(arguments) }
            let nio = await PinnedHandshake.run(host: scenario.host, port: Int(lab.port), policy: policy)
            let validateAccepts = validate.status == 0
            if scenario.kind == .weak {
                // The core agrees with validate on the chain, but BoringSSL (NIOSSL's TLS) then refuses the RSA key
                // exchange itself: the weak leaf lacks keyEncipherment (KEY_USAGE_BIT_INCORRECT). Refused by TLS,
                // not by the policy.
                #expect(nio.verifier.verdict?.allowsConnection == validateAccepts)
                #expect(nio.result.failureError is NIOSSLError, "\(nio.result)")
                continue
            }
            let nioAccepts = (try? nio.result.get()) != nil
            #expect(nioAccepts == validateAccepts, "\(scenario.name): validate \(validate.status), NIO \(nio.result)")
            if let verdict = nio.verifier.verdict {
                #expect(validate.stdoutText.contains(verdict.summary), "\(scenario.name): same words")
            }
        }
    }
}

/// `pinbench-fetch`, the executable, against the lab: what a Linux service using the manifest would do.
@Suite("pinbench-fetch against the demo lab", .serialized)
struct FetchCommandTests {
    static func fetch(_ arguments: [String]) async throws -> ProcessRunner.Result {
        let url = PinBenchBinary.url.deletingLastPathComponent().appendingPathComponent("pinbench-fetch")
        return try await OffPoolThread.run { try ProcessRunner.run(url.path, arguments, timeout: 60) }
    }

    @Test("good: status, headers (escaped) and the verdict, exit 0; MITM: the verdict on stderr, exit 1")
    func goodAndMITM() async throws {
        let lab = try await PinningNIOTests.lab()
        defer { lab.stop() }
        let folder = TemporaryFolder()
        try lab.writeRoot(to: folder.url.appendingPathComponent("root.pem"))
        let manifest = folder.write(
            "pins.json",
            String(decoding: ManifestCodec.encode(lab.demoManifest(rootAnchorPath: "root.pem")), as: UTF8.self))
        let common = ["--manifest", manifest, "--connect", lab.endpoint, "--ca-bundle", folder.url.path + "/root.pem"]
        let good = try await Self.fetch(["https://\(lab.scenario(.good).host)/", "--show-headers"] + common)
        #expect(good.status == 0, "\(good.stderrText)")
        #expect(good.stdoutText.hasPrefix("HTTP/1.1 200 OK\n"))
        #expect(good.stdoutText.contains("Content-Length: "))
        #expect(good.stdoutText.contains("good.pinbench.test: accepted"))
        let mitm = try await Self.fetch(["https://\(lab.scenario(.mitm).host)/"] + common)
        #expect(mitm.status == 1)
        #expect(mitm.stdoutText.isEmpty)
        #expect(mitm.stderrText.contains("mitm.pinbench.test: rejected: the chain does not lead to a trust anchor."))
        let refused = try await Self.fetch(["http://\(lab.scenario(.good).host)/"] + common)
        #expect(refused.status == 2 && refused.stderrText.contains("is not an https URL"))
    }
}

extension Result {
    var failureError: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
