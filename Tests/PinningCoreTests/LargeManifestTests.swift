import Foundation
import TestSupport
import Testing

@testable import PinningCore

/// The speed paths of manifest loading: the parallel decode and the canonical timestamp reader must give exactly
/// what the plain paths give, errors included.
@Suite("Large manifests and timestamps")
struct LargeManifestTests {
    /// 12,000 domains using every field, so that every part of a parallel decode sees every kind of value.
    static let large: PinManifest = {
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        let domains = (0..<12_000).map { index in domain(index, base: base) }
        return PinManifest(trustAnchors: ["anchors/root.pem"], domains: domains)
    }()

    private static func domain(_ index: Int, base: Date) -> DomainPolicy {
        let leaf = Pin(
            type: .spkiSHA256, value: Fixtures.unrelatedPin, position: .leaf, label: "leaf \(index)",
            notAfter: base.addingTimeInterval(Double(index) * 3_601), added: base)
        let backup = Pin(
            type: .certSHA256, value: Fixtures.unrelatedPin, role: .backup, position: .ca,
            note: index % 2 == 0 ? "backup for \(index)" : nil)
        let connect: String? = index % 11 == 0 ? "127.0.0.1:\(9000 + index % 100)" : nil
        let expires: CalendarDay? = index % 13 == 0 ? CalendarDay("2027-06-30") : nil
        return DomainPolicy(
            host: "host\(index).large.example", port: index % 7 == 0 ? 8443 : 443, connect: connect,
            includeSubdomains: index % 3 == 0, mode: index % 5 == 0 ? .reportOnly : .enforce, expires: expires,
            pins: [leaf, backup])
    }

    static let largeJSON = ManifestCodec.encode(large)

    // The decodes run off the cooperative pool: seconds of CPU in a debug build would otherwise hold one of its
    // two threads and starve the suite's timing-sensitive network tests.

    @Test("a large manifest decodes to the same value whatever the number of parts")
    func partsAgree() async throws {
        #expect(Self.largeJSON.count > 2 * ManifestCodec.bytesPerPart)
        let expected = Self.large.canonicallyOrdered
        let decoded = try await OffPoolThread.run {
            try [1, 2, 3, 5].map { try ManifestCodec.decode(Self.largeJSON, path: "large.json", parts: $0) }
                + [try ManifestCodec.decode(Self.largeJSON, path: "large.json")]
        }
        #expect(decoded.count == 5)
        for manifest in decoded { #expect(manifest == expected) }
    }

    @Test("a parallel decode reports the error a single pass reports, with its JSON path")
    func partsReportTheSameError() async throws {
        var text = String(decoding: Self.largeJSON, as: UTF8.self)
        let late = "\"host\": \"host9000.large.example\""
        let early = "\"host\": \"host100.large.example\""
        // The domains are sorted by host as text, so find the array index the late domain has on disk.
        let decoded = try await OffPoolThread.run {
            try ManifestCodec.decode(Self.largeJSON, path: "large.json", parts: 1)
        }
        let lateIndex = try #require(decoded.domains.firstIndex { $0.host == "host9000.large.example" })
        let earlyIndex = try #require(decoded.domains.firstIndex { $0.host == "host100.large.example" })
        #expect(lateIndex > decoded.domains.count / 2 && earlyIndex < decoded.domains.count / 2)

        text = text.replacingOccurrences(of: late, with: late + ", \"prot\": 1")
        try await expectSameError(text, contains: "$.domains[\(lateIndex)].prot: unknown field")

        // host100 has no `expires` (only every 13th domain has one): adding one is no duplicate key.
        text = text.replacingOccurrences(of: early, with: early + ", \"expires\": \"soon\"")
        try await expectSameError(text, contains: "$.domains[\(earlyIndex)].expires: ")

        text = text.replacingOccurrences(of: "\"schema\": 1", with: "\"schema\": 1,\n  \"extra\": true")
        try await expectSameError(text, contains: "$.extra: unknown field")
    }

    private func expectSameError(_ text: String, contains expected: String) async throws {
        let outcomes = try await OffPoolThread.run {
            [1, 2, 4].map { parts -> String? in
                do {
                    _ = try ManifestCodec.decode(Data(text.utf8), path: "large.json", parts: parts)
                    return nil
                } catch {
                    return "\(error)"
                }
            }
        }
        #expect(!outcomes.contains(nil), "a broken manifest was accepted: \(outcomes)")
        let messages = outcomes.compactMap { $0 }
        #expect(Set(messages).count == 1, "\(messages)")
        #expect(messages.first?.contains(expected) == true, "\(messages)")
    }

    @Test("the canonical timestamp reader agrees with Foundation's ISO 8601 parser")
    func canonicalTimestamps() throws {
        let style = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
        var generator = SystemRandomNumberGenerator()
        var instants: [Date] = [
            Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -1),
            Date(timeIntervalSince1970: 951_782_400),  // 2000-02-29
            Date(timeIntervalSince1970: 4_107_542_399),  // 2100-02-28T23:59:59Z
            Date(timeIntervalSince1970: 253_402_300_799),  // 9999-12-31T23:59:59Z
            Date(timeIntervalSince1970: -11_676_096_000),  // 1600-01-01T00:00:00Z
        ]
        for _ in 0..<5_000 {
            let seconds = Int.random(in: -11_676_096_000...253_402_300_799, using: &generator)
            instants.append(Date(timeIntervalSince1970: Double(seconds)))
        }
        for instant in instants {
            let text = style.format(instant)
            #expect(Timestamp.readCanonical(text) == .date(try style.parse(text)), "\(text)")
            #expect(Timestamp.parse(text) == instant, "\(text)")
        }
    }

    @Test(
        "impossible dates in the canonical form are refused, not moved to the next day",
        arguments: [
            "2026-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-13-01T00:00:00Z",
            "2026-00-10T00:00:00Z", "2026-01-00T00:00:00Z", "2026-01-10T24:00:00Z", "2026-01-10T23:60:00Z",
            "2026-01-10T23:59:60Z",
        ])
    func impossible(text: String) {
        #expect(Timestamp.readCanonical(text) == .impossible)
        #expect(Timestamp.parse(text) == nil)
    }

    @Test(
        "other forms are left to Foundation",
        arguments: [
            "2026-01-10T00:00:00+01:00", "2026-01-10T00:00:00.5Z", "2026-01-10", "2026-1-10T00:00:00Z ",
            "２０２６-01-10T00:00:00Z", "2026-01-10t00:00:00z", "2026-01-1xT00:00:00Z", "", "1582-10-04T00:00:00Z",
        ])
    func otherForms(text: String) {
        #expect(Timestamp.readCanonical(text) == .otherForm)
    }

    @Test("what the canonical reader leaves still parses as before")
    func fallbacks() {
        #expect(Timestamp.parse("2026-01-10T00:00:00.5Z") == Date(timeIntervalSince1970: 1_768_003_200.5))
        #expect(Timestamp.parse("2026-01-10") == Date(timeIntervalSince1970: 1_768_003_200))
        #expect(Timestamp.parse("2026-01-10T01:00:00+01:00") == Date(timeIntervalSince1970: 1_768_003_200))
        #expect(Timestamp.parse("yesterday") == nil)
    }
}
