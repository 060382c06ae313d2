import Foundation
import PinningCore
import Testing

/// The manifest's `releaseFieldDays` (how long a release stays in the field): read strictly with the error's line
/// and column, written only when set, read back as written.
@Suite("manifest: the releaseFieldDays setting")
struct ManifestReleaseFieldDaysTests {
    func decode(_ text: String) throws(ManifestError) -> PinManifest {
        try ManifestCodec.decode(Data(text.utf8), path: "pins.json")
    }

    @Test("written only when set and read back as written, at both ends of its range; absent, nothing is written")
    func roundTrip() throws {
        for days in [1, 90, 365, 3_650] {
            let manifest = PinManifest(releaseFieldDays: days, domains: [DomainPolicy(host: "a.example")])
            let text = String(decoding: ManifestCodec.encode(manifest), as: UTF8.self)
            #expect(text.contains("\"releaseFieldDays\": \(days)"), "\(text)")
            #expect(try decode(text) == manifest)
            #expect(try decode(text).releaseFieldDays == days)
        }
        let plain = String(
            decoding: ManifestCodec.encode(PinManifest(domains: [DomainPolicy(host: "a.example")])), as: UTF8.self)
        #expect(!plain.contains("releaseFieldDays"))
        #expect(try decode(plain).releaseFieldDays == nil)
        #expect(try decode("{\"schema\": 1, \"releaseFieldDays\": null, \"domains\": []}").releaseFieldDays == nil)
    }

    @Test("zero, negative, past ten years, huge, fractional, exponent, NaN and other types are refused where written")
    func refused() throws {
        for value in [
            "0", "-1", "3651", "9223372036854775807", "1e400", "99999999999999999999", "1.5", "3.65e2",
            "\"365\"", "true", "[365]", "{}", "NaN",
        ] {
            let text = "{\"schema\": 1,\n  \"releaseFieldDays\": \(value), \"domains\": []}"
            let error = try #require(throws: ManifestError.self) { try decode(text) }
            #expect(error.position?.line == 2, "\(value): \(error)")
            if value != "NaN" {
                #expect(error.code == .invalidSchema, "\(value): \(error)")
                #expect("\(error)".contains("releaseFieldDays"), "\(value): \(error)")
                // The value's own column: two spaces and `"releaseFieldDays": ` come first.
                #expect(error.position?.column == 23, "\(value): \(error)")
            }
        }
    }
}
