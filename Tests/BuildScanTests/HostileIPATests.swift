import BuildScan
import Foundation
import TestSupport
import Testing

/// Hostile iOS builds: lying Mach-O headers, plist bombs, huge strings, names that escape. Each a ``ScanError``
/// naming the entry, never a trap, within ``ScanLimits``. The Mach-O files start from a real layout
/// (``MachOBuild/image``, which `llvm-objdump` reads) and are then made to lie, one field at a time.
@Suite("Scan: hostile IPAs", .enabled(if: MachOBuild.toolsPresent, "needs the toolchain's llvm-objdump"))
struct HostileIPATests {
    static let plist = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleExecutable</key><string>Demo</string>\
        <key>CFBundleIdentifier</key><string>com.example.pins</string></dict></plist>
        """.utf8)
    static let executable = "Payload/Demo.app/Demo"

    func scan(
        executable: [UInt8], plist: [UInt8] = plist, limits: ScanLimits = ScanLimits()
    ) throws(ScanError)
        -> ScanReport
    {
        let zip = ZipBuilder(entries: [
            .init("Payload/Demo.app/Info.plist", plist), .init(Self.executable, executable),
        ])
        return try BuildScanner.scan(MemoryArchiveSource(zip.bytes()), artifact: "app.ipa", limits: limits)
    }

    /// A real layout with a pin and a TrustKit load command, written by Python off the cooperative pool.
    static func image() async throws -> [UInt8] {
        try await OffPoolThread.run {
            try MachOBuild.image(
                strings: ["sha256/" + IPAScanTests.pinA], dylibs: [("@rpath/TrustKit.framework/TrustKit", false)])
        }
    }

    static func setting(_ bytes: [UInt8], at offset: Int, _ value: UInt32, bigEndian: Bool = false) -> [UInt8] {
        var bytes = bytes
        for index in 0..<4 {
            let shift = bigEndian ? (3 - index) * 8 : index * 8
            bytes[offset + index] = UInt8((value >> UInt32(shift)) & 0xFF)
        }
        return bytes
    }

    @Test("the real layout scans: the lies below are what the errors are about")
    func baseline() async throws {
        let report = try scan(executable: try await Self.image())
        #expect(report.findings.contains { $0.kind == .pin && $0.value == "sha256/" + IPAScanTests.pinA })
        #expect(report.findings.contains { $0.kind == .library && $0.certainty == .declared })
    }

    @Test("thin headers that lie: cut short, ncmds, sizeofcmds, a command's size, a section, a dylib name")
    func thinLies() async throws {
        let image = try await Self.image()
        let commandsEnd = 32 + Int(image[20]) + Int(image[21]) << 8
        let cases: [(String, [UInt8], ScanError.Kind)] = [
            ("cut short", Array(image.prefix(20)), .malformed),
            ("no magic", [0x7F, 0x45, 0x4C, 0x46] + Array(image.dropFirst(4)), .malformed),
            ("ncmds past the bound", Self.setting(image, at: 16, 100_000), .limit),
            ("more commands than sizeofcmds holds", Self.setting(image, at: 16, 50), .malformed),
            ("sizeofcmds past the file", Self.setting(image, at: 20, 0x7FFF_FFF0), .malformed),
            ("a command of size 0", Self.setting(image, at: 36, 0), .malformed),
            ("a command past sizeofcmds", Self.setting(image, at: 36, 0x10000), .malformed),
            ("a section past the file", Self.setting(image, at: 32 + 72 + 48, 0x00FF_FFFF), .malformed),
            ("a segment claiming sections its command lacks", Self.setting(image, at: 32 + 64, 1_000), .malformed),
            ("a dylib name outside its command", Self.setting(image, at: 32 + 152 + 8, 4_000), .malformed),
            ("a big-endian Mach-O", [0xFE, 0xED, 0xFA, 0xCF] + Array(image.dropFirst(4)), .malformed),
        ]
        #expect(commandsEnd < image.count)
        for (what, bytes, kind) in cases {
            #expect(throws: ScanError(kind, entry: Self.executable, ""), "\(what)") { try scan(executable: bytes) }
        }
    }

    @Test("thousands of load commands are read up to the bound, and refused past it")
    func manyCommands() async throws {
        let image = try await Self.image()
        func commands(_ count: Int) -> [UInt8] {
            // An unknown command (0x99) of 8 bytes, `count` times, after a real header.
            var header = Self.setting(Array(image.prefix(32)), at: 16, UInt32(count))
            header = Self.setting(header, at: 20, UInt32(count * 8))
            return header + Array(repeating: [0x99, 0, 0, 0, 8, 0, 0, 0], count: count).flatMap { $0 }
        }
        #expect(try scan(executable: commands(8_000)).findings.isEmpty)
        #expect(throws: ScanError(.limit, entry: Self.executable, "")) { try scan(executable: commands(8_193)) }
        var limits = ScanLimits()
        limits.machOLoadCommands = 100
        #expect(throws: ScanError(.limit, entry: Self.executable, "")) {
            try scan(executable: commands(101), limits: limits)
        }
    }

    @Test("universal headers that lie: too many, past the end, overlapping, nested, none")
    func universalLies() async throws {
        let arm = try await Self.image()
        let fat = try await OffPoolThread.run { try MachOBuild.universal([arm, arm]) }
        // One pin in both slices: one finding naming both.
        let pins = try scan(executable: fat).findings.filter { $0.kind == .pin }
        #expect(pins.count == 1)
        #expect(pins.first?.detail?.contains("in 2 slices of the universal binary: arm64 offset") == true)
        // Records start at 8, 20 bytes each: cputype, cpusubtype, offset, size, align (big-endian).
        let cases: [(String, [UInt8], ScanError.Kind)] = [
            ("no architecture", Self.setting(fat, at: 4, 0, bigEndian: true), .malformed),
            ("a thousand architectures", Self.setting(fat, at: 4, 1_000, bigEndian: true), .limit),
            ("an offset past the end", Self.setting(fat, at: 8 + 8, 0x7FFF_0000, bigEndian: true), .malformed),
            ("a size past the end", Self.setting(fat, at: 8 + 12, 0x7FFF_0000, bigEndian: true), .malformed),
            ("an offset inside the header", Self.setting(fat, at: 8 + 8, 8, bigEndian: true), .malformed),
            (
                "two architectures overlapping",
                Self.setting(fat, at: 8 + 20 + 8, 16_384 + 16, bigEndian: true), .duplicateOrOverlap
            ),
            ("a universal file inside one", Self.setting(fat, at: 16_384, 0xBEBA_FECA), .malformed),
            ("cut after the header", Array(fat.prefix(12)), .malformed),
        ]
        for (what, bytes, kind) in cases {
            #expect(throws: ScanError(kind, entry: Self.executable, ""), "\(what)") { try scan(executable: bytes) }
        }
    }

    @Test("Info.plist bombs, huge strings and lies: PinImport's budget, its size bound, a clear error")
    func plists() async throws {
        let image = try await Self.image()
        let entry = "Payload/Demo.app/Info.plist"
        let bomb = Array(BinaryPlistBytes.sharedReferenceBomb(depth: 30, fanout: 2, leafLength: 8))
        #expect(bomb.count < 2_000)
        #expect(throws: ScanError(.limit, entry: entry, "")) { try scan(executable: image, plist: bomb) }
        let huge = Array(
            ("<plist><dict><key>CFBundleExecutable</key><string>" + String(repeating: "A", count: 2 << 20)
                + "</string></dict></plist>").utf8)
        #expect(throws: ScanError(.limit, entry: entry, "")) { try scan(executable: image, plist: huge) }
        let cases: [(String, String)] = [
            ("not a plist", "hello"),
            (
                "an executable climbing out",
                "<plist><dict><key>CFBundleExecutable</key><string>../x</string></dict></plist>"
            ),
            (
                "an executable the app lacks",
                "<plist><dict><key>CFBundleExecutable</key><string>Other</string></dict></plist>"
            ),
            ("a DOCTYPE with entities", "<!DOCTYPE plist [<!ENTITY a \"b\">]><plist><dict/></plist>"),
        ]
        for (what, text) in cases {
            #expect(throws: ScanError(.malformed, entry: entry, ""), "\(what)") {
                try scan(executable: image, plist: Array(text.utf8))
            }
        }
        // An executable that is not a Mach-O is named as such.
        #expect(throws: ScanError(.malformed, entry: Self.executable, "")) { try scan(executable: Array("MZ".utf8)) }
    }

    @Test("names with escape sequences: refused in entry names, escaped in the error and in findings' text")
    func escapes() async throws {
        let zip = ZipBuilder(entries: [
            .init("Payload/Demo.app/Info.plist", Self.plist), .init("Payload/Demo.app/x\u{1B}]0;owned\u{07}.der", [1]),
        ])
        do {
            _ = try BuildScanner.scan(MemoryArchiveSource(zip.bytes()), artifact: "app.ipa")
            Issue.record("an entry name with an escape sequence was accepted")
        } catch {
            #expect(error.kind == .unsafeName)
            #expect(!error.description.contains("\u{1B}") && error.description.contains("\\u{1B}"))
        }
        let image = try await OffPoolThread.run {
            try MachOBuild.image(strings: [], dylibs: [("@rpath/x\u{1B}[31m/TrustKit.framework/TrustKit", false)])
        }
        let report = try scan(executable: image)
        #expect(report.findings.first { $0.kind == .library }?.detail?.contains("\u{1B}[31m") == true)
        let text = ScanText.lines(report).joined(separator: "\n")
        #expect(!text.contains("\u{1B}"))
        #expect(text.contains("x\\u{1B}[31m/TrustKit.framework"))
    }

    @Test("the bytes read in all, and a folder's files, stop at their bounds naming the entry")
    func bounds() async throws {
        let image = try await Self.image()
        var limits = ScanLimits()
        limits.totalBytes = Self.plist.count + image.count - 1
        #expect(throws: ScanError(.limit, entry: Self.executable, "")) {
            try scan(executable: image, limits: limits)
        }
        // An executable's bound is its own (ScanBoundsTests holds the 64 MiB of other entries apart from it).
        limits = ScanLimits()
        limits.executableBytes = image.count - 1
        #expect(throws: ScanError(.limit, entry: Self.executable, "")) { try scan(executable: image, limits: limits) }

        let folder = TemporaryFolder()
        _ = folder.write("Info.plist", Data(Self.plist))
        _ = folder.write("Demo", Data(image))
        for index in 0..<5 { _ = folder.write("file\(index).txt", "x") }
        #expect(try BuildScanner.scan(path: folder.url.path).app.executable == "Demo")
        limits = ScanLimits()
        limits.entries = 6
        #expect(throws: ScanError(.limit, entry: "file4.txt", "")) {
            try BuildScanner.scan(path: folder.url.path, limits: limits)
        }
        limits = ScanLimits()
        limits.executableBytes = image.count - 1
        #expect(throws: ScanError(.limit, entry: "Demo", "")) {
            try BuildScanner.scan(path: folder.url.path, limits: limits)
        }
    }

    @Test("an App Store build's encrypted code is reported, as llvm-objdump reads its load command")
    func encrypted() async throws {
        let (image, headers) = try await OffPoolThread.run { () throws -> ([UInt8], String) in
            let image = try MachOBuild.image(strings: ["sha256/" + IPAScanTests.pinA], encrypted: true)
            return (image, try MachOBuild.objdump(image, ["--private-headers"]))
        }
        #expect(headers.contains("cmd LC_ENCRYPTION_INFO_64") && headers.contains("cryptid 1"))
        let report = try scan(executable: image)
        let finding = try #require(report.findings.first { $0.kind == .encrypted })
        #expect(finding.location.offset == 0 && finding.detail?.contains("64 bytes") == true)
        let plain = try await Self.image()
        #expect(try scan(executable: plain).findings.allSatisfy { $0.kind != .encrypted })
    }

    @Test("pin strings past the findings' bound are counted, not kept; a debugging proxy's key is kept all the same")
    func manyPins() async throws {
        let pins = (0..<40).map { "sha256/" + Data(repeating: UInt8($0), count: 32).base64EncodedString() }
        let image = try await OffPoolThread.run { try MachOBuild.image(strings: pins) }
        let file = try MachOFile(image, entry: Self.executable)
        let all = MachOPins.findings(file).filter { $0.kind == .pin }
        #expect(all.map(\.value) == pins)
        let capped = MachOPins.findings(file, limit: 5, keeping: [pins[30]])
        #expect(capped.filter { $0.kind == .pin }.map(\.value) == Array(pins.prefix(5)) + [pins[30]])
        let note = try #require(capped.first { $0.kind == .note })
        #expect(note.value == "omitted" && note.detail?.hasPrefix("34 more pin strings in arm64") == true)

        // Through a scan: the report lists three findings, and the rule is judged on all of them.
        let (proxy, withProxy) = try await OffPoolThread.run { () throws -> (LegacyCertificate, [UInt8]) in
            let proxy = try LegacyCertificate.root(commonName: "mitmproxy", key: .ec(curve: "P-256"))
            let proxyPin = "sha256/" + (try OpenSSLCLI.spkiPin(certificatePEM: proxy.pem))
            return (proxy, try MachOBuild.image(strings: pins + [proxyPin]))
        }
        let zip = ZipBuilder(entries: [
            .init("Payload/Demo.app/Info.plist", Self.plist), .init("Payload/Demo.app/proxy.der", proxy.der),
            .init(Self.executable, withProxy),
        ])
        var limits = ScanLimits()
        limits.findings = 3
        let report = try BuildScanner.scan(MemoryArchiveSource(zip.bytes()), artifact: "app.ipa", limits: limits)
        #expect(report.brokenRules == [.debuggingProxyCA])
        #expect(report.findings.count == 3 && report.omittedFindings > 0)
    }

    @Test("a huge base64 run in a Mach-O is one pass and no pin; a pin right after it is still found")
    func hugeString() async throws {
        let huge = String(repeating: "A", count: 4 << 20) + "="
        let pin = "sha256/" + IPAScanTests.pinA
        // After the image's own bytes, inside its architecture (a thin file's is the whole file), in no section.
        let bytes =
            try await OffPoolThread.run { try MachOBuild.image(strings: ["x"]) }
            + Array((huge + "\0" + pin + "\0" + huge + huge).utf8)
        let file = try MachOFile(bytes, entry: Self.executable)
        let pins = MachOPins.findings(file).filter { $0.kind == .pin }
        #expect(pins.map(\.value) == [pin])
        #expect(
            pins.first?.location.keyPath == "arm64"
                && pins.first?.location.offset == bytes.count - 2 * huge.utf8.count - 1 - pin.utf8.count)
    }
}
