import ClientModels
import Foundation
import LabPKI
import PinExport
import PinningCore
import TestSupport
import Testing

/// The client models on real chains of the test PKI: where clients part from PinBench, and from each other.
@Suite("Client models")
struct ClientModelTests {
    let pki = Fixtures.pki
    var host: String { pki.host }

    func verdicts(
        _ pins: [Pin], chain: [IssuedCertificate]? = nil, host: String? = nil, mode: EnforcementMode = .enforce,
        expires: CalendarDay? = nil, subdomains: Bool = false, anchors: [IssuedCertificate]? = nil,
        at time: Date = Date()
    ) async -> (Verdict, [PinClient: ClientVerdict]) {
        let manifest = Fixtures.manifest(
            DomainPolicy(host: pki.host, includeSubdomains: subdomains, mode: mode, expires: expires, pins: pins))
        let target = host ?? pki.host
        let served = (chain ?? pki.good.presented).map { ChainCertificate($0.certificate) }
        let trusted = anchors ?? [pki.root]
        let validator = Fixtures.validator(manifest, anchors: trusted)
        let verdict = await validator.validate(host: target, chain: served, at: time)
        let all = await ClientJudge.judgeAll(
            PinClient.allCases, host: target, manifest: manifest, verdict: verdict, chain: served,
            validator: validator, at: time)
        return (verdict, Dictionary(uniqueKeysWithValues: all.map { ($0.client, $0) }))
    }

    var backup: Pin { Fixtures.pin(Fixtures.unrelatedPin, role: .backup) }

    @Test("a root pin the server does not send: OkHttp and Android match the anchor, curl never can")
    func rootNotSent() async {
        let (verdict, clients) = await verdicts([Fixtures.pin(Fixtures.spki(pki.root)), backup])
        #expect(verdict.outcome == .accepted)
        #expect(clients[.okhttp]?.outcome == .accepted)
        #expect(clients[.okhttp]?.matchedLevel == 2)
        #expect(clients[.android]?.outcome == .accepted)
        #expect(clients[.trustkit]?.outcome == .accepted)
        #expect(clients[.curl]?.outcome == .rejected)
        #expect(clients[.curl]?.reason.contains("(90)") == true)
        #expect(clients[.curl]?.difference?.contains("disagree") == true)
        // A position-any pin is no ATS identity: ATS pins nothing for the domain.
        #expect(clients[.ats]?.outcome == .notPinned)
        #expect(clients[.hpkp]?.outcome == .notPinned)
    }

    @Test("a CA pin: curl carries none (not pinned), ATS matches it as a CA identity")
    func caPin() async {
        let caBackup = Fixtures.pin(Fixtures.unrelatedPin, role: .backup, position: .ca)
        let (_, clients) = await verdicts([Fixtures.pin(Fixtures.spki(pki.intermediate), position: .ca), caBackup])
        #expect(clients[.curl]?.outcome == .notPinned)
        #expect(clients[.ats]?.outcome == .accepted)
        #expect(clients[.ats]?.matchedLevel == 1)
    }

    @Test("an ATS CA identity copied from the leaf never matches, and a pin sent off the path counts nowhere")
    func leafAsCAIdentityAndOffPath() async {
        let copied = [Fixtures.pin(Fixtures.spki(pki.good.leaf), position: .ca), backup]
        let (verdict, clients) = await verdicts(copied)
        #expect(verdict.outcome == .rejected)
        #expect(clients[.ats]?.outcome == .rejected)
        #expect(clients[.ats]?.difference == nil)
        let stray = try! CertificateIssuer.root(commonName: "Stray Root")
        let (offPath, others) = await verdicts(
            [Fixtures.pin(Fixtures.spki(stray)), backup], chain: pki.good.presented + [stray])
        #expect(offPath.outcome == .rejected)
        for client in [PinClient.okhttp, .okhttp3, .android, .trustkit, .urlsession, .curl] {
            #expect(others[client]?.outcome == .rejected, "\(client)")
        }
    }

    @Test("expired pins: PinBench and Android stop checking, OkHttp and curl enforce the pins they were given")
    func expiry() async {
        let yesterday = CalendarDay(containing: Date().addingTimeInterval(-2 * 86_400))
        let (verdict, clients) = await verdicts([Fixtures.pin(Fixtures.unrelatedPin), backup], expires: yesterday)
        #expect(verdict.outcome == .pinsLapsed)
        #expect(clients[.android]?.outcome == .pinsLapsed)
        #expect(clients[.trustkit]?.outcome == .pinsLapsed)
        #expect(clients[.okhttp]?.outcome == .rejected)
        #expect(clients[.okhttp]?.reason.contains("has none") == true)
        #expect(clients[.curl]?.outcome == .rejected)
    }

    @Test("report-only: TrustKit reports and proceeds, Alamofire does not pin, OkHttp enforces")
    func reportOnly() async {
        let (verdict, clients) = await verdicts([Fixtures.pin(Fixtures.unrelatedPin), backup], mode: .reportOnly)
        #expect(verdict.outcome == .reportOnlyViolation)
        #expect(clients[.trustkit]?.outcome == .reportOnlyViolation)
        #expect(clients[.trustkit]?.difference == nil)
        #expect(clients[.alamofire]?.outcome == .notPinned)
        #expect(clients[.afnetworking]?.outcome == .notPinned)
        #expect(clients[.okhttp]?.outcome == .rejected)
        #expect(clients[.android]?.outcome == .rejected)
    }

    @Test("one pin: TrustKit refuses its configuration, the others accept; one short domain refuses every host")
    func trustKitNeedsTwo() async throws {
        let (_, clients) = await verdicts([Fixtures.pin(Fixtures.spki(pki.good.leaf))])
        #expect(clients[.trustkit]?.outcome == .configurationRefused)
        #expect(clients[.trustkit]?.allowsConnection == false)
        #expect(clients[.okhttp]?.outcome == .accepted)
        #expect(clients[.curl]?.outcome == .accepted)
        #expect(clients[.trustkit]?.difference?.hasSuffix("they disagree on the connection.") == true)
        // One short domain refuses every host: another domain's, rejected by PinBench too, is refused by both.
        let pinned = DomainPolicy(host: host, pins: [Fixtures.pin(Fixtures.spki(pki.good.leaf)), backup])
        let short = Fixtures.manifest(pinned, DomainPolicy(host: "other.test", pins: [backup]))
        let served = pki.good.presented.map { ChainCertificate($0.certificate) }
        let validator = Fixtures.validator(short)
        let verdict = await validator.validate(host: "wrong.test", chain: served, at: Date())
        let trustkit = try #require(
            await ClientJudge.judgeAll(
                [.trustkit], host: "wrong.test", manifest: short, verdict: verdict, chain: served,
                validator: validator, at: Date()
            ).first)
        #expect(verdict.outcome == .rejected)
        #expect(trustkit.outcome == .configurationRefused)
        #expect(trustkit.reason.contains("other.test lists 1 key pin,"))
        #expect(trustkit.difference?.hasSuffix("both refuse the connection.") == true)
    }

    @Test("a domain with no pins is not pinned: TrustKit leaves it out and refuses nothing")
    func trustKitLeavesUnpinnedOut() async throws {
        let pinned = DomainPolicy(host: host, pins: [Fixtures.pin(Fixtures.spki(pki.good.leaf)), backup])
        let manifest = Fixtures.manifest(pinned, DomainPolicy(host: "other.test", mode: .reportOnly))
        let served = pki.good.presented.map { ChainCertificate($0.certificate) }
        let validator = Fixtures.validator(manifest)
        let verdict = await validator.validate(host: host, chain: served, at: Date())
        let trustkit = try #require(
            await ClientJudge.judgeAll(
                [.trustkit], host: host, manifest: manifest, verdict: verdict, chain: served, validator: validator,
                at: Date()
            ).first)
        #expect(trustkit.outcome == .accepted, "\(trustkit.reason)")
        #expect(!ClientModel.trustkit.refusesDomain(carrying: 0))
        #expect(ClientModel.trustkit.refusesDomain(carrying: 1))
        // The export agrees: the unpinned domain is left out, and says so; nothing is refused.
        let export = PinExporter.export(manifest, as: .trustkit)
        #expect(!export.findings.contains { $0.severity == .refusedByClient }, "\(export.findings)")
        #expect(export.findings.contains { $0.message.contains("other.test: lists no key pin, so it is not pinned") })
        let plist = try #require(
            try PropertyListSerialization.propertyList(from: Data(export.text.utf8), format: nil) as? [String: Any])
        let domains = (plist["TSKConfiguration"] as? [String: Any])?["TSKPinnedDomains"] as? [String: Any]
        #expect(domains.map { Set($0.keys) } == [host])
    }

    @Test("subdomains: OkHttp 4 covers www., OkHttp 3 one label only, curl none")
    func subdomains() async {
        let pins = [Fixtures.pin(Fixtures.unrelatedPin), backup]
        let (verdict, clients) = await verdicts(pins, host: "www." + host, subdomains: true)
        #expect(verdict.outcome == .rejected)
        #expect(clients[.okhttp]?.outcome == .rejected)
        #expect(clients[.okhttp3]?.outcome == .rejected)
        #expect(clients[.curl]?.outcome == .notPinned)
        #expect(
            ClientModel.okhttp3.covers(DomainPolicy(host: host, includeSubdomains: true), host: "a.b." + host) == false)
        #expect(ClientModel.okhttp.covers(DomainPolicy(host: host, includeSubdomains: true), host: "a.b." + host))
    }

    @Test("untrusted chains: every client refuses before its pins, in its own words")
    func untrusted() async {
        let pins = [Fixtures.pin(Fixtures.spki(pki.wrongHost.leaf)), backup]
        let (verdict, clients) = await verdicts(pins, chain: pki.wrongHost.presented)
        #expect(verdict.rejection == .hostnameMismatch)
        #expect(clients.values.allSatisfy { $0.outcome == .rejected || $0.outcome == .configurationRefused })
        #expect(clients[.curl]?.reason.contains("(60)") == true)
        #expect(clients[.okhttp3]?.reason.contains("Hostname \(host) not verified") == true)
    }

    @Test("a self-signed leaf in the trust store: trusted as it is by PinBench and every client, name and dates judged")
    func leafAnchor() async throws {
        let pins = [Fixtures.pin(Fixtures.spki(pki.selfSigned)), backup]
        let (verdict, clients) = await verdicts(pins, chain: [pki.selfSigned], anchors: [pki.selfSigned])
        #expect(verdict.isTrusted && verdict.allowsConnection, "\(verdict.report)")
        #expect(verdict.certificates.filter(\.inVerifiedPath).count == 1)
        #expect(clients[.curl]?.outcome == .accepted)
        #expect(clients[.okhttp3]?.outcome == .accepted)
        #expect(clients[.android]?.outcome == .accepted)
        // At another host, refused for its name: curl says so with exit 60.
        let (wrongHost, elsewhere) = await verdicts(
            pins, chain: [pki.selfSigned], host: "other.pinbench.test", anchors: [pki.selfSigned])
        #expect(wrongHost.rejection == .hostnameMismatch)
        #expect(elsewhere[.curl]?.outcome == .rejected)
        #expect(elsewhere[.curl]?.reason.contains("no alternative certificate subject name") == true)
        // After its notAfter: expired.
        let (expired, _) = await verdicts(
            pins, chain: [pki.selfSigned], anchors: [pki.selfSigned],
            at: pki.selfSigned.certificate.notValidAfter.addingTimeInterval(86_400))
        #expect(expired.rejection == .expired, "\(expired.report)")
        // Not an anchor: untrusted for every client.
        let (_, untrusted) = await verdicts(pins, chain: [pki.selfSigned])
        #expect(untrusted[.curl]?.outcome == .rejected)
        #expect(untrusted[.okhttp]?.outcome == .rejected)
        // A CA-issued leaf that is also listed as an anchor keeps its path through its CA, so CA pins still match.
        let caPins = [Fixtures.pin(Fixtures.spki(pki.intermediate)), backup]
        let (both, _) = await verdicts(caPins, anchors: [pki.root, pki.good.leaf])
        #expect(both.isTrusted && both.matchedPin?.level == 1, "\(both.report)")
    }

    @Test("each export format names its client model, and the exports that write pins carry exactly its pins")
    func exportPairing() {
        let domain = DomainPolicy(
            host: host,
            pins: [
                Fixtures.pin(Fixtures.spki(pki.good.leaf), position: .leaf),
                Fixtures.pin(Fixtures.spki(pki.intermediate), position: .ca),
                Fixtures.pin(Fixtures.spki(pki.root)),
                Fixtures.pin(Fixtures.cert(pki.root), type: .certSHA256),
            ])
        let manifest = Fixtures.manifest(domain)
        for format in ExportFormat.allCases {
            #expect(format.clientModel.client.rawValue == format.rawValue, "\(format)")
        }
        let curl = PinExporter.export(manifest, as: .curl).text
        let curlPins = ExportFormat.curl.clientModel.carriedPins(domain).map(\.value)
        #expect(curlPins.count == 2)
        #expect(curl.contains("sha256//" + curlPins.joined(separator: ";sha256//")), "\(curl)")
        let okhttp = PinExporter.export(manifest, as: .okhttp, options: ExportOptions(okHttpVersion: .v3)).text
        let okhttpPins = OkHttpVersion.v3.clientModel.carriedPins(domain).map(\.value)
        #expect(okhttpPins.count == 3)
        let exported = okhttp.split(separator: "\n").filter { $0.contains(".add(") }
        #expect(exported.count == okhttpPins.count)
        for pin in okhttpPins { #expect(okhttp.contains("sha256/" + pin), "\(pin)") }
        // Every export that writes pin values as text writes exactly the pins its model carries (the ones lint's
        // client rules call within reach).
        for format in [ExportFormat.android, .trustkit, .ats, .hpkp, .curl, .okhttp] {
            let text = PinExporter.export(manifest, as: format).text
            let carried = Set(format.clientModel.carriedPins(domain).map(\.value))
            for pin in domain.pins {
                #expect(text.contains(pin.value) == carried.contains(pin.value), "\(format): \(pin.value)")
            }
        }
    }
}
