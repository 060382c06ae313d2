import CACatalog
import Foundation
import LabPKI
import PinningCore
import TestSupport
import Testing

/// A domain's issuance plan: what the setting states, what the served chain shows (issuer by key, profile by the
/// leaf's lifetime), what the catalog supplies, each value saying which; a declared CA that differs from the served
/// chain's reported as a typed value. Real chains: a lab CA shaped like Let's Encrypt (a pool of two active
/// intermediates and a backup under one root, a 90-day default profile and a 6-day one), the lab's test PKI, and
/// Let's Encrypt's real intermediates from the built-in catalog.
@Suite("Issuance plan: declared, inferred, defaulted, unknown")
struct IssuancePlanTests {
    /// A lab CA in the catalog format, as a team would describe it, with the keys to issue its leaves.
    struct LabCA {
        let root: IssuedCertificate
        let pool: [IssuedCertificate]
        let catalog: CACatalog

        init(isPublic: Bool = true) throws {
            let start = Date().addingTimeInterval(-30 * 86_400)
            let root = try CertificateIssuer.root(commonName: "Lab Root LE", notBefore: start)
            let pool = try ["Lab Y1", "Lab Y2", "Lab Y3"].map {
                try CertificateIssuer.intermediate(commonName: $0, issuer: root, notBefore: start)
            }
            self.root = root
            self.pool = pool
            let json = """
                {
                  "format": 1, "id": "labca", "name": "Lab CA", "public": \(isPublic), "issuance": "random",
                  "certificates": [
                    { "file": "root.pem", "label": "Lab Root", "role": "root", "status": "active" },
                    { "file": "y1.pem", "label": "Y1", "role": "intermediate", "status": "active" },
                    { "file": "y2.pem", "label": "Y2", "role": "intermediate", "status": "active" },
                    { "file": "y3.pem", "label": "Y3", "role": "intermediate", "status": "backup" }
                  ],
                  "profiles": [
                    { "name": "classic", "default": true, "lifetimes": [ { "days": 90 }, { "from": "2027-02-10", "days": 64 } ] },
                    { "name": "shortlived", "lifetimes": [ { "days": 6 } ] }
                  ]
                }
                """
            catalog = try CACatalog.builtIn().adding(
                try CACatalog.read(
                    from: CatalogFiles([
                        "labca/catalog.json": json, "labca/root.pem": root.pem, "labca/y1.pem": pool[0].pem,
                        "labca/y2.pem": pool[1].pem, "labca/y3.pem": pool[2].pem,
                    ])))
        }

        /// A leaf of `days` (as CAs count: the last second is inside) from pool member `index`, sent with it.
        func chain(days: Int, from index: Int = 0) throws -> [ChainCertificate] {
            try chain(seconds: Double(days) * 86_400 - 1, from: index)
        }

        /// A leaf whose notAfter is `seconds` after its notBefore, from pool member `index`, sent with it.
        func chain(seconds: TimeInterval, from index: Int = 0) throws -> [ChainCertificate] {
            let start = Date().addingTimeInterval(-3_600)
            let leaf = try CertificateIssuer.leaf(
                commonName: "api.lab.test", dnsNames: ["api.lab.test"], issuer: pool[index], notBefore: start,
                notAfter: start.addingTimeInterval(seconds))
            return [leaf.chainCertificate, pool[index].chainCertificate]
        }
    }

    let now = Date()
    var today: CalendarDay { CalendarDay(containing: now) }

    @Test("nothing declared: CA, pool and profile inferred from a 6-day leaf; key reuse from the profile")
    func inferred() throws {
        let lab = try LabCA()
        let plan = IssuancePlan(
            host: "api.lab.test", issuance: nil, served: try lab.chain(days: 6, from: 1), catalog: lab.catalog, on: now)
        #expect(plan.ca == .init(value: "labca", provenance: .inferred(.servedIssuer("Y2"))))
        #expect(plan.profile == .init(value: "shortlived", provenance: .inferred(.servedLeafLifetime(6))))
        #expect(plan.keyReuse == .init(value: false, provenance: .defaulted(.profile("shortlived"))))
        #expect(plan.lifetime.days == 6 && plan.lifetime.binding?.limit == .profile("shortlived"))
        #expect(plan.served == .init(issuer: .catalog(ca: "labca", intermediate: "Y2"), lifetimeDays: 6))
        #expect(plan.caChange == nil)
        let pools = plan.pools(issuedOn: today)
        #expect(pools.map(\.root) == ["Lab Root"])
        #expect(pools.first?.intermediates.map(\.label) == ["Y1", "Y2", "Y3"])
        #expect(plan.renewAt.map { abs($0 - 2.0 / 3.0) < 1e-9 } == true)
    }

    @Test("a 90-day leaf is the default profile; a 30-day one matches no profile, and bounds the plan by 30 days")
    func profileFromLifetime() throws {
        let lab = try LabCA()
        let ninety = IssuancePlan(
            host: "api.lab.test", issuance: nil, served: try lab.chain(days: 90), catalog: lab.catalog, on: now)
        #expect(ninety.profile == .init(value: "classic", provenance: .inferred(.servedLeafLifetime(90))))
        #expect(!ninety.lifetime.terms.contains { $0.limit == .servedLeafNoProfile })
        let thirty = IssuancePlan(
            host: "api.lab.test", issuance: nil, served: try lab.chain(days: 30), catalog: lab.catalog, on: now)
        #expect(thirty.profile == .init(value: "classic", provenance: .defaulted(.caDefaultProfile)))
        #expect(thirty.lifetime.days == 30, "what the CA issued this domain, not the 90-day default, bounds renewals")
        #expect(thirty.lifetime.binding == .init(limit: .servedLeafNoProfile, days: 30))
        #expect(thirty.lifetimeProvenance == .inferred(.servedLeafLifetime(30)))
        #expect(thirty.lines.contains { $0.contains("30 days: the served leaf's lifetime, inferred from the leaf") })
        // A declared profile does not hide the odd leaf either: the shorter bound applies.
        let declared = IssuancePlan(
            host: "api.lab.test", issuance: DomainIssuance(profile: "classic"), served: try lab.chain(days: 30),
            catalog: lab.catalog, on: now)
        #expect(declared.lifetime.days == 30 && declared.lifetime.binding?.limit == .servedLeafNoProfile)
    }

    @Test("a real 160-hour leaf (Let's Encrypt's short-lived certificates) is the 6-day profile, within a day")
    func profileWithinADay() throws {
        let lab = try LabCA()
        let leaf = try lab.chain(seconds: 160 * 3_600)
        let certificate = try #require(leaf.first)
        #expect(certificate.notAfter.timeIntervalSince(certificate.details.notBefore) == 160 * 3_600)
        let plan = IssuancePlan(host: "api.lab.test", issuance: nil, served: leaf, catalog: lab.catalog, on: now)
        #expect(plan.profile.value == "shortlived" && plan.profile.provenance.kind == "inferred")
        #expect(plan.lifetime.days == 6 && plan.lifetime.binding?.limit == .profile("shortlived"))
        #expect(plan.keyReuse == .init(value: false, provenance: .defaulted(.profile("shortlived"))))
        // A 90-day leaf counted to the last second, or to a whole day, is the default profile.
        for seconds in [90 * 86_400 - 1, 90 * 86_400, 90 * 86_400 + 86_400] {
            let classic = IssuancePlan(
                host: "api.lab.test", issuance: nil, served: try lab.chain(seconds: Double(seconds)),
                catalog: lab.catalog, on: now)
            #expect(classic.profile.value == "classic" && classic.profile.provenance.kind == "inferred", "\(seconds)")
        }
        // More than a day from every profile: none matches, and the leaf bounds the plan.
        let odd = IssuancePlan(
            host: "api.lab.test", issuance: nil, served: try lab.chain(seconds: 6 * 86_400 + 86_401),
            catalog: lab.catalog, on: now)
        #expect(odd.profile.provenance == .defaulted(.caDefaultProfile))
        #expect(odd.lifetime.binding?.limit == .servedLeafNoProfile)
    }

    @Test("declared fields win over the chain; the lifetime weighs the declaration, profile and SC-081")
    func declared() throws {
        let lab = try LabCA()
        let plan = IssuancePlan(
            host: "api.lab.test",
            issuance: DomainIssuance(ca: "labca", profile: "classic", lifetimeDays: 30, keyReuse: true),
            served: try lab.chain(days: 6), catalog: lab.catalog, on: now)
        #expect(plan.ca.provenance == .declared && plan.profile.provenance == .declared)
        #expect(plan.keyReuse == .init(value: true, provenance: .declared))
        #expect(plan.lifetime.days == 30 && plan.lifetime.binding?.limit == .declared)
        #expect(plan.lifetime.terms.map(\.limit.word) == ["declared", "profile", "public-maximum"])
        #expect(plan.lifetimeProvenance == .declared)
    }

    @Test("a team moving CA: declared Let's Encrypt, served by the lab CA, planned from Let's Encrypt's real pools")
    func movingCA() throws {
        let lab = try LabCA()
        let plan = IssuancePlan(
            host: "api.lab.test", issuance: DomainIssuance(ca: "letsencrypt"), served: try lab.chain(days: 90),
            catalog: lab.catalog, on: try #require(CalendarDay("2026-11-28")?.startDate))
        #expect(plan.caChange == .init(declared: "letsencrypt", served: .catalog(ca: "labca", intermediate: "Y1")))
        #expect(plan.authority?.id == "letsencrypt")
        #expect(plan.profile == .init(value: "classic", provenance: .defaulted(.caDefaultProfile)))
        let pools = plan.pools(issuedOn: plan.day)
        #expect(pools.map(\.root).sorted() == ["Root YE", "Root YR"])
        #expect(
            Set(pools.flatMap { $0.intermediates.map(\.label) }) == ["YE1", "YE2", "YE3", "YR1", "YR2", "YR3"])
        #expect(plan.lines.contains { $0.hasPrefix("! moving CA: the manifest declares letsencrypt") })
        // The served leaf of the old CA does not bound the new CA's certificates.
        #expect(!plan.lifetime.terms.contains { $0.limit == .servedLeaf })
    }

    @Test("a chain that names Let's Encrypt's real YE1 but whose leaf YE1's key did not sign is not Let's Encrypt's")
    func claimedIssuer() throws {
        let catalog = try CACatalog.builtIn()
        let ye1 = try #require(catalog.authority(id: "letsencrypt")?.certificates.first { $0.label == "YE1" })
        let pki = TestPKI.shared
        let forged = [pki.good.leaf.chainCertificate, ye1.certificate]
        let plan = IssuancePlan(host: pki.host, issuance: nil, served: forged, catalog: catalog, on: now)
        #expect(plan.ca.value == nil)
        guard case .unknown(.issuerOutsideCatalog) = plan.ca.provenance else {
            Issue.record("expected an issuer outside the catalog, got \(plan.ca.provenance)")
            return
        }
        #expect(plan.pools(issuedOn: today).isEmpty)
        #expect(plan.keyReuse.provenance == .unknown(.keyReuseNeedsTwoChains))
        // Neither private nor in the catalog: the leaf's own lifetime and SC-081 bound it.
        #expect(plan.lifetime.terms.map(\.limit.word) == ["public-maximum", "served-leaf"])
        #expect(plan.lifetime.days == 91)
        #expect(plan.lifetimeProvenance == .inferred(.servedLeafLifetime(91)))
        // Declared as Let's Encrypt, the same chain is a move away from whoever issued it.
        let declared = IssuancePlan(
            host: pki.host, issuance: DomainIssuance(ca: "letsencrypt"), served: forged, catalog: catalog, on: now)
        guard case .outsideCatalog = declared.caChange?.served else {
            Issue.record("expected a CA change from outside the catalog, got \(String(describing: declared.caChange))")
            return
        }
    }

    @Test("a private CA: the test PKI's chain with a declaration, bounded by it alone; without one, by the leaf")
    func privateCA() throws {
        let pki = TestPKI.shared
        let catalog = try CACatalog.builtIn()
        let declared = IssuancePlan(
            host: pki.host, issuance: DomainIssuance(ca: "private", lifetimeDays: 825),
            served: pki.good.presentedChain, catalog: catalog, on: now)
        #expect(declared.caChange == nil, "a private CA is outside every catalog, as the chain is")
        #expect(declared.lifetime.days == 825 && declared.lifetime.terms.count == 1)
        #expect(declared.profile.provenance == .unknown(.caNotInCatalog))
        let inferred = IssuancePlan(
            host: pki.host, issuance: DomainIssuance(ca: "private"), served: pki.good.presentedChain,
            catalog: catalog, on: now)
        #expect(inferred.lifetime.terms == [.init(limit: .servedLeaf, days: 91)])
    }

    @Test("no setting and no chain: the CA is unknown, and only SC-081 bounds the lifetime")
    func nothingKnown() throws {
        let plan = IssuancePlan(
            host: "a.example", issuance: nil, served: nil, catalog: try CACatalog.builtIn(), on: now)
        #expect(plan.ca.provenance == .unknown(.noServedChain))
        #expect(plan.profile.provenance == .unknown(.caUnknown))
        #expect(plan.keyReuse.provenance == .unknown(.noServedChain))
        #expect(plan.lifetime.terms.map(\.limit.word) == ["public-maximum"])
        #expect(plan.lines.first == "Issuance of a.example, for a certificate issued on \(today):")
    }

    @Test("a private CA of the team's catalog is bounded by its profile alone, past every SC-081 step")
    func privateCatalogCA() throws {
        let lab = try LabCA(isPublic: false)
        let plan = IssuancePlan(
            host: "api.lab.test", issuance: nil, served: try lab.chain(days: 90), catalog: lab.catalog, on: now)
        #expect(!plan.isPublic)
        for text in ["2026-03-14", "2027-03-15", "2029-03-15"] {
            let bound = plan.lifetime(issuedOn: try #require(CalendarDay(text)))
            #expect(bound.terms == [.init(limit: .profile("classic"), days: text < "2027-02-10" ? 90 : 64)], "\(text)")
        }
    }

    @Test("Let's Encrypt after its Gen Y intermediates end (2028-09-02): no pool the catalog knows, said so")
    func afterTheLastIntermediate() throws {
        let plan = IssuancePlan(
            host: "a.example", issuance: DomainIssuance(ca: "letsencrypt"), served: nil,
            catalog: try CACatalog.builtIn(),
            on: try #require(CalendarDay("2028-09-03")?.startDate))
        #expect(plan.pools(issuedOn: plan.day).isEmpty)
        #expect(plan.pools(issuedOn: try #require(CalendarDay("2028-09-02"))).count == 2)
        #expect(
            plan.lines.contains(
                "  issuers      none the catalog knows: no intermediate of Let's Encrypt may issue on 2028-09-03"))
    }

    @Test("the JSON says each value's provenance and reason, and lists the bounds and pools")
    func json() throws {
        let lab = try LabCA()
        let plan = IssuancePlan(
            host: "api.lab.test", issuance: DomainIssuance(keyReuse: true), served: try lab.chain(days: 6),
            catalog: lab.catalog, on: now)
        let data = try JSONEncoder().encode(plan)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let ca = try #require(object["ca"] as? [String: Any])
        #expect(ca["value"] as? String == "labca" && ca["provenance"] as? String == "inferred")
        #expect(ca["reason"] as? String == "served-issuer")
        #expect((object["keyReuse"] as? [String: Any])?["provenance"] as? String == "declared")
        let lifetime = try #require(object["lifetimeDays"] as? [String: Any])
        #expect(lifetime["value"] as? Int == 6 && lifetime["provenance"] as? String == "defaulted")
        #expect(
            (lifetime["bounds"] as? [[String: Any]])?.compactMap { $0["limit"] as? String } == [
                "profile", "public-maximum",
            ])
        let pools = try #require(object["pools"] as? [[String: Any]])
        #expect(pools.first?["active"] as? [String] == ["Y1", "Y2"] && pools.first?["backup"] as? [String] == ["Y3"])
    }

    @Test("a hostile issuer name in a served leaf reaches the lines escaped")
    func hostileIssuer() throws {
        let root = try CertificateIssuer.root(commonName: "Evil\u{1B}]0;x\u{07}Root")
        let leaf = try CertificateIssuer.leaf(commonName: "a.example", dnsNames: ["a.example"], issuer: root)
        let plan = IssuancePlan(
            host: "a.example", issuance: nil, served: [leaf.chainCertificate], catalog: try CACatalog.builtIn(),
            on: now)
        let text = plan.lines.joined(separator: "\n")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(text.contains("Evil"))
    }
}
