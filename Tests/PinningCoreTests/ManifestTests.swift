import Foundation
import PinningCore
import TestSupport
import Testing

@Suite("Manifest format")
struct ManifestTests {
    static let sample = """
        {
          "schema": 1,
          "trustAnchors": ["anchors/corp-root.pem"],
          "domains": [{
            "host": "zeta.example.com", "port": 443, "mode": "report-only",
            "pins": [{ "type": "cert-sha256", "value": "\(Fixtures.unrelatedPin)" }]
          }, {
            "host": "api.example.com", "port": 8443, "connect": "127.0.0.1:9443",
            "includeSubdomains": true, "mode": "enforce", "expires": "2027-06-30",
            "pins": [{ "type": "spki-sha256", "value": "\(Fixtures.unrelatedPin)", "role": "backup", "position": "ca",
                       "label": "CA key", "notAfter": "2027-01-10T00:00:00Z",
                       "added": "2026-11-22T10:00:00Z", "note": "why it was pinned" }]
          }]
        }
        """

    @Test("every field is read")
    func decodeAll() throws {
        let manifest = try ManifestCodec.decode(Data(Self.sample.utf8), path: "pins.json")
        #expect(manifest.trustAnchors == ["anchors/corp-root.pem"])
        let api = try #require(manifest.domains.first { $0.host == "api.example.com" })
        #expect(api.port == 8443)
        #expect(api.connect == "127.0.0.1:9443")
        #expect(api.includeSubdomains)
        #expect(api.mode == .enforce)
        #expect(api.expires == CalendarDay("2027-06-30"))
        let pin = try #require(api.pins.first)
        #expect(pin.role == .backup && pin.position == .ca && pin.type == .spkiSHA256)
        #expect(pin.label == "CA key" && pin.note == "why it was pinned")
        #expect(pin.notAfter == Timestamp.parse("2027-01-10T00:00:00Z"))
        let zeta = try #require(manifest.domains.first { $0.host == "zeta.example.com" })
        #expect(zeta.pins[0].role == .active && zeta.pins[0].position == .any && zeta.includeSubdomains == false)
    }

    @Test("output is stable: sorted keys and domains, two-space indent, identical bytes on a round trip")
    func stableOutput() throws {
        let manifest = try ManifestCodec.decode(Data(Self.sample.utf8), path: "pins.json")
        let first = ManifestCodec.encode(manifest)
        let again = ManifestCodec.encode(try ManifestCodec.decode(first, path: "pins.json"))
        #expect(first == again)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"domains\": [\n    {\n      \"connect\": \"127.0.0.1:9443\",\n"))
        #expect(text.range(of: "api.example.com")!.lowerBound < text.range(of: "zeta.example.com")!.lowerBound)
        #expect(text.hasSuffix("\"schema\": 1,\n  \"trustAnchors\": [\n    \"anchors/corp-root.pem\"\n  ]\n}\n"))
        #expect(!text.contains(" : "))
        let empty = String(decoding: ManifestCodec.encode(PinManifest()), as: UTF8.self)
        #expect(empty == "{\n  \"domains\": [],\n  \"schema\": 1,\n  \"trustAnchors\": []\n}\n")
    }

    @Test(
        "schema errors name the JSON path",
        arguments: [
            (
                #"{"schema": 1, "domains": [{"host": "a.test", "pins": [{"type": "spki-sha256", "vlaue": "x"}]}]}"#,
                #"$.domains[0].pins[0].vlaue: unknown field"#
            ),
            (#"{"schema": 1, "domian": []}"#, #"$.domian: unknown field"#),
            (
                #"{"schema": 1, "domains": [{"host": "a.test", "mode": "strict"}]}"#,
                #"$.domains[0].mode: "strict" is not one of"#
            ),
            (
                #"{"schema": 1, "domains": [{"host": "a.test", "port": "443"}]}"#,
                #"$.domains[0].port: expected an integer"#
            ),
            (
                #"{"schema": 1, "domains": [{"host": "a.test", "port": 70000}]}"#,
                #"$.domains[0].port: port 70000 is outside"#
            ),
            (#"{"schema": 1, "domains": [{"port": 443}]}"#, #"$.domains[0].host: required field is missing"#),
            (
                #"{"schema": 1, "domains": [{"host": "https://a.test/"}]}"#,
                #"$.domains[0].host: "https://a.test/" is not a host"#
            ),
            (
                #"{"schema": 1, "domains": [{"host": "a.test", "expires": "30/06/2027"}]}"#,
                #"$.domains[0].expires: "30/06/2027" is not a date"#
            ),
            (#"{"schema": 1, "domains": [{"host": "a.test", "expires": "2027-02-30"}]}"#, #"$.domains[0].expires"#),
            (
                #"{"schema": 1, "domains": [{"host": "a.test", "pins": [{"type": "sha1", "value": "x"}]}]}"#,
                #"$.domains[0].pins[0].type: "sha1" is not one of"#
            ),
            (
                #"{"schema": 1, "domains": [{"host": "a.test", "pins": [{"type": "spki-sha256", "value": "x", "added": "yesterday"}]}]}"#,
                #"$.domains[0].pins[0].added: "yesterday" is not an ISO 8601"#
            ),
            (#"{"schema": 2}"#, #"$.schema: schema 2 is not supported"#),
            (#"{"domains": []}"#, #"$.schema: required field is missing"#),
        ])
    func schemaErrors(json: String, expected: String) {
        do {
            _ = try ManifestCodec.decode(Data(json.utf8), path: "pins.json")
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.code == .invalidSchema)
            #expect(error.description.hasPrefix("pins.json:"))
            #expect(error.position != nil)
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    @Test(
        "invalid JSON is an error, not a crash", arguments: ["", "{", "[1, 2]", "{\"schema\": 1", "\u{0}\u{1}garbage"])
    func invalidJSON(json: String) {
        #expect(throws: ManifestError.self) { try ManifestCodec.decode(Data(json.utf8), path: "pins.json") }
    }
}
