import ClientModels
import Foundation
import LabPKI
import ManifestLint
import PinningCore
import TestSupport
import Testing

/// Lint's client rules (``ClientReach``) against the client verdicts (``ClientJudge``, itself checked against real
/// curl and OkHttp): a pin lint says a client can match is one that client accepts the chain by, and a pin lint says
/// it cannot match is one it never accepts by.
@Suite("Client reach: lint's client rules")
struct ClientReachTests {
    let pki = Fixtures.pki
    let now = Date()
    let pinning = PinClient.allCases.filter { ClientModel.of($0).certificates != .none }

    struct Variant: CustomStringConvertible {
        let pin: Pin
        let companions: [Pin]
        let chain: [IssuedCertificate]
        let name: String
        var description: String { name }
    }

    /// Every certificate of the path (the root sent and not sent) pinned by key and by certificate, at position any
    /// and at its own position, alone or with a backup key pin at position any or leaf.
    var variants: [Variant] {
        let served = pki.good.presented
        let withRoot = served + [pki.root]
        let backups: [(String, [Pin])] = [
            ("alone", []),
            ("with an any backup", [Fixtures.pin(Fixtures.unrelatedPin, role: .backup)]),
            ("with a leaf backup", [Fixtures.pin(Fixtures.unrelatedPin, role: .backup, position: .leaf)]),
        ]
        var variants: [Variant] = []
        for (certificate, level, chain, what) in [
            (pki.good.leaf, 0, served, "leaf"), (pki.intermediate, 1, served, "intermediate"),
            (pki.root, 2, served, "root not sent"), (pki.root, 2, withRoot, "root sent"),
        ] {
            for type in PinType.allCases {
                let value = type == .spkiSHA256 ? Fixtures.spki(certificate) : Fixtures.cert(certificate)
                for position in [PinPosition.any, level == 0 ? .leaf : .ca] {
                    for (companionName, companions) in backups {
                        variants.append(
                            Variant(
                                pin: Fixtures.pin(value, type: type, position: position), companions: companions,
                                chain: chain, name: "\(what) \(type.rawValue) \(position.rawValue) \(companionName)"))
                    }
                }
            }
        }
        return variants
    }

    @Test("a client accepts by a pin exactly when lint finds it within the client's reach and no refusal")
    func reachAgreesWithVerdicts() async {
        var checked = 0
        for variant in variants {
            let domain = DomainPolicy(host: pki.host, pins: [variant.pin] + variant.companions)
            let manifest = Fixtures.manifest(domain)
            let chain = variant.chain.map { ChainCertificate($0.certificate) }
            let validator = Fixtures.validator(manifest)
            let verdict = await validator.validate(host: pki.host, chain: chain, at: now)
            let stacks = await ClientStackTrust.evaluate(verdict, chain: chain, validator: validator, at: now)
            #expect(verdict.outcome == .accepted, "\(variant): PinBench matches the pin")
            let served = ServedChain(presented: chain, verdict: verdict)
            let reach = ClientReach(domain, clients: PinClient.allCases, served: served)
            let gap = reach.gaps.first { $0.pin == variant.pin }
            for client in pinning {
                let judged = ClientJudge.judge(
                    .of(client), host: pki.host, manifest: manifest, verdict: verdict, stacks: stacks, at: now)
                let reachable = !(gap?.outOfReach.contains { $0.client == client } ?? false)
                let refused = reach.refusals.contains { $0.client == client }
                let failsBoth = reach.bothRequired.contains { $0.client == client && $0.failsNow }
                #expect(
                    (judged.outcome == .accepted) == (reachable && !refused && !failsBoth),
                    "\(variant), \(client): judged \(judged.outcome.rawValue), reach says reachable \(reachable), refused \(refused)"
                )
                if refused { #expect(judged.outcome == .configurationRefused, "\(variant), \(client)") }
                checked += 1
            }
        }
        #expect(checked == variants.count * pinning.count)
        #expect(checked >= 400)
    }

    @Test("the classic gaps have the reasons a reviewer needs")
    func reasons() async {
        let served = pki.good.presented.map { ChainCertificate($0.certificate) }
        let rootKey = Fixtures.pin(Fixtures.spki(pki.root))
        let leafCertificate = Fixtures.pin(Fixtures.cert(pki.good.leaf), type: .certSHA256)
        let domain = DomainPolicy(host: pki.host, pins: [rootKey, leafCertificate])
        let verdict = await Fixtures.validator(Fixtures.manifest(domain)).validate(
            host: pki.host, chain: served, at: now)
        let reach = ClientReach(
            domain, clients: PinClient.allCases, served: ServedChain(presented: served, verdict: verdict))
        func reasons(_ pin: Pin) -> [PinClient: ClientModel.PinOutOfReach] {
            let gap = reach.gaps.first { $0.pin == pin }
            return Dictionary(uniqueKeysWithValues: (gap?.outOfReach ?? []).map { ($0.client, $0.reason) })
        }
        #expect(reasons(rootKey) == [.curl: .onlyAboveTheLeaf, .ats: .positionNotCarried])
        #expect(
            reasons(leafCertificate) == [
                .curl: .typeNotCarried, .okhttp: .typeNotCarried, .okhttp3: .typeNotCarried,
                .android: .typeNotCarried, .ats: .typeNotCarried, .trustkit: .typeNotCarried,
                .alamofire: .otherKindChosen, .afnetworking: .otherKindChosen,
            ])
        #expect(reach.gaps.allSatisfy { !$0.outOfReach.contains { $0.client == .hpkp } })
        // TrustKit carries the root key alone: one pin, where it needs two.
        #expect(reach.refusals.map { ["\($0.client)", "\($0.carried)", "\($0.minimum)"] } == [["trustkit", "1", "2"]])
        // Without the served chain, curl's only reason against the root key is unknown.
        let unseen = ClientReach(domain, clients: [.curl], served: nil)
        #expect(unseen.gaps.map(\.pin) == [leafCertificate])
    }

    @Test("lint words the rules only for the named clients, naming them; malformed pins are left to their own rule")
    func lintFindings() {
        let domain = DomainPolicy(
            host: pki.host,
            pins: [
                Fixtures.pin(Fixtures.cert(pki.good.leaf), type: .certSHA256, position: .leaf),
                Fixtures.pin(Fixtures.spki(pki.intermediate), role: .backup, position: .ca),
                Fixtures.pin("not-a-pin"),
            ])
        let manifest = Fixtures.manifest(domain)
        func findings(_ clients: [PinClient]) -> [LintFinding] {
            let environment = LintEnvironment(publicSuffixes: .success(PublicSuffixList.compiledIn), clients: clients)
            return ManifestLinter(environment).lint(manifest, now: now).filter {
                $0.rule == .pinOutOfSomeClientsReach || $0.rule == .clientRefusesDomain
            }
        }
        #expect(findings([]).isEmpty)
        let some = findings([.urlsession, .okhttp, .curl])
        #expect(some.count == 2)
        #expect(some.allSatisfy { $0.severity == .warning && $0.host == pki.host })
        let certificate = some.first { $0.message.hasPrefix("cert-sha256") }
        #expect(certificate?.message.contains("can be matched by URLSession delegate only") == true)
        #expect(certificate?.message.contains("OkHttp 4 and curl carry key pins only") == true)
        #expect(certificate?.fix.contains("spki-sha256") == true)
        let caKey = some.first { $0.message.hasPrefix("spki-sha256") }
        #expect(caKey?.message.contains("curl leaves out a pin at position ca") == true)
        #expect(!some.contains { $0.message.contains("not-a-pin") })
        let withBrowsers = findings([.okhttp, .hpkp, .trustkit])
        #expect(withBrowsers.contains { $0.host == nil && $0.message.hasPrefix("HPKP (browsers) ignores every pin") })
        #expect(withBrowsers.contains { $0.rule == .clientRefusesDomain && $0.message.hasPrefix("TrustKit carries 1") })
        #expect(!withBrowsers.contains { $0.message.contains("HPKP") && $0.host != nil })
    }

    @Test("diff: a change's client warnings, marked when the domain had the same gap before")
    func diff() {
        let leafCertificate = Fixtures.pin(Fixtures.cert(pki.good.leaf), type: .certSHA256)
        let intermediateCertificate = Fixtures.pin(Fixtures.cert(pki.intermediate), type: .certSHA256, role: .backup)
        let key = Fixtures.pin(Fixtures.spki(pki.intermediate), role: .backup)
        let old = Fixtures.manifest(DomainPolicy(host: pki.host, pins: [leafCertificate]))
        let added = Fixtures.manifest(DomainPolicy(host: pki.host, pins: [leafCertificate, intermediateCertificate]))
        let warnings = ManifestDiff(from: old, to: added).clientWarnings(clients: [.okhttp, .alamofire])
        #expect(warnings.count == 2)
        #expect(warnings.map(\.alsoBefore) == [true, false])
        #expect(warnings[1].finding.message.contains(intermediateCertificate.value))
        // A key pin makes Alamofire drop the certificate pins: the same pin, a new reason, so it is not "before".
        let keyed = Fixtures.manifest(DomainPolicy(host: pki.host, pins: [leafCertificate, key]))
        let changed = ManifestDiff(from: old, to: keyed).clientWarnings(clients: [.okhttp, .alamofire])
        #expect(changed.map(\.alsoBefore) == [false])
        #expect(changed.first?.finding.message.contains("Alamofire takes the domain's key pins") == true)
        #expect(ManifestDiff(from: old, to: added).clientWarnings(clients: []).isEmpty)
        let lines = ManifestDiff(from: old, to: added).lines(clientWarnings: warnings).filter {
            $0.kind == .clientWarning
        }
        #expect(lines.map { $0.text.hasPrefix("! CLIENTS ") } == [false, true])
    }
}
