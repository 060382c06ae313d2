import Foundation
import ManifestFiles
import PinImport
import PinningCore
import TestSupport
import Testing

/// `import` as a use case (``ImportRun``), on real files: the merge is written behind the gate; a refusal, or a dry
/// run, writes nothing and still lists the changes.
@Suite("import run")
struct ImportRunTests {
    let folder = TemporaryFolder()
    var manifestURL: URL { URL(fileURLWithPath: folder.path("pins.json")) }

    /// An Android configuration pinning two keys for api.example.test, read as `import android` reads it.
    func imported() throws -> ImportedConfiguration {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <network-security-config>
                <domain-config>
                    <domain includeSubdomains="true">api.example.test</domain>
                    <pin-set>
                        <pin digest="SHA-256">7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y=</pin>
                        <pin digest="SHA-256">fwza0LRMXouZHRC8Ei+4PyuldPDcf3UKgO/04cDM1oE=</pin>
                    </pin-set>
                </domain-config>
            </network-security-config>
            """
        return try ConfigurationImporter.read(URL(fileURLWithPath: folder.write("nsc.xml", xml)), as: .android)
    }

    func run(dryRun: Bool) throws -> ImportRun {
        ImportRun(imported: try imported(), note: "imported", manifest: manifestURL, dryRun: dryRun)
    }

    struct Refused: Error {}

    @Test("the merge is written with the note on each new pin; a second run changes nothing")
    func written() throws {
        let result = try run(dryRun: false).run(beforeWriting: { _ in })
        #expect(result.refusal == nil)
        #expect(result.outcome == .written)
        let pins = try #require(ManifestStore.load(manifestURL).manifest.policy(for: "api.example.test")?.pins)
        #expect(pins.map(\.value).contains("7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y="))
        #expect(pins.allSatisfy { $0.note == "imported" })
        let again = try run(dryRun: false).run(beforeWriting: { _ in })
        #expect(again.outcome == .unchanged)
    }

    @Test("a refusal by the gate writes nothing, and the result lists the refused changes")
    func refused() throws {
        let result = try run(dryRun: false).run(beforeWriting: { _ in throw Refused() })
        #expect(result.refusal is Refused)
        #expect(result.outcome == .refused)
        #expect(result.changes.contains { $0.action == .addedDomain && $0.host == "api.example.test" })
        #expect(!FileManager.default.fileExists(atPath: manifestURL.path))
    }

    @Test("a dry run writes nothing, asks the gate, and reports its refusal")
    func dryRun() throws {
        var asked: PinManifest?
        let shown = try run(dryRun: true).run(beforeWriting: { asked = $0 })
        #expect(shown.outcome == .dryRun)
        #expect(asked?.policy(for: "api.example.test")?.pins.count == 2)
        #expect(!FileManager.default.fileExists(atPath: manifestURL.path))
        let refused = try run(dryRun: true).run(beforeWriting: { _ in throw Refused() })
        #expect(refused.outcome == .refused)
        #expect(!FileManager.default.fileExists(atPath: manifestURL.path))
    }

    @Test("a dry run with nothing to change does not ask the gate")
    func dryRunUnchanged() throws {
        _ = try run(dryRun: false).run(beforeWriting: { _ in })
        let result = try run(dryRun: true).run(beforeWriting: { _ in throw Refused() })
        #expect(result.refusal == nil)
        #expect(result.outcome == .unchanged)
    }

    @Test("a manifest that cannot be read is thrown, not reported as a refusal")
    func unreadableManifest() throws {
        folder.write("pins.json", "not json")
        #expect(throws: ManifestError.self) { try run(dryRun: false).run(beforeWriting: { _ in }) }
        #expect(throws: ManifestError.self) { try run(dryRun: true).run(beforeWriting: { _ in }) }
    }
}
