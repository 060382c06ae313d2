import Foundation
import PinningCore
import Testing

/// `reportUris`: read strictly (https URLs only, hostile text refused with the field's path), written back only
/// when present, so manifests without it are byte for byte what they were.
@Suite("manifest reportUris")
struct ReportURITests {
    func manifest(_ uris: String) -> Data {
        Data(#"{"schema": 1, "domains": [{"host": "api.example.test", "pins": [], "reportUris": \#(uris)}]}"#.utf8)
    }

    @Test("https URLs are read and written back; a manifest without them keeps its text")
    func roundTrip() throws {
        let read = try ManifestCodec.decode(manifest(#"["https://reports.example.test/pins?app=1"]"#), path: "m.json")
        #expect(read.domains[0].reportUris == ["https://reports.example.test/pins?app=1"])
        let again = try ManifestCodec.decode(ManifestCodec.encode(read), path: "again.json")
        #expect(again == read)
        let without = PinManifest(domains: [DomainPolicy(host: "api.example.test")])
        #expect(!String(decoding: ManifestCodec.encode(without), as: UTF8.self).contains("reportUris"))
    }

    @Test(
        "refused: other schemes, controls, spaces, user info, fragments, bad hosts, too many",
        arguments: [
            #"["http://reports.example.test/"]"#,
            #"["javascript:alert(1)"]"#,
            #"["https://reports.example.test/\n<key>x</key>"]"#,
            #"["https://reports.example.test/a b"]"#,
            #"["https://user:secret@reports.example.test/"]"#,
            #"["https://reports.example.test/#frag"]"#,
            #"["https://bad_host$(x)/"]"#,
            #"["https://reports.example.test/\u202Egnp.exe"]"#,
            #"["https:///path-only"]"#,
            #"[1]"#,
            "[" + Array(repeating: #""https://r.example.test/""#, count: 9).joined(separator: ",") + "]",
        ])
    func refused(_ uris: String) {
        #expect(throws: ManifestError.self) { try ManifestCodec.decode(manifest(uris), path: "m.json") }
        do {
            _ = try ManifestCodec.decode(manifest(uris), path: "m.json")
        } catch {
            #expect(error.description.contains("reportUris"), "the error names the field: \(error)")
        }
    }
}
