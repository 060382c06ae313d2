import FieldReports
import Foundation
import PinningCore
import TestSupport
import Testing

/// `date-time` as devices write it. TrustKit Android formats it with `android.text.format.DateFormat` and
/// `yyyy-MM-dd'T'HH:mm:ssZ` (PinningFailureReport.toJson); that class has no `Z` field, so the device's local time is
/// followed by a literal `Z`. The strings here are made the same way: a local wall-clock time in a zone, then `Z`.
@Suite("FieldReports: the device's date-time, TrustKit Android's local time included")
struct DeviceTimeTests {
    let pki = ReportBodies.pki
    let reader = FieldReportReader()

    /// `instant` as TrustKit Android writes it on a device whose zone is `zone`.
    func androidText(_ instant: Date, zone: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"
        return formatter.string(from: instant)
    }

    @Test("RFC 3339 offsets (with and without the colon) are applied; Android's Z is a local time of unknown zone")
    func reading() throws {
        let ten = try #require(Timestamp.parse("2026-11-28T10:00:00Z"))
        #expect(DeviceTime.read("2026-11-28T10:00:00Z", localWhenZ: false) == DeviceTime(written: ten, zoneKnown: true))
        #expect(DeviceTime.read("2026-11-28T11:00:00+01:00", localWhenZ: false)?.written == ten)
        #expect(DeviceTime.read("2026-11-28T11:00:00+0100", localWhenZ: true)?.written == ten)
        #expect(DeviceTime.read("2026-11-28T05:30:00-04:30", localWhenZ: false)?.written == ten)
        #expect(DeviceTime.read("2026-11-28T10:00:00.250Z", localWhenZ: false)?.written == ten.addingTimeInterval(0.25))
        let local = try #require(DeviceTime.read("2026-11-28T10:00:00Z", localWhenZ: true))
        #expect(!local.zoneKnown)
        #expect(local.instants == ten.addingTimeInterval(-14 * 3_600)...ten.addingTimeInterval(12 * 3_600))
        for bad in [
            "2026-11-28T10:00:00+15:00", "2026-11-28T10:00:00+01:60", "2026-11-28 10:00:00", "yesterday",
            "2026-02-29T10:00:00Z", "2026-11-28T10:00:00+01:00+01:00",
        ] {
            #expect(DeviceTime.read(bad, localWhenZ: false) == nil, "\(bad)")
        }
    }

    @Test("an Android report's date-time is read as local; an iOS report's Z is UTC; a bad one refuses the report")
    func reports() throws {
        let instant = Date(timeIntervalSince1970: 1_800_000_000)
        var android = ReportBodies.trustKitAndroid(chain: pki.good.full)
        android["date-time"] = androidText(instant, zone: "Asia/Tokyo")
        let report = try #require(try reader.read(ReportBodies.bytes(android)).first)
        #expect(report.format == .trustKitAndroid)
        #expect(report.dateTimeZoneKnown == false)
        #expect(report.deviceTime?.instants.contains(instant) == true)
        #expect(report.dateTime == instant.addingTimeInterval(9 * 3_600))
        var ios = ReportBodies.trustKitIOS(chain: pki.good.full)
        ios["date-time"] = Timestamp.format(instant)
        let exact = try #require(try reader.read(ReportBodies.bytes(ios)).first)
        #expect(exact.deviceTime == DeviceTime(written: instant, zoneKnown: true))
        android["date-time"] = "2026-11-28T10:00:00+15:00"
        #expect(throws: FieldReportError(.notAReport, "")) { try reader.read(ReportBodies.bytes(android)) }
    }

    @Test("a device west of Greenwich just after the leaf's start is not judged a wrong clock; one years off is")
    func androidClockNearTheLeafsStart() async throws {
        let judge = ReportJudge(
            manifest: PinManifest(domains: [
                DomainPolicy(host: pki.host, pins: [Pin(type: .spkiSHA256, value: Fixtures.spki(pki.good.leaf))])
            ]), releases: [], trustAnchors: TrustAnchors(certificates: [pki.root.certificate]))
        let notBefore = pki.good.leaf.certificate.notValidBefore
        var body = ReportBodies.trustKitAndroid(chain: pki.good.full)
        // An hour after the leaf's start, on a device at UTC-10: its local time reads 9 hours before the start.
        body["date-time"] = androidText(notBefore.addingTimeInterval(3_600), zone: "Pacific/Honolulu")
        let report = try #require(try reader.read(ReportBodies.bytes(body)).first)
        let judgement = await judge.judge(report, at: Date())
        #expect(judgement.kind == .clientFault)
        #expect(judgement.reason == .acceptedHere, "\(judgement.detail)")
        body["date-time"] = androidText(notBefore.addingTimeInterval(-3 * 365 * 86_400), zone: "Pacific/Honolulu")
        let wrong = try #require(try reader.read(ReportBodies.bytes(body)).first)
        let clock = await judge.judge(wrong, at: Date())
        #expect(clock.reason == .deviceClock, "\(clock.detail)")
        #expect(clock.detail.contains("unknown zone"))
    }
}
