import Foundation
import PinImport
import PinningCore
import Testing

/// What `pinbench import` reports: each change, what the file could not carry, and what became of the changes.
@Suite("The import report")
struct ImportReportTests {
    static let pins = (1...2).map { Data(repeating: UInt8($0), count: 32).base64EncodedString() }

    /// A real Network Security Config read by the importer: two SHA-256 pins and a SHA-1 one it cannot carry.
    static func imported() throws -> ImportedConfiguration {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <network-security-config>
                <domain-config>
                    <domain includeSubdomains="true">api.example.test</domain>
                    <pin-set>
                        <pin digest="SHA-256">\(pins[0])</pin>
                        <pin digest="SHA-256">\(pins[1])</pin>
                        <pin digest="SHA-1">2fRAUXyxl4A1/XHrKNBmc8bTkzA=</pin>
                    </pin-set>
                </domain-config>
            </network-security-config>
            """
        return try ConfigurationImporter.read(Data(xml.utf8), as: .android, path: "nsc.xml")
    }

    @Test("what became of the changes: refused by the lint gate, nothing to change, shown in a dry run, or written")
    func outcome() throws {
        var manifest = PinManifest()
        let changes = ImportMerge.apply(try Self.imported(), to: &manifest)
        #expect(ImportReport.Outcome(changes, refused: false, dryRun: false) == .written)
        #expect(ImportReport.Outcome(changes, refused: false, dryRun: true) == .dryRun)
        #expect(ImportReport.Outcome(changes, refused: true, dryRun: true) == .refused)
        // The same file again changes nothing: every pin is already there.
        let again = ImportMerge.apply(try Self.imported(), to: &manifest)
        #expect(again.allSatisfy { $0.action == .alreadyPinned })
        #expect(ImportReport.Outcome(again, refused: false, dryRun: false) == .unchanged)
        #expect(ImportReport.Outcome([], refused: false, dryRun: true) == .unchanged)
    }

    @Test("the text lists each change, then what was not carried, then the outcome; JSON says the same")
    func lines() throws {
        let imported = try Self.imported()
        var manifest = PinManifest()
        let changes = ImportMerge.apply(imported, to: &manifest)
        let report = ImportReport(imported: imported, changes: changes, manifest: "pins.json", outcome: .dryRun)
        let lines = report.lines
        #expect(Array(lines.prefix(changes.count)) == changes.map(\.description))
        #expect(lines[changes.count] == "Not carried (1 item):")
        #expect(lines[changes.count + 1].hasPrefix("  ") && lines[changes.count + 1].contains("SHA-1"))
        #expect(lines.last == "3 changes would be made to pins.json (dry run; nothing written)")

        let written = ImportReport(imported: imported, changes: changes, manifest: "pins.json", outcome: .written)
        #expect(written.lines.last == "3 changes; wrote pins.json")
        let refused = ImportReport(imported: imported, changes: changes, manifest: "pins.json", outcome: .refused)
        #expect(
            refused.lines.last
                == "3 changes refused by the lint gate (its findings are on standard error); nothing written to pins.json"
        )

        let json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(refused)) as? [String: Any])
        #expect(Set(json.keys) == ["format", "manifest", "written", "refusedByLint", "changes", "notCarried"])
        #expect(json["refusedByLint"] as? Bool == true)
        #expect(json["written"] as? Bool == false)
        #expect(json["format"] as? String == "android")
    }
}
