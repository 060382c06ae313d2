import Foundation
import PinningCore
import Testing

/// The manifest's `caCatalog` (a folder of the team's CAs for lint): read strictly, written only when set, read back.
@Suite("manifest: the caCatalog setting")
struct ManifestCACatalogFieldTests {
    func decode(_ text: String) throws(ManifestError) -> PinManifest {
        try ManifestCodec.decode(Data(text.utf8), path: "pins.json")
    }

    @Test("written only when set, and read back as written; a manifest without it keeps its bytes")
    func roundTrip() throws {
        let manifest = PinManifest(caCatalog: "ca", domains: [DomainPolicy(host: "a.example")])
        let text = String(decoding: ManifestCodec.encode(manifest), as: UTF8.self)
        #expect(text.contains("\"caCatalog\" : \"ca\"") || text.contains("\"caCatalog\": \"ca\""), "\(text)")
        #expect(try decode(text) == manifest)
        let plain = String(
            decoding: ManifestCodec.encode(PinManifest(domains: [DomainPolicy(host: "a.example")])), as: UTF8.self)
        #expect(!plain.contains("caCatalog"))
        #expect(try decode(plain).caCatalog == nil)
    }

    @Test("an empty folder name, a control character or another type is refused with the JSON path")
    func refused() throws {
        for value in ["\"\"", "\"ca\\u001b[2J\"", "1", "[\"ca\"]"] {
            let text = "{\"schema\": 1, \"caCatalog\": \(value), \"domains\": []}"
            let error = try #require(throws: ManifestError.self) { try decode(text) }
            #expect(error.code == .invalidSchema && error.reason.contains("caCatalog"), "\(value): \(error)")
        }
    }
}
