import Foundation
import PinningCore

/// The longest a publicly trusted TLS certificate may be valid, by its issuance day: the CA/Browser Forum's Baseline
/// Requirements as ballot SC-081v3 (adopted 2025-04-11) changed them. Every future certificate of a public CA is
/// bounded by it, whatever the CA's own profile says; a private CA is not.
///
/// Data, kept beside the sources it comes from (docs/ca-catalog.md lists them): a new ballot is a new step here.
public enum PublicLifetimeLimit {
    /// Where the schedule is stated.
    public static let source = "CA/Browser Forum ballot SC-081v3 (adopted 2025-04-11), Baseline Requirements 6.3.2"

    /// 398 days until 2026-03-14, 200 from 2026-03-15, 100 from 2027-03-15, 47 from 2029-03-15.
    public static let steps: [IssuanceProfile.LifetimeStep] = [
        .init(from: nil, days: 398),
        .init(from: day("2026-03-15"), days: 200),
        .init(from: day("2027-03-15"), days: 100),
        .init(from: day("2029-03-15"), days: 47),
    ]

    /// The maximum lifetime in days of a public certificate issued on `day`.
    public static func maximumDays(issuedOn day: CalendarDay) -> Int {
        steps.days(issuedOn: day)
    }

    /// The day each step begins: fixed text, checked by the tests at every boundary.
    private static func day(_ text: String) -> CalendarDay? {
        CalendarDay(text)
    }
}
