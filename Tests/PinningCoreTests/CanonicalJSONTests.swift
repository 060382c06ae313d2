import Foundation
import PinningCore
import Testing

/// The canonical writer's exact text: what a reviewer sees in a git diff of the manifest.
@Suite("Canonical JSON text")
struct CanonicalJSONTests {
    struct Sample: Codable, Equatable {
        var text: String
        var number: Int
        var flag: Bool
        var missing: String?
        var empty: [Int]
        var nested: [String: [String]]
    }

    @Test("sorted keys, two-space indent, empty containers on one line, every kind of value")
    func layout() throws {
        let sample = Sample(
            text: "plain", number: -42, flag: true, missing: nil, empty: [], nested: ["b": [], "a": ["x", "y"]])
        let encoder = JSONEncoder()
        let text = String(decoding: try CanonicalJSON.encode(sample, encoder: encoder), as: UTF8.self)
        #expect(
            text == """
                {
                  "empty": [],
                  "flag": true,
                  "nested": {
                    "a": [
                      "x",
                      "y"
                    ],
                    "b": []
                  },
                  "number": -42,
                  "text": "plain"
                }

                """)
    }

    @Test("control characters, C1 controls, DEL and line separators are escaped; the rest is written as itself")
    func escapes() throws {
        let hostile = "esc \u{1B}[31m tab\t quote \" back\\slash /, é 😀 \u{85} \u{2028} \u{7F} \u{01}"
        let sample = Sample(text: hostile, number: 0, flag: false, missing: nil, empty: [], nested: [:])
        let data = try CanonicalJSON.encode(sample)
        let text = String(decoding: data, as: UTF8.self)
        #expect(
            text.contains(
                #""text": "esc \u001b[31m tab\t quote \" back\\slash /, é 😀 \u0085 \u2028 \u007f \u0001""#),
            "\(text)")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(try JSONDecoder().decode(Sample.self, from: data) == sample)
    }

    @Test("characters outside the BMP survive the round trip")
    func surrogatePairs() throws {
        let sample = Sample(text: "𝄞 and 🔐", number: 1, flag: true, missing: nil, empty: [1], nested: [:])
        let data = try CanonicalJSON.encode(sample)
        #expect(try JSONDecoder().decode(Sample.self, from: data) == sample)
        #expect(String(decoding: data, as: UTF8.self).contains("\"text\": \"𝄞 and 🔐\""))
    }
}
