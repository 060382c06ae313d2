import Foundation
import TestSupport
import Testing

@testable import PinningCore

/// The strict manifest reader: every malformed input class is refused with its own code, line, column and JSON
/// path; valid manifests read back exactly what was written.
@Suite("Strict JSON reader")
struct StrictJSONTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let json: [UInt8]
        let code: JSONSyntaxError.Code
        let line: Int
        let column: Int
        let path: String

        init(_ json: String, _ code: JSONSyntaxError.Code, _ line: Int, _ column: Int, _ path: String) {
            self.init(Array(json.utf8), code, line, column, path)
        }

        init(_ json: [UInt8], _ code: JSONSyntaxError.Code, _ line: Int, _ column: Int, _ path: String) {
            self.json = json
            self.code = code
            self.line = line
            self.column = column
            self.path = path
        }

        var testDescription: String { "\(code.rawValue): \(briefArgument(String(decoding: json, as: UTF8.self)))" }
    }

    static func bytes(_ text: String, _ raw: [UInt8], _ rest: String) -> [UInt8] {
        Array(text.utf8) + raw + Array(rest.utf8)
    }

    static let malformed: [Case] = [
        Case(#"{"schema": 1, "schema": 1}"#, .duplicateKey, 1, 15, "$.schema"),
        Case(
            #"{"schema": 1, "domains": [{"host": "a.test", "host": "b.test"}]}"#, .duplicateKey, 1, 46,
            "$.domains[0].host"),
        Case(#"{"a": 1, "\u0061": 2}"#, .duplicateKey, 1, 10, "$.a"),
        Case(#"{"é": 1, "é": 2}"#, .duplicateKey, 1, 10, #"$["é"]"#),
        Case(#"{"schema": 1,}"#, .trailingComma, 1, 13, "$"),
        Case(#"{"domains": [1, 2,]}"#, .trailingComma, 1, 18, "$.domains"),
        Case(
            "{\n  \"schema\": 1,\n  \"domains\": [\n    {\"host\": \"a.test\",}\n  ]\n}", .trailingComma, 4, 22,
            "$.domains[0]"),
        Case(#"{"schema": 01}"#, .leadingZero, 1, 12, "$.schema"),
        Case(#"{"schema": -012}"#, .leadingZero, 1, 12, "$.schema"),
        Case(#"{"a": -}"#, .invalidNumber, 1, 7, "$.a"),
        Case(#"{"a": 1.}"#, .invalidNumber, 1, 9, "$.a"),
        Case(#"{"a": 1e+}"#, .invalidNumber, 1, 10, "$.a"),
        Case(#"{"a": "\x"}"#, .invalidEscape, 1, 8, "$.a"),
        Case(#"{"a": "\u12G4"}"#, .invalidEscape, 1, 8, "$.a"),
        Case(#"{"a": "\ud800"}"#, .loneSurrogate, 1, 8, "$.a"),
        Case(#"{"a": "\ud800\u0041"}"#, .loneSurrogate, 1, 8, "$.a"),
        Case(#"{"a": "x\udc00"}"#, .loneSurrogate, 1, 9, "$.a"),
        Case(bytes(#"{"a": ""#, [0xC3, 0x28], #""}"#), .invalidUTF8, 1, 8, "$.a"),
        Case(bytes(#"{"a": ""#, [0xC0, 0xAF], #""}"#), .invalidUTF8, 1, 8, "$.a"),
        Case(bytes(#"{"a": ""#, [0xED, 0xA0, 0x80], #""}"#), .invalidUTF8, 1, 8, "$.a"),
        Case(bytes(#"{"a": ""#, [0xF4, 0x90, 0x80, 0x80], #""}"#), .invalidUTF8, 1, 8, "$.a"),
        Case(bytes(#"{"a": ""#, [0xFF], #""}"#), .invalidUTF8, 1, 8, "$.a"),
        Case(bytes(#"{"a": ""#, [0xE2, 0x82], ""), .invalidUTF8, 1, 8, "$.a"),
        Case("{\"a\": \"x\ny\"}", .controlCharacter, 1, 9, "$.a"),
        Case("{\"a\": \"\u{0}\"}", .controlCharacter, 1, 8, "$.a"),
        Case("{\"a\": \"\t\"}", .controlCharacter, 1, 8, "$.a"),
        Case(#"{"schema": 1} {}"#, .trailingText, 1, 15, "$"),
        Case(#"{"schema": 1}x"#, .trailingText, 1, 14, "$"),
        Case("", .unexpectedEnd, 1, 1, "$"),
        Case(#"{"schema": 1"#, .unexpectedEnd, 1, 13, "$.schema"),
        Case(#"{"a": "abc"#, .unexpectedEnd, 1, 7, "$.a"),
        Case(#"{"a": "abc\"#, .unexpectedEnd, 1, 11, "$.a"),
        Case(#"{'a': 1}"#, .unexpectedCharacter, 1, 2, "$"),
        Case(#"{"a" 1}"#, .unexpectedCharacter, 1, 6, "$.a"),
        Case(#"{"a": tru}"#, .unexpectedCharacter, 1, 7, "$.a"),
        Case(#"{"a": NaN}"#, .unexpectedCharacter, 1, 7, "$.a"),
        Case(#"{"a": [1 2]}"#, .unexpectedCharacter, 1, 10, "$.a[0]"),
        Case(#"{"a": 1 "b": 2}"#, .unexpectedCharacter, 1, 9, "$.a"),
        Case(bytes("", [0xEF, 0xBB, 0xBF], #"{"schema": 1}"#), .unexpectedCharacter, 1, 1, "$"),
        Case(String(repeating: "[", count: 100_000), .tooDeep, 1, 65, "$" + String(repeating: "[0]", count: 64)),
        Case(String(repeating: #"{"a":"#, count: 100_000), .tooDeep, 1, 321, "$" + String(repeating: ".a", count: 64)),
    ]

    @Test("each malformed input class: its code, line, column and JSON path", arguments: malformed)
    func refused(_ sample: Case) {
        do {
            _ = try ManifestCodec.decode(Data(sample.json), path: "pins.json")
            Issue.record("accepted")
        } catch {
            let syntax = error.syntax
            #expect(syntax?.code == sample.code, "\(error)")
            #expect(syntax?.position.line == sample.line, "\(error)")
            #expect(syntax?.position.column == sample.column, "\(error)")
            #expect(syntax?.path == sample.path, "\(error)")
            #expect(error.code == (sample.code == .tooDeep ? .tooDeep : .invalidJSON))
            let position = "pins.json:\(sample.line):\(sample.column): "
            #expect(error.description.hasPrefix(position + "not valid JSON at \(sample.path): "), "\(error)")
            #expect(!error.description.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) })
        }
    }

    @Test("a duplicate key names both positions, in objects small and large")
    func duplicatePositions() throws {
        let text = "{\n  \"schema\": 1,\n  \"domains\": [],\n  \"schema\": 1\n}"
        let error = try #require(decodeError(text))
        #expect(error.syntax?.position == TextPosition(line: 4, column: 3, offset: 36))
        #expect(error.syntax?.firstPosition == TextPosition(line: 2, column: 3, offset: 4))
        #expect(error.description.contains("(first at 2:3)"))

        // Past the size where keys are looked up in a table instead of compared one by one.
        let members = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let large = try #require(decodeError("{\(members), \"k7\": 0}"))
        #expect(large.syntax?.code == .duplicateKey)
        #expect(large.syntax?.path == "$.k7")
        #expect(
            large.syntax?.firstPosition?.column == 1 + members.range(of: "\"k7\"")!.lowerBound.utf16Offset(in: members)
                + 1)
        // Same keys in different objects are no duplicates.
        #expect(try JSONReader.read(Array(#"[{"a": 1}, {"a": {"a": 2}}]"#.utf8)).nodes.count == 9)
    }

    @Test("nesting: 64 levels read, 65 refused; 10^5 brackets end in an error, not a crash")
    func depth() throws {
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try JSONReader.read(Array(deepest.utf8)).nodes.count == 64)
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONSyntaxError.self) { try JSONReader.read(Array(tooDeep.utf8)) }
        let error = try #require(decodeError(String(repeating: "[", count: 100_000)))
        #expect(error.code == .tooDeep)
        #expect(error.description.contains("deeper than 64 levels"))
    }

    @Test("size: more than 64 MiB is refused with its own message, from a file before it is read")
    func size() throws {
        var data = Data(#"{"schema": 1}"#.utf8)
        data.append(Data(repeating: UInt8(ascii: " "), count: ManifestCodec.maximumSize + 1 - data.count))
        #expect(throws: ManifestError(.tooLarge, path: "", reason: "")) {
            try ManifestCodec.decode(data, path: "huge.json")
        }
        let folder = TemporaryFolder()
        let url = folder.url.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: Data(#"{"schema": 1}"#.utf8)))
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(ManifestCodec.maximumSize + 1))  // sparse: no 64 MiB written
        try handle.close()
        do {
            _ = try ManifestCodec.readFile(url)
            Issue.record("a 64 MiB + 1 manifest was read")
        } catch {
            #expect(error.code == .tooLarge)
            #expect(error.description.contains("larger than 64 MiB, the size limit for the manifest"), "\(error)")
        }
        // A folder or a device is not a manifest.
        #expect(throws: ManifestError(.unreadable, path: "", reason: "")) { try ManifestCodec.readFile(folder.url) }
    }

    @Test("values: a text of millions of tiny values is refused at the cap, not turned into a huge tape")
    func valueCount() async throws {
        // Zeros in an array: `count` values in 2 * count + 1 bytes, far under the size limit.
        @Sendable func zeros(_ count: Int) -> [UInt8] {
            var text = [UInt8](repeating: UInt8(ascii: ","), count: 2 * count + 1)
            text[0] = UInt8(ascii: "[")
            for index in 0..<count { text[2 * index + 1] = UInt8(ascii: "0") }
            text[2 * count] = UInt8(ascii: "]")
            return text
        }
        // Millions of values: off the 2-thread cooperative pool, which other tests' deadlines need.
        let (error, fitting) = try await OffPoolThread.run { () -> (ManifestError?, Int) in
            var refused: ManifestError?
            do {
                _ = try ManifestCodec.decode(Data(zeros(JSONReader.maximumValues + 10)), path: "pins.json")
            } catch {
                refused = error as? ManifestError
            }
            return (refused, try JSONReader.read(zeros(JSONReader.maximumValues - 1)).nodes.count)
        }
        let refusal = try #require(error)
        #expect(refusal.code == .tooLarge)
        #expect(refusal.syntax?.code == .tooManyValues)
        #expect(refusal.description.contains("more than \(JSONReader.maximumValues) values"), "\(refusal)")
        #expect(fitting == JSONReader.maximumValues, "the array and its values, just under the cap, are read")
    }

    @Test("schema errors keep their JSON path and gain a position")
    func schemaPositions() throws {
        let text = """
            {
              "schema": 1,
              "domains": [
                {"host": "a.test", "pins": [{"type": "spki-sha256", "vlaue": "x"}]}
              ]
            }
            """
        let error = try #require(decodeError(text))
        #expect(error.code == .invalidSchema)
        #expect(error.description.hasPrefix("pins.json:4:57: $.domains[0].pins[0].vlaue: unknown field \"vlaue\""))
        let missing = try #require(decodeError(#"{"schema": 1, "domains": [{"port": 443}]}"#))
        #expect(missing.description == "pins.json:1:27: $.domains[0].host: required field is missing")
        let type = try #require(decodeError(#"{"schema": 1, "domains": [{"host": "a.test", "port": 443.5}]}"#))
        #expect(type.description.contains("$.domains[0].port: expected an integer, found 443.5"))
        let huge = try #require(decodeError(#"{"schema": 99999999999999999999}"#))
        #expect(huge.description.contains("$.schema: expected an integer"))
        let escapedKey = try #require(decodeError(#"{"schema": 1, "bad\nkey": 1}"#))
        #expect(escapedKey.description.contains(#"$["bad\nkey"]: unknown field"#), "\(escapedKey)")
    }

    @Test("hosts and connect addresses in a manifest follow the host rule; the error has the JSON path")
    func manifestHosts() throws {
        let cases: [(String, String)] = [
            (#""host": "a.test:443""#, #"$.domains[0].host: "a.test:443" is not a host name: it includes a port"#),
            (#""host": "*.a.test""#, "includeSubdomains"),
            (#""host": "b$(touch${IFS}X).example.com""#, #"contains "$" at character 2"#),
            (#""host": "a.test", "connect": "10.0.0.5:http""#, #"$.domains[0].connect: "#),
            (#""host": "a.test", "connect": "bad host:443""#, #"$.domains[0].connect: "#),
        ]
        for (fields, expected) in cases {
            let error = try #require(decodeError(#"{"schema": 1, "domains": [{\#(fields)}]}"#))
            #expect(error.code == .invalidSchema)
            #expect(error.description.contains(expected), "\(error)")
        }
        let manifest = try ManifestCodec.decode(
            Data(#"{"schema": 1, "domains": [{"host": "API.Example.com.", "connect": "[::1]:8443"}]}"#.utf8),
            path: "pins.json")
        #expect(manifest.domains[0].host == "api.example.com")
        #expect(manifest.domains[0].connect == "[::1]:8443")
    }

    @Test("round trip: every manifest the tests use, and strings full of escapes, read back exactly")
    func roundTrip() throws {
        let hostile = [
            "quote \" backslash \\ slash /", "new\nline\r\ttab", "nul \u{0} bell \u{7} del \u{7F}",
            "bidi \u{202E}evil", "sep \u{2028}\u{2029}", "emoji 🔐 and é", "\u{10FFFF}", "",
        ]
        let pins = hostile.map { text in
            Pin(type: .spkiSHA256, value: Fixtures.unrelatedPin, label: text, note: text + " note")
        }
        let manifests = [
            try ManifestCodec.decode(Data(ManifestTests.sample.utf8), path: "sample.json"),
            LargeManifestTests.large.canonicallyOrdered,
            PinManifest(trustAnchors: hostile, domains: [DomainPolicy(host: "hostile.test", pins: pins)]),
            PinManifest(),
        ]
        for manifest in manifests {
            let encoded = ManifestCodec.encode(manifest)
            let decoded = try ManifestCodec.decode(encoded, path: "again.json")
            #expect(decoded == manifest.canonicallyOrdered)
            #expect(ManifestCodec.encode(decoded) == encoded)
        }
    }

    @Test("strings read as Foundation reads them, escapes and surrogate pairs included")
    func stringsAgreeWithFoundation() throws {
        let literals = [
            #""plain""#, #""\"\\\/\b\f\n\r\t""#, #""\u0041\u00e9\u20AC""#, #""\ud83d\udd10""#, #""\uDBFF\uDFFF""#,
            "\"é 🔐 \u{2028}\"", #""\u0000""#, #""""#,
        ]
        for literal in literals {
            let json = "[\(literal)]"
            let tape = try JSONReader.read(Array(json.utf8))
            let foundation = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String]
            #expect(tape.string(at: 1) == foundation[0], "\(literal)")
        }
    }

    private func decodeError(_ text: String) -> ManifestError? {
        do {
            _ = try ManifestCodec.decode(Data(text.utf8), path: "pins.json")
            return nil
        } catch {
            return error
        }
    }
}
