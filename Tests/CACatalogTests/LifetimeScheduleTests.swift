import CACatalog
import Foundation
import PinningCore
import Testing

/// The lifetime schedule at every boundary day (the day before, the day, the day after): SC-081's maximum for a public
/// certificate, Let's Encrypt's profiles from the built-in catalog, and the two together bounding a plan.
@Suite("Lifetime schedule: SC-081 and Let's Encrypt's profiles at their boundaries")
struct LifetimeScheduleTests {
    static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    @Test(
        "SC-081: 398 days before 2026-03-15, 200 from it, 100 from 2027-03-15, 47 from 2029-03-15",
        arguments: [
            ("2025-04-11", 398), ("2026-03-14", 398), ("2026-03-15", 200), ("2026-03-16", 200),
            ("2027-03-14", 200), ("2027-03-15", 100), ("2027-03-16", 100),
            ("2029-03-14", 100), ("2029-03-15", 47), ("2029-03-16", 47), ("2040-01-01", 47),
        ])
    func publicMaximum(_ text: String, _ days: Int) {
        #expect(PublicLifetimeLimit.maximumDays(issuedOn: Self.day(text)) == days)
    }

    func letsEncrypt() throws -> CertificateAuthority {
        try #require(try CACatalog.builtIn().authority(id: "letsencrypt"))
    }

    @Test(
        "classic: 90 days, 64 from 2027-02-10, 45 from 2028-02-16",
        arguments: [
            ("2026-11-28", 90), ("2027-02-09", 90), ("2027-02-10", 64), ("2027-02-11", 64),
            ("2028-02-15", 64), ("2028-02-16", 45), ("2028-02-17", 45),
        ])
    func classic(_ text: String, _ days: Int) throws {
        let profile = try #require(try letsEncrypt().profile(named: "classic"))
        #expect(profile.isDefault && !profile.keyReuse)
        #expect(profile.lifetimeDays(issuedOn: Self.day(text)) == days)
    }

    @Test(
        "tlsserver is 45 days from 2026-05-13 and not offered the day before; shortlived is 6 days from 2026-01-15",
        arguments: [
            ("tlsserver", "2026-05-12", false, 45), ("tlsserver", "2026-05-13", true, 45),
            ("tlsserver", "2026-05-14", true, 45), ("shortlived", "2026-01-14", false, 6),
            ("shortlived", "2026-01-15", true, 6), ("shortlived", "2026-01-16", true, 6),
        ])
    func optIn(_ name: String, _ text: String, _ offered: Bool, _ days: Int) throws {
        let profile = try #require(try letsEncrypt().profile(named: name))
        #expect(profile.isOffered(on: Self.day(text)) == offered)
        #expect(profile.lifetimeDays(issuedOn: Self.day(text)) == days)
    }

    /// A plan for a domain declared on Let's Encrypt with `profile`, no chain.
    func plan(_ issuance: DomainIssuance) throws -> IssuancePlan {
        IssuancePlan(
            host: "a.example", issuance: issuance, served: nil, catalog: try CACatalog.builtIn(),
            on: try #require(Self.day("2026-11-28").startDate))
    }

    @Test(
        "a Let's Encrypt plan is bounded by the profile and SC-081 on each day; the shorter applies",
        arguments: [
            ("2027-02-09", 90, "profile"), ("2027-02-10", 64, "profile"), ("2027-03-14", 64, "profile"),
            ("2027-03-15", 64, "profile"), ("2028-02-16", 45, "profile"), ("2029-03-15", 45, "profile"),
        ])
    func classicPlan(_ text: String, _ days: Int, _ limit: String) throws {
        let bound = try plan(DomainIssuance(ca: "letsencrypt")).lifetime(issuedOn: Self.day(text))
        #expect(bound.days == days)
        #expect(bound.binding?.limit.word == limit)
        #expect(bound.terms.map(\.limit.word) == ["profile", "public-maximum"])
        #expect(bound.terms.last?.days == PublicLifetimeLimit.maximumDays(issuedOn: Self.day(text)))
    }

    @Test(
        "a declared lifetime longer than SC-081 allows is cut to SC-081's maximum at each boundary",
        arguments: [
            ("2026-03-14", 300, "declared"), ("2026-03-15", 200, "public-maximum"),
            ("2027-03-14", 200, "public-maximum"), ("2027-03-15", 100, "public-maximum"),
            ("2029-03-14", 100, "public-maximum"), ("2029-03-15", 47, "public-maximum"),
            ("2029-03-16", 47, "public-maximum"),
        ])
    func declaredAgainstPublicMaximum(_ text: String, _ days: Int, _ limit: String) throws {
        // A CA the catalog lacks, not declared private: bounded as a public one.
        let plan = try plan(DomainIssuance(ca: "someca", lifetimeDays: 300))
        let bound = plan.lifetime(issuedOn: Self.day(text))
        #expect(plan.isPublic)
        #expect(bound.days == days && bound.binding?.limit.word == limit, "\(text): \(bound)")
    }

    @Test(
        "a private CA is bounded by its declaration only, past every SC-081 step",
        arguments: ["2026-03-14", "2026-03-15", "2027-03-15", "2029-03-15", "2029-03-16"])
    func privateDeclaration(_ text: String) throws {
        let plan = try plan(DomainIssuance(ca: DomainIssuance.privateCA, lifetimeDays: 825))
        let bound = plan.lifetime(issuedOn: Self.day(text))
        #expect(!plan.isPublic)
        #expect(bound.days == 825 && bound.terms.map(\.limit.word) == ["declared"])
    }

    @Test(
        "tlsserver asked for before it is offered: the CA's default (classic) is what is issued that day",
        arguments: [("2026-05-12", 90, "classic"), ("2026-05-13", 45, "tlsserver"), ("2026-05-14", 45, "tlsserver")])
    func profileNotYetOffered(_ text: String, _ days: Int, _ used: String) throws {
        let bound = try plan(DomainIssuance(ca: "letsencrypt", profile: "tlsserver")).lifetime(issuedOn: Self.day(text))
        #expect(bound.days == days)
        #expect(bound.binding?.limit == .profile(used))
    }

    @Test(
        "shortlived: 6 days whatever SC-081 allows; a declaration shorter still applies",
        arguments: ["2026-03-14", "2026-03-15", "2029-03-15"])
    func shortlived(_ text: String) throws {
        #expect(
            try plan(DomainIssuance(ca: "letsencrypt", profile: "shortlived")).lifetime(issuedOn: Self.day(text)).days
                == 6)
        let declared = try plan(DomainIssuance(ca: "letsencrypt", profile: "shortlived", lifetimeDays: 3))
        #expect(declared.lifetime(issuedOn: Self.day(text)).binding?.limit == .declared)
        #expect(declared.lifetime(issuedOn: Self.day(text)).days == 3)
    }
}
