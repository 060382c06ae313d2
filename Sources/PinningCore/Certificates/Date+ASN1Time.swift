import Foundation
import SwiftASN1

extension Date {
    /// A UTC calendar time to the second, by arithmetic (no Calendar): how certificate and OCSP times are read.
    init(utcYear year: Int, month: Int, day: Int, hours: Int, minutes: Int, seconds: Int) {
        let days = Self.daysFromCivil(year: year, month: month, day: day)
        let total = ((days * 24 + hours) * 60 + minutes) * 60 + seconds
        self.init(timeIntervalSince1970: TimeInterval(total))
    }

    /// A GeneralizedTime (OCSP's thisUpdate, nextUpdate, revocationTime), to the second.
    init(_ time: GeneralizedTime) {
        self.init(
            utcYear: time.year, month: time.month, day: time.day, hours: time.hours, minutes: time.minutes,
            seconds: time.seconds)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
