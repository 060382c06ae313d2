import Foundation
import PinImport
import PinningCore
import TestSupport
import Testing

/// Property lists that expand, and XML that hides what it holds in another encoding: refused before anything
/// expands or decodes, each with an error that names the budget or the encoding.
@Suite("Imports: expansion and encoding")
struct ImportExpansionTests {
    static let pin = Data(repeating: 7, count: 32).base64EncodedString()

    func read(_ data: Data, _ format: ImportFormat) throws(ImportError) -> ImportedConfiguration {
        try ConfigurationImporter.read(data, as: format, path: "input")
    }

    func read(_ text: String, _ format: ImportFormat) throws(ImportError) -> ImportedConfiguration {
        try read(Data(text.utf8), format)
    }

    @Test("a 1-2 KB binary plist of shared references is refused at the object budget, named in the error")
    func objectBomb() throws {
        // 40^26 strings once expanded (the importer once used 2.9 GB on such a file before aborting).
        let bomb = BinaryPlistBytes.sharedReferenceBomb(depth: 25, fanout: 40, leafLength: 8)
        #expect((1_000...2_048).contains(bomb.count), "\(bomb.count) bytes")
        for format in [ImportFormat.trustkit, .ats] {
            do {
                _ = try read(bomb, format)
                Issue.record("the expansion was read")
            } catch {
                #expect(error.code == .expansionBudget, "\(error)")
                #expect(error.reason.contains("200000 objects"), "\(error.reason)")
                #expect(error.description.hasPrefix("input: "))
            }
        }
    }

    @Test("shared references to a long string are refused at the decoded-size budget")
    func decodedSizeBomb() throws {
        // 40^3 = 64,000 references to one 500-byte string: 32 MB of text from a 700-byte file, in few objects.
        let bomb = BinaryPlistBytes.sharedReferenceBomb(depth: 2, fanout: 40, leafLength: 500)
        #expect(bomb.count < 1_000)
        do {
            _ = try read(bomb, .trustkit)
            Issue.record("the expansion was read")
        } catch {
            #expect(error.code == .expansionBudget, "\(error)")
            #expect(error.reason.contains("8 MiB"), "\(error.reason)")
        }
    }

    @Test("a binary plist whose containers reference each other in a cycle is refused as too deep")
    func cycle() {
        // 0: dictionary TSKPinnedDomains → 2; 2: an array holding itself.
        let cycle = BinaryPlistBytes.file(
            [[0xD1, 1, 2], BinaryPlistBytes.asciiString("TSKPinnedDomains"), [0xA1, 2]], referenceSize: 1)
        #expect(throws: ImportError(.tooDeep, path: "", reason: "")) { try read(cycle, .trustkit) }
    }

    @Test("binary plists Foundation writes read as the same configuration as their XML")
    func binaryMatchesXML() throws {
        for (text, format) in [
            (ImportFixtureTests.trustKitInfoPlist, ImportFormat.trustkit), (ImportFixtureTests.atsInfoPlist, .ats),
        ] {
            let object = try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil)
            let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
            #expect(binary.starts(with: Array("bplist00".utf8)))
            let fromBinary = try read(binary, format)
            let fromXML = try read(text, format)
            #expect(!fromXML.domains.isEmpty)
            // Foundation's writer orders a dictionary's keys its own way; the domains and notes are the same set.
            #expect(Set(fromBinary.domains) == Set(fromXML.domains))
            #expect(Set(fromBinary.notCarried) == Set(fromXML.notCarried))
        }
    }

    @Test("malformed binary plists: every truncation and every flipped trailer byte is an error, never a crash")
    func truncatedBinary() throws {
        let object = try PropertyListSerialization.propertyList(
            from: Data(ImportFixtureTests.trustKitInfoPlist.utf8), format: nil)
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        for length in stride(from: 0, to: binary.count, by: 7) {
            #expect(throws: ImportError.self) { try read(binary.prefix(length), .trustkit) }
        }
        for index in (binary.count - 26)..<binary.count {
            var changed = binary
            changed[index] ^= 0xFF
            do {
                _ = try read(changed, .trustkit)
            } catch {
                #expect(!error.reason.isEmpty)
            }
        }
    }

    static let androidBody = """
        <network-security-config><domain-config><domain>enc.example.test</domain><pin-set>\
        <pin digest="SHA-256">\(pin)</pin></pin-set></domain-config></network-security-config>
        """

    @Test("XML declaring another encoding is refused before parsing, a DOCTYPE hidden in UTF-7 included")
    func declaredEncodings() throws {
        let hidden = """
            <?xml version="1.0" encoding="UTF-7"?>
            +ADw-+ACE-DOCTYPE network-security-config +AFs-+ADw-+ACE-ENTITY a +ACI-aaaaaaaa+ACI-+AD4-+AF0-+AD4-
            \(Self.androidBody)
            """
        #expect(!hidden.contains("<!DOCTYPE"))
        for (text, declared) in [
            (hidden, "UTF-7"),
            ("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" + Self.androidBody, "UTF-16"),
            ("<?xml version='1.0' encoding='ISO-8859-1'?>" + Self.androidBody, "ISO-8859-1"),
            ("<?xml version=\"1.0\" encoding = \"utf-7\" ?>" + Self.androidBody, "utf-7"),
        ] {
            do {
                _ = try read(text, .android)
                Issue.record("read with encoding \(declared)")
            } catch {
                #expect(error.code == .encodingRefused, "\(error)")
                #expect(error.reason.contains("encoding=\"\(declared)\""), "\(error.reason)")
                #expect(error.reason.contains("UTF-8"))
            }
        }
        // The same refusal on the property-list path.
        let plist = ImportFixtureTests.trustKitInfoPlist.replacingOccurrences(of: "UTF-8", with: "UTF-7")
        #expect(throws: ImportError(.encodingRefused, path: "", reason: "")) { try read(plist, .trustkit) }
        // UTF-8 declared in any spelling, or no declaration at all, is read.
        for declaration in ["<?xml version=\"1.0\" encoding=\"utf-8\"?>", "<?xml version='1.0' encoding='UTF8'?>", ""] {
            let imported = try read(declaration + Self.androidBody, .android)
            #expect(imported.domains.map(\.policy.host) == ["enc.example.test"])
        }
    }

    @Test("byte order marks: UTF-8's is read; UTF-16 and UTF-32, marked or not, are refused naming the encoding")
    func byteOrderMarks() throws {
        let text = "<?xml version=\"1.0\"?>" + Self.androidBody
        let utf8 = try read(Data([0xEF, 0xBB, 0xBF]) + Data(text.utf8), .android)
        #expect(utf8.domains.map(\.policy.host) == ["enc.example.test"])

        let littleEndian = Data(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let bigEndian = Data(text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        let utf32 = Data(text.unicodeScalars.flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] })
        for (data, name) in [
            (Data([0xFF, 0xFE]) + littleEndian, "UTF-16"), (Data([0xFE, 0xFF]) + bigEndian, "UTF-16"),
            (littleEndian, "UTF-16"), (bigEndian, "UTF-16"), (Data([0xFF, 0xFE, 0, 0]) + utf32, "UTF-32"),
        ] {
            for format in [ImportFormat.android, .trustkit] {
                do {
                    _ = try read(data, format)
                    Issue.record("read \(name) as \(format)")
                } catch {
                    #expect(error.code == .encodingRefused, "\(error)")
                    #expect(error.reason.contains("is \(name) text"), "\(error.reason)")
                }
            }
        }
    }

    @Test("a property list's DOCTYPE is allowed only as Xcode writes it: an internal subset is refused")
    func propertyListDocumentType() throws {
        #expect(try !read(ImportFixtureTests.trustKitInfoPlist, .trustkit).domains.isEmpty)
        let subset = ImportFixtureTests.trustKitInfoPlist.replacingOccurrences(
            of: "PropertyList-1.0.dtd\">", with: "PropertyList-1.0.dtd\" [<!ENTITY a \"x\">]>")
        #expect(throws: ImportError(.documentTypeRefused, path: "", reason: "")) { try read(subset, .trustkit) }
        let other = ImportFixtureTests.trustKitInfoPlist.replacingOccurrences(
            of: "<!DOCTYPE plist", with: "<!DOCTYPE html")
        #expect(throws: ImportError(.documentTypeRefused, path: "", reason: "")) { try read(other, .trustkit) }
    }

    @Test("case-folded duplicate hosts keep the file's order: the first entry wins, the later one is named dropped")
    func duplicateHostsInFileOrder() throws {
        let second = Data(repeating: 8, count: 32).base64EncodedString()
        func entry(_ host: String, _ pin: String) -> String {
            "<key>\(host)</key><dict><key>TSKPublicKeyHashes</key><array><string>\(pin)</string></array></dict>"
        }
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>TSKPinnedDomains</key><dict>
            \(entry("zeta.example.test", Self.pin))
            \(entry("api.example.test", Self.pin))
            \(entry("API.Example.TEST", second))
            \(entry("api.example.test", second))
            </dict></dict></plist>
            """
        let imported = try read(plist, .trustkit)
        #expect(imported.domains.map(\.policy.host) == ["zeta.example.test", "api.example.test"])
        #expect(imported.domains[1].policy.pins.map(\.value) == [Self.pin])
        let duplicates = imported.notCarried.filter { $0.code == .duplicateHost }
        #expect(
            duplicates.map(\.location) == [
                "TSKPinnedDomains › API.Example.TEST", "TSKPinnedDomains › api.example.test",
            ])
        #expect(
            duplicates.allSatisfy {
                $0.reason.contains("first as \"api.example.test\"") && $0.reason.contains("dropped")
            })

        // The same in a binary plist: its dictionary keeps its entries' order too.
        let binary = BinaryPlistBytes.file(
            [
                [0xD1, 1, 2], BinaryPlistBytes.asciiString("TSKPinnedDomains"), [0xD2, 3, 4, 5, 5],
                BinaryPlistBytes.asciiString("B.example.test"), BinaryPlistBytes.asciiString("b.example.test"),
                [0xD1, 6, 7], BinaryPlistBytes.asciiString("TSKPublicKeyHashes"), [0xA1, 8],
                BinaryPlistBytes.asciiString(Self.pin),
            ], referenceSize: 1)
        let fromBinary = try read(binary, .trustkit)
        #expect(fromBinary.domains.map(\.policy.host) == ["b.example.test"])
        #expect(fromBinary.notCarried.map(\.location) == ["TSKPinnedDomains › b.example.test"])
    }
}
