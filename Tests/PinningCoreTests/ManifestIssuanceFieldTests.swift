import Foundation
import PinningCore
import Testing

/// A domain's `issuance` (how its certificates are issued): read strictly with line, column and JSON path, written
/// only when set, read back as written.
@Suite("manifest: a domain's issuance setting")
struct ManifestIssuanceFieldTests {
    func decode(_ text: String) throws(ManifestError) -> PinManifest {
        try ManifestCodec.decode(Data(text.utf8), path: "pins.json")
    }

    /// A manifest of one domain whose `issuance` is `value` (JSON text), on the domain's third line.
    func manifest(issuance value: String) -> String {
        """
        {"schema": 1, "domains": [
          {"host": "a.example", "pins": [],
           "issuance": \(value)}
        ]}
        """
    }

    @Test(
        "every combination of fields is written only as set and read back as written",
        arguments: [
            DomainIssuance(ca: "letsencrypt"),
            DomainIssuance(ca: "letsencrypt", profile: "shortlived", lifetimeDays: 6, keyReuse: false),
            DomainIssuance(ca: "private", lifetimeDays: 3_650, keyReuse: true),
            DomainIssuance(profile: "classic"),
            DomainIssuance(lifetimeDays: 1),
            DomainIssuance(keyReuse: false),
        ])
    func roundTrip(_ issuance: DomainIssuance) throws {
        let written = PinManifest(domains: [DomainPolicy(host: "a.example", issuance: issuance)])
        let text = String(decoding: ManifestCodec.encode(written), as: UTF8.self)
        #expect(try decode(text) == written, "\(text)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let domain = try #require((object["domains"] as? [[String: Any]])?.first)
        let fields = try #require(domain["issuance"] as? [String: Any])
        #expect(
            Set(fields.keys)
                == Set(issuance.description.split(separator: " ").map { String($0.split(separator: "=")[0]) }))
        #expect(fields["ca"] as? String == issuance.ca && fields["lifetimeDays"] as? Int == issuance.lifetimeDays)
    }

    @Test("no issuance, an empty one and null are all left out of the file")
    func absent() throws {
        for domain in [DomainPolicy(host: "a.example"), DomainPolicy(host: "a.example", issuance: DomainIssuance())] {
            let text = String(decoding: ManifestCodec.encode(PinManifest(domains: [domain])), as: UTF8.self)
            #expect(!text.contains("issuance"), "\(text)")
            #expect(try decode(text).domains[0].issuance == nil)
        }
        #expect(try decode(manifest(issuance: "{}")).domains[0].issuance == nil)
        #expect(try decode(manifest(issuance: "null")).domains[0].issuance == nil)
    }

    @Test(
        "unknown fields, wrong types, lifetimes out of range or not integers, unusable names: refused at their place",
        arguments: [
            (#"{"ca": "letsencrypt", "lifetime": 90}"#, "unknown field \"lifetime\""),
            (#"{"ca": 1}"#, "expected a string"),
            (#"{"keyReuse": "yes"}"#, "expected true or false"),
            (#"{"lifetimeDays": 0}"#, "1 to 3650 days, not 0"),
            (#"{"lifetimeDays": 3651}"#, "1 to 3650 days, not 3651"),
            (#"{"lifetimeDays": -5}"#, "not -5"),
            (#"{"lifetimeDays": 90.5}"#, "expected an integer, found 90.5"),
            (#"{"lifetimeDays": 9e1}"#, "expected an integer, found 9e1"),
            (#"{"lifetimeDays": 99999999999999999999999}"#, "expected an integer"),
            (#"{"lifetimeDays": 1e999}"#, "expected an integer"),
            (#"{"lifetimeDays": "90"}"#, "expected an integer"),
            (#"{"ca": "lets encrypt"}"#, "not usable"),
            (#"{"profile": "classic\u001b[2J"}"#, "not usable"),
            (#"{"profile": ""}"#, "1 to 64 characters"),
            (#"["letsencrypt"]"#, "expected an object"),
            (#""letsencrypt""#, "expected an object"),
        ])
    func refused(_ value: String, _ words: String) throws {
        let error = try #require(throws: ManifestError.self) { try decode(manifest(issuance: value)) }
        #expect(error.code == .invalidSchema, "\(value): \(error)")
        #expect(error.reason.contains(words), "\(value): \(error)")
        #expect(error.reason.contains("issuance"), "the JSON path names it: \(error)")
        #expect(error.position?.line == 3, "\(value): \(error)")
    }

    @Test("NaN is not JSON: refused by the strict reader with its position")
    func notANumber() throws {
        let error = try #require(throws: ManifestError.self) {
            try decode(manifest(issuance: #"{"lifetimeDays": NaN}"#))
        }
        #expect(error.code == .invalidJSON, "\(error)")
        #expect(error.position?.line == 3, "\(error)")
    }
}
