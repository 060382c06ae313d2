import Foundation
import LabPKI
import PinExport
import TestSupport
import Testing

@testable import ClientModels
@testable import PinningCore

/// The `urlsession` export's delegate, compiled by swiftc and run against the runnable Apple stubs
/// (Tests/PinExportTests/AppleStubs), decides every chain of the client agreement table as the `urlsession` client
/// model says.
///
/// The stub's SecTrust carries what iOS's default evaluation decides and the chain it builds. Both come from PinBench's
/// validator: that is the model's premise (``ClientJudge``: default trust is PinBench's for every client). The
/// evaluation is run without the manifest, since iOS evaluates trust without knowing the pins. Everything after it is
/// the generated code's own: the policy lookup, expiry, the SubjectPublicKeyInfo it rebuilds from the stub's
/// `SecKeyCopyExternalRepresentation`, the hashes, report-only.
@Suite("The generated URLSession delegate, run against the Apple stubs, decides as the urlsession model")
struct URLSessionDelegateRunTests {
    /// One chain, one manifest, one host.
    struct Case: Sendable {
        let name: String
        let served: [IssuedCertificate]
        let anchors: [IssuedCertificate]
        let host: String
        let manifest: PinManifest
    }

    /// What the driver (AppleStubs/URLSessionChallengeDriver.swift) printed for one case.
    struct Result: Decodable, Sendable {
        let disposition: String
        let credentialForTrust: Bool
        let calls: Int
        let reported: [String]
        let policyLapsed: Bool
    }

    /// One case as the driver reads it, with what the test expects.
    struct Prepared: Sendable {
        let name: String
        let host: String
        let manifest: PinManifest
        let trusted: Bool
        let chain: [String]
        let export: String
        let verdict: Verdict
        let stacks: ClientStackTrust
        let expected: ClientVerdict.Outcome
    }

    /// The agreement table, then chains of every key type the delegate rebuilds a SubjectPublicKeyInfo for (the table
    /// is all P-256): RSA 2048 and 3072, P-384 and P-521; and a domain that lists no pins.
    static func cases() throws -> [Case] {
        let table = try AgreementTable.make().cases.map {
            Case(
                name: $0.name, served: $0.served, anchors: $0.anchors, host: $0.host,
                manifest: PinManifest(domains: [$0.domain]))
        }
        let host = TestPKI.shared.host
        let root = try CertificateIssuer.root(commonName: "RSA Root", key: .rsa(bits: 2048))
        let intermediate = try CertificateIssuer.intermediate(commonName: "P-384 CA", key: .p384, issuer: root)
        let p521 = try CertificateIssuer.leaf(commonName: host, dnsNames: [host], key: .p521, issuer: intermediate)
        let rsa = try CertificateIssuer.leaf(commonName: host, dnsNames: [host], key: .rsa(bits: 3072), issuer: root)
        let nothing = Pin(type: .spkiSHA256, value: Data(repeating: 9, count: 32).base64EncodedString())
        func entry(_ name: String, _ served: [IssuedCertificate], _ pin: Pin) -> Case {
            Case(
                name: name, served: served, anchors: [root], host: host,
                manifest: PinManifest(domains: [DomainPolicy(host: host, pins: [pin, nothing])]))
        }
        func key(_ issued: IssuedCertificate) -> Pin {
            Pin(type: .spkiSHA256, value: CertificateDetails(issued.certificate).spkiPin)
        }
        return table + [
            entry("RSA 2048 root key, root not sent", [p521, intermediate], key(root)),
            entry("P-384 intermediate key", [p521, intermediate], key(intermediate)),
            entry("P-521 leaf key", [p521, intermediate], key(p521)),
            entry("RSA 3072 leaf key", [rsa], key(rsa)),
            entry(
                "certificate pin on the P-384 intermediate", [p521, intermediate],
                Pin(type: .certSHA256, value: CertificateDetails(intermediate.certificate).certPin)),
            Case(
                name: "a domain that lists no pins", served: [p521, intermediate], anchors: [root], host: host,
                manifest: PinManifest(domains: [DomainPolicy(host: host, pins: [])])),
        ]
    }

    /// The stub's trust for `entry` (PinBench's default evaluation, without pins), the model's verdict, the export.
    static func prepare(_ entry: Case, at now: Date) async throws -> Prepared {
        let served = entry.served.map { ChainCertificate($0.certificate) }
        let anchors = TrustAnchors(certificates: entry.anchors.map(\.certificate))
        let evaluation = await PinValidator(manifest: PinManifest(domains: []), trustAnchors: anchors).validate(
            host: entry.host, chain: served, at: now)
        // The evaluated chain as iOS returns it: the verified path, leaf to anchor, each certificate's DER.
        var ders: [String: [UInt8]] = [:]
        for certificate in served + entry.anchors.map({ ChainCertificate($0.certificate) }) {
            ders[certificate.details.certPin] = certificate.der
        }
        let chain = try evaluation.certificates.filter(\.inVerifiedPath).map { certificate in
            try #require(ders[certificate.pinValue(.certSHA256)], "\(entry.name): a path certificate not given")
        }
        let validator = PinValidator(manifest: entry.manifest, trustAnchors: anchors)
        let verdict = await validator.validate(host: entry.host, chain: served, at: now)
        let stacks = await ClientStackTrust.evaluate(verdict, chain: served, validator: validator, at: now)
        // The app shipped the pins before they lapsed: the delegate carries them and checks the date itself.
        let export = PinExporter.export(
            entry.manifest, as: .urlsession, options: ExportOptions(now: now, includeLapsed: true))
        let model = ClientJudge.judge(
            .urlsession, host: entry.host, manifest: entry.manifest, verdict: verdict, stacks: stacks, at: now)
        return Prepared(
            name: entry.name, host: entry.host, manifest: entry.manifest, trusted: evaluation.isTrusted,
            chain: chain.map { Data($0).base64EncodedString() }, export: export.text, verdict: verdict,
            stacks: stacks, expected: model.outcome)
    }

    /// Builds the driver with one export per case and runs it: what each delegate did, in case order.
    static func run(_ prepared: [Prepared]) throws -> [Result] {
        let folder = TemporaryFolder()
        var sources = [
            AppleToolchain.stubs.appendingPathComponent("URLSessionChallengeDriver.swift").path
        ]
        var main = ["import Foundation", "import Security", "", "let delegates = ["]
        var input: [[String: Any]] = []
        for (index, entry) in prepared.enumerated() {
            sources.append(folder.write("U\(index).swift", AppleToolchain.wrapped(entry.export, in: "U\(index)")))
            main.append(
                "    DelegateUnderTest(make: { U\(index).PinBenchPinningDelegate(onReportOnlyMismatch: $0) }, "
                    + "policyLapsesAt: { U\(index).PinBenchPins.policy(for: $0)?.lapsesAt }),")
            input.append([
                "delegate": index, "host": entry.host, "trusted": entry.trusted, "chain": entry.chain,
            ])
        }
        main += [
            "]",
            "let results = try runChallenges(delegates, input: URL(fileURLWithPath: CommandLine.arguments[1]))",
            "print(String(decoding: try JSONEncoder().encode(results), as: UTF8.self))",
        ]
        sources.append(folder.write("main.swift", main.joined(separator: "\n") + "\n"))
        let cases = folder.write("cases.json", try JSONSerialization.data(withJSONObject: input))
        let build = try AppleToolchain.swift(
            ["-swift-version", "6", "-lSecurity", "-lCryptoKit", "-o", folder.path("delegates")] + sources,
            in: folder.url)
        try #require(build.status == 0, "\(build.stderrText.prefix(4000))")
        let run = try ProcessRunner.run(folder.path("delegates"), [cases], timeout: 120).checked()
        return try JSONDecoder().decode([Result].self, from: run.stdout)
    }

    /// The outcome a disposition means: a cancel rejects; a credential accepts, or carries a report-only violation
    /// when the callback fired; default handling is lapsed pins when the delegate's policy for the host has lapsed,
    /// else not pinned. Nil for anything a delegate must not do.
    static func outcome(_ result: Result, host: String) -> ClientVerdict.Outcome? {
        guard result.calls == 1 else { return nil }
        switch (result.disposition, result.reported) {
        case ("cancelAuthenticationChallenge", []): return .rejected
        case ("useCredential", []) where result.credentialForTrust: return .accepted
        case ("useCredential", [host]) where result.credentialForTrust: return .reportOnlyViolation
        case ("performDefaultHandling", []): return result.policyLapsed ? .pinsLapsed : .notPinned
        default: return nil
        }
    }

    @Test("every agreement case and key type: the compiled delegate's disposition is the urlsession model's outcome")
    func delegateAgreesWithModel() async throws {
        let now = Date()
        var prepared: [Prepared] = []
        for entry in try Self.cases() { prepared.append(try await Self.prepare(entry, at: now)) }
        let all = prepared
        let results = try await OffPoolThread.run { try Self.run(all) }
        try #require(results.count == prepared.count)
        for (entry, result) in zip(prepared, results) {
            let found = Self.outcome(result, host: entry.host)
            let delegate = "the delegate did \(result) (\(found?.rawValue ?? "nothing valid"))"
            #expect(found == entry.expected, "\(entry.name): \(delegate); the model says \(entry.expected.rawValue)")
        }
        #expect(prepared.count >= 38 + 6)
        // Every way the delegate decides occurs in the table.
        let outcomes = Set(prepared.map(\.expected))
        #expect(outcomes == [.accepted, .rejected, .notPinned, .pinsLapsed, .reportOnlyViolation], "\(outcomes)")

        // A model that differs from the delegate in one rule is caught by the table: each variant disagrees with what
        // the delegate did on at least one case.
        let model = ClientModel.urlsession
        let variants: [(String, ClientModel)] = [
            ("the presented leaf only", model.with(certificates: .presentedLeaf)),
            ("leaf and CA identities", model.with(positions: .leafAndCAIdentities)),
            ("leaf pins only", model.with(positions: .leafOnly)),
            ("key pins only", model.with(pinTypes: [.spkiSHA256])),
            ("expiry not carried", model.with(expiry: .notCarried)),
            ("report-only enforced", model.with(reportOnly: .enforced)),
            ("report-only not pinned", model.with(reportOnly: .notPinned)),
            ("one subdomain label", model.with(subdomains: .oneLabel)),
            ("exact host only", model.with(subdomains: .exactHostOnly)),
            ("at least two pins", model.with(minimumPins: 2)),
        ]
        var counts: [String] = []
        for (name, variant) in variants {
            var caught: [String] = []
            for (entry, result) in zip(prepared, results) {
                let judged = ClientJudge.judge(
                    variant, host: entry.host, manifest: entry.manifest, verdict: entry.verdict, stacks: entry.stacks,
                    at: now)
                if judged.outcome != Self.outcome(result, host: entry.host) { caught.append(entry.name) }
            }
            #expect(!caught.isEmpty, "a urlsession model with \(name) would pass unnoticed")
            counts.append("\(name): \(caught.count)")
        }
        print(
            "URLSessionDelegateRunTests: cases where a one-rule variant of the model differs from the delegate: "
                + counts.joined(separator: ", "))
    }
}

extension ClientModel {
    /// This model with one rule changed: a client the delegate must not be mistaken for.
    fileprivate func with(
        certificates: Certificates? = nil, pinTypes: Set<PinType>? = nil, positions: Positions? = nil,
        subdomains: Subdomains? = nil, expiry: Expiry? = nil, reportOnly: ReportOnly? = nil, minimumPins: Int? = nil
    ) -> ClientModel {
        ClientModel(
            client: client, certificates: certificates ?? self.certificates, pinTypes: pinTypes ?? self.pinTypes,
            pinKinds: pinKinds, positions: positions ?? self.positions, subdomains: subdomains ?? self.subdomains,
            unitesMatchingDomains: unitesMatchingDomains, expiry: expiry ?? self.expiry,
            reportOnly: reportOnly ?? self.reportOnly, minimumPins: minimumPins ?? self.minimumPins, trust: trust,
            sources: sources, wording: wording)
    }
}
