import Foundation
import PinExport
import PinImport
import PinningCore
import TestSupport
import Testing

/// Configurations from someone else's repository: hostile text, entities, deep nesting, floods, odd files.
@Suite("Imports: hostile and malformed input")
struct ImportHostileTests {
    let pin = Data(repeating: 1, count: 32).base64EncodedString()

    func read(_ text: String, _ format: ImportFormat) throws(ImportError) -> ImportedConfiguration {
        try ConfigurationImporter.read(Data(text.utf8), as: format, path: "hostile")
    }

    func android(_ body: String) -> String {
        "<?xml version=\"1.0\"?>\n<network-security-config>\(body)</network-security-config>"
    }

    @Test("hosts go through the host rule; control characters in notes are shown escaped")
    func hostileHosts() throws {
        let hosts = ["evil.test\u{1B}[2J", "a.test\nforged line", "*.wild.test", "https://url.test/x", "a.test:443"]
        let body = hosts.map {
            "<domain-config><domain>\(XMLEncoding.text($0))</domain><pin-set><pin digest=\"SHA-256\">\(pin)</pin>"
                + "</pin-set></domain-config>"
        }.joined()
        let imported = try read(android(body), .android)
        #expect(imported.domains.isEmpty)
        #expect(imported.notCarried.count == hosts.count)
        #expect(imported.notCarried.allSatisfy { $0.code == .invalidHost })
        for note in imported.notCarried {
            #expect(!note.description.unicodeScalars.contains { TextHazards.isHazard($0) }, "\(note)")
        }
        #expect(imported.notCarried.contains { $0.reason.contains("includeSubdomains") })

        // Property-list keys too: the key with an escape character is refused and shown escaped.
        let plist = PropertyListEncoding.render(
            .dictionary([
                "TSKPinnedDomains": .dictionary([
                    "x\u{1B}]52;c;payload\u{07}.test": .dictionary(["TSKPublicKeyHashes": .array([.string(pin)])]),
                    "UPPER.Example.TEST.": .dictionary(["TSKPublicKeyHashes": .array([.string(pin)])]),
                ])
            ])
        ).text
        let trustKit = try read(plist, .trustkit)
        #expect(trustKit.domains.map(\.policy.host) == ["upper.example.test"])
        #expect(trustKit.notCarried.count == 1)
        #expect(trustKit.notCarried[0].location.contains("\\u{1B}"))
    }

    @Test("malformed pins, SHA-1, duplicates and wrong types are listed, not imported, never crash")
    func malformedItems() throws {
        let plist = PropertyListEncoding.render(
            .dictionary([
                "TSKPinnedDomains": .dictionary([
                    "a.test": .dictionary([
                        "TSKPublicKeyHashes": .array([.string("short="), .string(pin), .string(pin), .bool(true)]),
                        "TSKIncludeSubdomains": .string("yes"),
                        "TSKExpirationDate": .string("2027-02-30"),
                        "TSKSomethingNew": .bool(true),
                    ]),
                    "b.test": .string("not a dictionary"),
                    "c.test": .dictionary(["TSKPublicKeyHashes": .string(pin)]),
                ])
            ])
        ).text
        let imported = try read(plist, .trustkit)
        #expect(imported.domains.map(\.policy.host) == ["a.test"])
        #expect(imported.domains[0].policy.pins.count == 1)
        #expect(imported.domains[0].policy.expires == nil)
        let codes = imported.notCarried.map(\.code)
        #expect(codes.contains(.malformedPin) && codes.contains(.duplicatePin) && codes.contains(.unknownKey))
        #expect(codes.filter { $0 == .malformedValue }.count == 5)
        #expect(codes.contains(.noPins))
    }

    @Test("a document type declaration is refused before parsing: no entity is ever expanded")
    func entities() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE network-security-config [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <network-security-config><domain-config><domain>&b;.test</domain></domain-config></network-security-config>
            """
        #expect(throws: ImportError(.documentTypeRefused, path: "", reason: "")) { try read(laughs, .android) }
        let external = """
            <?xml version="1.0"?><!doctype x SYSTEM "file:///etc/passwd"><network-security-config/>
            """
        #expect(throws: ImportError(.documentTypeRefused, path: "", reason: "")) { try read(external, .android) }
    }

    @Test("bounds: deep XML, too many domains, deep property lists, huge files, FIFOs, non-UTF-8")
    func bounds() throws {
        let deep = android(
            String(repeating: "<domain-config>", count: 40) + String(repeating: "</domain-config>", count: 40))
        #expect(throws: ImportError(.tooDeep, path: "", reason: "")) { try read(deep, .android) }

        let many = (0...ImportLimits.maximumDomains).map { "<domain>h\($0).test</domain>" }.joined()
        let flood = android(
            "<domain-config>\(many)<pin-set><pin digest=\"SHA-256\">\(pin)</pin></pin-set></domain-config>")
        #expect(flood.utf8.count < ImportLimits.maximumFileSize)
        #expect(throws: ImportError(.tooMany, path: "", reason: "")) { try read(flood, .android) }

        let nested =
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>TSKPinnedDomains</key>"
            + String(repeating: "<array>", count: 20_000) + String(repeating: "</array>", count: 20_000)
            + "</dict></plist>"
        // Read by the bounded element tree, as Android's XML is: refused at the same nesting bound.
        #expect(throws: ImportError(.tooDeep, path: "", reason: "")) { try read(nested, .trustkit) }

        let folder = TemporaryFolder()
        folder.write("big.plist", Data(count: ImportLimits.maximumFileSize + 1))
        #expect(throws: ImportError(.unreadable, path: "", reason: "")) {
            try ConfigurationImporter.read(URL(fileURLWithPath: folder.path("big.plist")), as: .ats)
        }
        #expect(mkfifo(folder.path("fifo"), 0o600) == 0)
        do {
            _ = try ConfigurationImporter.read(URL(fileURLWithPath: folder.path("fifo")), as: .android)
            Issue.record("a FIFO was read")
        } catch {
            #expect(error.fileError?.code == .notRegularFile)
        }
        #expect(throws: ImportError(.notXML, path: "", reason: "")) {
            try ConfigurationImporter.read(Data([0x3C, 0xFF, 0xFE, 0x00]), as: .android, path: "x")
        }
    }

    @Test("the wrong file for the format says so")
    func wrongFile() {
        #expect(throws: ImportError(.missingConfiguration, path: "", reason: "")) {
            try read(ImportFixtureTests.atsInfoPlist, .trustkit)
        }
        #expect(throws: ImportError(.missingConfiguration, path: "", reason: "")) {
            try read(ImportFixtureTests.trustKitInfoPlist, .ats)
        }
        #expect(throws: ImportError(.notAPropertyList, path: "", reason: "")) {
            try read(ImportFixtureTests.androidConfig, .ats)
        }
        #expect(throws: ImportError(.missingConfiguration, path: "", reason: "")) {
            try read("<?xml version=\"1.0\"?><manifest/>", .android)
        }
    }
}
