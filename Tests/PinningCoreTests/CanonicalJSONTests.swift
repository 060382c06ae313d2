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

    struct Head: Encodable {
        var name: String
        var count: Int
    }

    struct Whole: Encodable {
        var name: String
        var count: Int
        var rows: [Sample]
    }

    struct Bare: Encodable {
        var rows: [Sample]
    }

    @Test("written a row at a time, the text is byte for byte the whole object's: rows, no rows, a head with no keys")
    func streamedArray() throws {
        let hostile = Sample(
            text: "a\nb\u{1B}[31m\u{2028}\"", number: 1, flag: false, missing: "x", empty: [], nested: ["k": ["\n"]])
        let plain = Sample(text: "plain", number: 2, flag: true, missing: nil, empty: [3], nested: [:])
        let many = Array(repeating: [hostile, plain], count: 600).flatMap { $0 }
        for rows in [[], [plain], [hostile, plain, hostile], many] {
            let elements = try rows.map { try CanonicalJSON.ArrayElement($0) }
            var pieces: [Data] = []
            try CanonicalJSON.encode(Head(name: "n\t", count: rows.count), thenArray: "rows", elements) {
                pieces.append($0)
            }
            let whole = try CanonicalJSON.encode(Whole(name: "n\t", count: rows.count, rows: rows))
            #expect(pieces.reduce(Data(), +) == whole, "\(rows.count) rows")
            // Handed out in pieces of at least 64 KiB (the last one shorter), not a write per row.
            #expect(pieces.dropLast().allSatisfy { $0.count >= 1 << 16 }, "\(rows.count) rows")
            #expect(pieces.count <= whole.count / (1 << 16) + 1, "\(rows.count) rows in \(pieces.count) pieces")
            #expect(whole.count < 1 << 17 || pieces.count > 1, "\(whole.count) bytes in one piece")

            var bare: [Data] = []
            try CanonicalJSON.encode([String: Int](), thenArray: "rows", elements) { bare.append($0) }
            #expect(bare.reduce(Data(), +) == (try CanonicalJSON.encode(Bare(rows: rows))))
        }
    }

    @Test("an element holds its text without spare capacity: `check --json` keeps one per domain until the end")
    func elementsHoldNoSpareCapacity() throws {
        let hostile = Sample(
            text: String(repeating: "x", count: 900), number: 1, flag: false, missing: "x", empty: [],
            nested: ["k": ["\n"]])
        let element = try CanonicalJSON.ArrayElement(hostile)
        #expect(element.text.count > 900)
        // The re-indenter reserves twice the compact text; what is kept may round up to malloc's size classes only.
        #expect(element.text.capacity < element.text.count + 64, "\(element.text.capacity) for \(element.text.count)")
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
