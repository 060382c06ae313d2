import Foundation
import TestSupport
import Testing

@testable import PinningCore

/// The strict reader's repeat path (a container with the bytes of the last one closed at its depth is copied, not
/// read again) and the manifest reader's shared pins, held to the plain path: the same nodes or the same error, the
/// same manifest or the same schema error, on fixed hostile texts and on seeded ones.
@Suite("Strict JSON reader: repeated containers read as the plain path reads them")
struct RepeatedContainerTests {
    /// Everything the reader says about `bytes`: each node, or the error with its code, position, path and message.
    static func reading(_ bytes: [UInt8], repeats: Bool, valueCap: Int = JSONReader.maximumValues) -> String {
        do {
            let tape = try JSONReader.read(bytes, repeats: repeats, valueCap: valueCap)
            // Every field of every node, folded into one number (a text of millions of nodes would take minutes).
            var hasher = Hasher()
            for node in tape.nodes {
                hasher.combine(node.kind.rawValue)
                hasher.combine(node.hasEscapes)
                hasher.combine(node.start)
                hasher.combine(node.end)
                hasher.combine(node.count)
            }
            return "\(tape.nodes.count) nodes, \(hasher.finalize())"
        } catch {
            let first = String(describing: error.firstPosition)
            return "\(error.code) \(error.position) \(error.path) \(error.message) \(first)"
        }
    }

    /// Both paths agree on `text`; returns how many repeats the repeat path found.
    @discardableResult
    static func agree(_ text: [UInt8], _ comment: Comment? = nil) -> Int {
        #expect(reading(text, repeats: true) == reading(text, repeats: false), comment)
        return (try? JSONReader.read(text).repeats.count) ?? 0
    }

    static let hostile: [String] = [
        "[[1,2],[1,2]]",
        "[[1,2],[1,2],[1,2] ,[1, 2],[1,2]]",
        #"[{"a":1,"a":1},{"a":1,"a":1}]"#,
        "[[1,2],[1,2",
        "[[1,2],[1,2],]",
        "[[1,2],[1,2]x",
        "[[1,2],[1,2,3],[1,2,3]]",
        "[[1,2,3],[1,2],[1,2]]",
        #"{"a":[1],"b":[1],"a":[1]}"#,
        #"[{"\u0061":"\u00e9"},{"\u0061":"\u00e9"},{"a":"é"}]"#,
        #"[["x"],["x\"],["x"]]"#,
        "[[[]],[[]],[[ ]],[]]",
        "[{},{},{ },{}]",
        "[[1e5],[1e5],[1e],[1e]]",
        "[[0],[0],[01],[01]]",
        "[[1,[2,[3]]],[1,[2,[3]]],[1,[2,[3]]]]",
        "[[1,[2,[3]]],[1,[2,[4]]],[1,[2,[4]]]]",
        "[[true],[true],[tru],[tru]]",
        #"{"domains":[{"pins":[{"a":1}]},{"pins":[{"a":1}]},{"pins":[{"a":1},]}]}"#,
        String(repeating: "[", count: 62) + "[[0],[0]]" + String(repeating: "]", count: 62),
        String(repeating: "[", count: 63) + "[[0],[0]]" + String(repeating: "]", count: 63),
        String(repeating: "[", count: 62) + "[[[0]],[[0]]]" + String(repeating: "]", count: 62),
    ]

    @Test("fixed hostile texts: the same nodes or the same error as the plain path")
    func fixedHostile() throws {
        var found = 0
        for text in Self.hostile {
            found += Self.agree(Array(text.utf8), "\(text.prefix(80))")
            // Every prefix too: a repeat cut short by the end of the text.
            for end in stride(from: 0, to: text.utf8.count, by: 3) {
                Self.agree(Array(text.utf8.prefix(end)), "\(text.prefix(80)) cut at \(end)")
            }
        }
        #expect(found >= 10, "the texts must take the repeat path, or the comparison proves little")
        #expect(try JSONReader.read(Array("[[1,2],[1,2],[1,2]]".utf8)).repeats == [4: 1, 7: 4])
    }

    /// A random JSON text built from a few subtrees, so that siblings often repeat, in varied spellings.
    static func randomText(_ random: inout SeededGenerator, depth: Int = 0) -> String {
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        let leaves = ["1", "0", "-2.5e3", "true", "null", #""x""#, #""\u0061""#, #""é""#, #""a\"b""#, "[]", "{}"]
        if depth > 4 || pick(4) == 0 { return leaves[pick(leaves.count)] }
        let space = [",", ", ", " ,", ",\n"]
        if pick(2) == 0 {
            let element = randomText(&random, depth: depth + 1)
            let other = randomText(&random, depth: depth + 1)
            let items = (0..<pick(5)).map { _ in pick(3) == 0 ? other : element }
            return "[" + items.joined(separator: space[pick(space.count)]) + "]"
        }
        let keys = ["a", "b", "pins", #"\u0061"#, "host"]
        let value = randomText(&random, depth: depth + 1)
        let members = (0..<pick(4)).map { _ in
            "\"\(keys[pick(keys.count)])\":" + (pick(3) == 0 ? randomText(&random, depth: depth + 1) : value)
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    @Test("seeded texts, and the same texts with bytes changed, cut or inserted: agree with the plain path")
    func seededHostile() {
        var random = SeededGenerator(seed: 3_801)
        var found = 0
        let hostileBytes: [UInt8] = Array(#",]}["{"\:0 "#.utf8) + [0x80, 0xC3, 0x00, 0x0A]
        for round in 0..<1_500 {
            let base = "[" + (0..<3).map { _ in Self.randomText(&random) }.joined(separator: ",") + "]"
            var text = Array(base.utf8)
            found += Self.agree(text, "round \(round): \(base.prefix(200))")
            switch random.next() % 3 {
            case 0: text[Int(random.next() % UInt64(text.count))] = hostileBytes.randomElement(using: &random)!
            case 1: text.removeLast(Int(random.next() % UInt64(text.count)))
            default:
                text.insert(
                    hostileBytes.randomElement(using: &random)!, at: Int(random.next() % UInt64(text.count + 1)))
            }
            Self.agree(text, "round \(round), changed: \(String(decoding: text.prefix(200), as: UTF8.self))")
        }
        #expect(found > 1_000, "the seeded texts must take the repeat path often")
    }

    @Test("the value cap: a repeat that would pass it is read the plain way and refused at the same value")
    func valueCap() {
        // A bare 0, then `count` arrays [0]: 2 + 2 * count nodes with the outer array.
        @Sendable func text(_ count: Int) -> [UInt8] {
            Array("[0".utf8) + Array(repeating: Array(",[0]".utf8), count: count).joined() + Array("]".utf8)
        }
        // At a small cap: the rule does not depend on the cap's size, and the real one (StrictJSONTests holds it) would
        // make each text millions of values long.
        let cap = 1_000
        let atCap = (cap - 2) / 2
        let results = [atCap, atCap + 1].flatMap { count in
            [true, false].map { repeats in Self.reading(text(count), repeats: repeats, valueCap: cap) }
        }
        #expect(results[0] == results[1])
        #expect(results[2] == results[3])
        #expect(!results[0].hasPrefix("tooManyValues"), "exactly at the cap is read")
        #expect(results[2].hasPrefix("tooManyValues"), "\(results[2].prefix(200))")
    }

    /// A manifest of `count` domains whose pins come from a few spellings (some repeated, some differing in a label
    /// or in spaces, some broken), with report URIs, nulls and connect addresses in between.
    static func manifestText(_ random: inout SeededGenerator, count: Int, broken: Bool) -> String {
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        let value = Data(repeating: 3, count: 32).base64EncodedString()
        var pinLists = [
            #"[{"type":"spki-sha256","value":"\#(value)","label":"leaf","added":"2026-01-15T10:00:00Z"}]"#,
            #"[{"type":"spki-sha256","value":"\#(value)","label":"leaf2","added":"2026-01-15T10:00:00Z"}]"#,
            #"[{"type":"spki-sha256","value":"\#(value)","role":"backup"},{"type":"cert-sha256","value":"\#(value)"}]"#,
            #"[ {"type":"spki-sha256","value":"\#(value)"} ]"#,
            "[]",
            "null",
        ]
        if broken {
            pinLists += [
                #"[{"type":"spki-sha256","value":"\#(value)","vlaue":1}]"#,
                #"[{"type":"spki-sha256","value":"\#(value)","added":"2026-02-30T10:00:00Z"}]"#,
                #"[{"type":"spki-sha512","value":"\#(value)"}]"#,
                #"{"type":"spki-sha256"}"#,
            ]
        }
        let domains = (0..<count).map { index in
            var fields = [#""host":"d\#(index).fleet.test""#, #""pins":\#(pinLists[pick(pinLists.count)])"#]
            if pick(5) == 0 { fields.append(#""reportUris":["https://r.test/\#(pick(2))"]"#) }
            if pick(7) == 0 { fields.append(#""expires":"2027-0\#(pick(9) + 1)-2\#(pick(9))""#) }
            if broken && pick(40) == 0 { fields.append(#""port":0"#) }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return #"{"schema":1,"domains":["# + domains.joined(separator: ",") + "]}"
    }

    static func decoding(_ data: Data, parts: Int, repeats: Bool) -> Result<PinManifest, ManifestError> {
        Result { () throws(ManifestError) in
            try ManifestCodec.decode(data, path: "pins.json", parts: parts, repeats: repeats)
        }
    }

    @Test("seeded manifests, valid and broken: the same manifest or the same error, in one part or several")
    func manifestsAgree() async throws {
        var random = SeededGenerator(seed: 3_802)
        var texts: [Data] = []
        for round in 0..<60 {
            texts.append(Data(Self.manifestText(&random, count: 40 + round, broken: round % 2 == 1).utf8))
        }
        let inputs = texts
        let outcomes = try await OffPoolThread.run {
            inputs.map { text in
                [(1, false), (1, true), (3, true)].map { Self.decoding(text, parts: $0.0, repeats: $0.1) }
            }
        }
        var decoded = 0
        var failed = 0
        for (round, results) in outcomes.enumerated() {
            switch results[0] {
            case .success(let plain):
                decoded += 1
                for result in results.dropFirst() { #expect((try? result.get()) == plain, "round \(round)") }
            case .failure(let plain):
                failed += 1
                for result in results.dropFirst() {
                    #expect(result.failureDescription == plain.description, "round \(round)")
                }
            }
        }
        #expect(decoded >= 20 && failed >= 20, "both kinds must be met: \(decoded) decoded, \(failed) refused")
    }

    @Test("domains whose pins repeat the same bytes share one array; other spellings are built on their own")
    func sharedPins() throws {
        let value = Data(repeating: 3, count: 32).base64EncodedString()
        let pins = #"[{"type":"spki-sha256","value":"\#(value)","label":"k"}]"#
        let spaced = #"[ {"type":"spki-sha256","value":"\#(value)","label":"k"}]"#
        let domains = [pins, pins, pins, spaced, pins].enumerated().map { #"{"host":"d\#($0).test","pins":\#($1)}"# }
        let text = Data((#"{"schema":1,"domains":["# + domains.joined(separator: ",") + "]}").utf8)
        let manifest = try ManifestCodec.decode(text, path: "pins.json", parts: 1)
        func storage(_ index: Int) -> UnsafeRawPointer? {
            manifest.domains[index].pins.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        }
        #expect(storage(0) == storage(1) && storage(1) == storage(2), "repeats share the first domain's pins")
        #expect(storage(3) != storage(2) && storage(4) != storage(3), "another spelling is read on its own")
        #expect(Set(manifest.domains.map(\.pins)).count == 1, "all five are equal values")
        #expect(manifest == (try ManifestCodec.decode(text, path: "pins.json", parts: 1, repeats: false)))
    }

    @Test("a day is read by arithmetic exactly when the Gregorian calendar has it")
    func calendarDays() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        for year in [1600, 1700, 1800, 1900, 1999, 2000, 2023, 2024, 2100, 2400, 9999] {
            for month in 1...12 {
                for day in 1...31 {
                    let text = String(format: "%04d-%02d-%02d", year, month, day)
                    let date = try #require(calendar.date(from: DateComponents(year: year, month: month, day: day)))
                    let exists = calendar.component(.day, from: date) == day
                    #expect((CalendarDay(text) != nil) == exists, "\(text)")
                    if let read = CalendarDay(text) { #expect(read.startDate == date, "\(text)") }
                }
            }
        }
    }
}

extension Result {
    fileprivate var failureDescription: String? {
        if case .failure(let error) = self { return "\(error)" }
        return nil
    }
}
