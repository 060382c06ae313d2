import CommandText
import Foundation
import Testing

/// `--json`'s dates (``CommandJSON/encoder()``, written by arithmetic) against Foundation's `.iso8601` strategy,
/// which they replace: the text must not change by a byte.
@Suite("command JSON dates")
struct CommandJSONDateTests {
    private struct Row: Encodable {
        let at: Date
        let maybe: Date?
    }

    private static func both(_ date: Date) throws -> (ours: String, foundation: String) {
        let plain = JSONEncoder()
        plain.dateEncodingStrategy = .iso8601
        plain.outputFormatting = .sortedKeys
        let ours = CommandJSON.encoder()
        ours.outputFormatting = .sortedKeys
        let row = Row(at: date, maybe: date)
        return (
            String(decoding: try ours.encode(row), as: UTF8.self),
            String(decoding: try plain.encode(row), as: UTF8.self)
        )
    }

    @Test("the edges: the epoch, leap days, the ends of years and centuries, fractions rounded down, before 1970")
    func edges() throws {
        let intervals: [TimeInterval] = [
            0, 0.4, 0.999_999, -0.000_001, -0.5, -1, -86_400, -86_401, 59, 60, 3_599, 3_600, 86_399, 86_400,
            951_782_400,  // 2000-02-29
            951_868_799.9,  // 2000-02-29T23:59:59.9
            4_107_542_400,  // 2100-03-01
            1_798_761_599,  // 2026-12-31T23:59:59
            -2_203_977_600,  // 1900-02-28
            -11_676_096_000,  // 1600-01-01, the first date written by arithmetic
            -11_676_096_000.5, -11_676_095_999.5,
            -11_670_912_000,  // 1600-03-01 (a leap year's 1 March)
            253_402_300_799,  // 9999-12-31T23:59:59, the last
            253_402_300_799.999, 253_402_300_800, 253_402_300_801,
            -62_135_596_800,  // 0001-01-01
            -62_135_596_801, 300_000_000_000, -100_000_000_000,
        ]
        for interval in intervals {
            let (ours, foundation) = try Self.both(Date(timeIntervalSince1970: interval))
            #expect(ours == foundation, "at \(interval)")
        }
        #expect(try Self.both(Date(timeIntervalSince1970: 951_782_400)).ours.contains("\"2000-02-29T00:00:00Z\""))
    }

    @Test("dates spread over 1590 to 10010, whole and fractional seconds")
    func spread() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let interval = Double.random(in: -11_992_000_000...253_720_000_000, using: &generator)
            let whole = interval.rounded(.down)
            for candidate in [interval, whole] {
                let (ours, foundation) = try Self.both(Date(timeIntervalSince1970: candidate))
                #expect(ours == foundation, "at \(candidate)")
            }
        }
    }
}
