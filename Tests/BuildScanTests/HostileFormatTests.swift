import BuildScan
import Foundation
import TestSupport
import Testing

/// Hostile binary XML, DEX and deflate data inside an archive: each refused with its bound, naming the entry.
@Suite("Scan: hostile binary XML, DEX and deflate data")
struct HostileFormatTests {
    static func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
    static func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }

    /// A binary XML document holding one string pool chunk that claims `count` strings in `size` bytes.
    static func xmlWithPool(count: Int, size: Int = 28) -> [UInt8] {
        let pool = u16(0x0001) + u16(28) + u32(size) + u32(count) + u32(0) + u32(0x100) + u32(28) + u32(0)
        let padded = pool + [UInt8](repeating: 0, count: max(0, size - pool.count))
        return u16(0x0003) + u16(8) + u32(8 + padded.count) + padded
    }

    @Test("a string pool claiming a billion strings is refused for the bound, before any allocation")
    func billionStrings() throws {
        let error = #expect(throws: ScanError.self) {
            try BinaryXML.parse(Self.xmlWithPool(count: 1_000_000_000), entry: "AndroidManifest.xml")
        }
        #expect(error?.kind == .limit && error?.entry == "AndroidManifest.xml")
        // Within the bound but more than its bytes can hold: malformed.
        let small = #expect(throws: ScanError.self) {
            try BinaryXML.parse(Self.xmlWithPool(count: 1_000), entry: "AndroidManifest.xml")
        }
        #expect(small?.kind == .malformed)
    }

    @Test("string pool entries that all point at one long string stop at the decoding budget")
    func overlappingStrings() throws {
        let count = 10_000
        let text = [UInt8(0x83), 0xE8, 0x83, 0xE8] + Array(repeating: UInt8(ascii: "a"), count: 1_000) + [0]
        let stringsStart = 28 + count * 4
        var pool = Self.u16(0x0001) + Self.u16(28) + Self.u32(stringsStart + text.count) + Self.u32(count)
        pool += Self.u32(0) + Self.u32(0x100) + Self.u32(stringsStart) + Self.u32(0)
        pool += (0..<count).flatMap { _ in Self.u32(0) } + text
        while pool.count % 4 != 0 { pool.append(0) }
        pool.replaceSubrange(4..<8, with: Self.u32(pool.count))
        // One element whose attributes name every string of the pool, as name and as value: the pool's offsets all
        // point at the same string, so each decodes a thousand bytes.
        let attributes = (0..<count).flatMap { index in Self.attribute(index) }
        let end =
            Self.u16(0x0103) + Self.u16(16) + Self.u32(24) + Self.u32(1) + Self.u32(0xFFFF_FFFF)
            + Self.u32(0xFFFF_FFFF) + Self.u32(0)
        let body = pool + Self.element(attributes, count: count) + end
        let document = Self.u16(0x0003) + Self.u16(8) + Self.u32(8 + body.count) + body
        #expect(throws: ScanError(.limit, entry: "AndroidManifest.xml", "")) {
            try BinaryXML.parse(document, entry: "AndroidManifest.xml")
        }
        // The same element naming one string a thousand times is read: a repeated string costs nothing more.
        let few = (0..<1_000).flatMap { _ in Self.attribute(0) }
        let readable = pool + Self.element(few, count: 1_000) + end
        let root = try BinaryXML.parse(
            Self.u16(0x0003) + Self.u16(8) + Self.u32(8 + readable.count) + readable, entry: "AndroidManifest.xml")
        #expect(root.attributes.count == 1_000)
        #expect(root.attributes.allSatisfy { $0.value == .string(String(repeating: "a", count: 1_000)) })
    }

    /// An attribute in no namespace named by string `index`, whose value is that string.
    static func attribute(_ index: Int) -> [UInt8] {
        u32(0xFFFF_FFFF) + u32(index) + u32(index) + u16(8) + [0, 0x03] + u32(index)
    }

    /// A start-element chunk (line 1, named by string 0) holding `attributes`.
    static func element(_ attributes: [UInt8], count: Int) -> [UInt8] {
        u16(0x0102) + u16(16) + u32(16 + 20 + attributes.count) + u32(1) + u32(0xFFFF_FFFF) + u32(0xFFFF_FFFF)
            + u32(0) + u16(20) + u16(20) + u16(count) + u16(0) + u16(0) + u16(0) + attributes
    }

    @Test(
        "every truncation of a real binary XML file is an error or a tree, never a trap",
        .enabled(if: APKBuild.toolsPresent, "needs aapt and android-framework-res"))
    func truncatedXML() throws {
        let bytes = try Self.realManifest()
        for cut in stride(from: 0, to: bytes.count, by: 7) {
            _ = try? BinaryXML.parse(Array(bytes.prefix(cut)), entry: "AndroidManifest.xml")
        }
        var limits = ScanLimits()
        limits.xmlDepth = 1
        #expect(throws: ScanError(.limit, entry: "AndroidManifest.xml", "")) {
            try BinaryXML.parse(bytes, entry: "AndroidManifest.xml", limits: limits)
        }
    }

    @Test("a DEX whose string table, or one string, points outside the file")
    func dexOutside() throws {
        let dex = DexBuilder.make(pairs: [("api.example.com", "sha256/7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y=")])
        var table = dex
        table.replaceSubrange(60..<64, with: Self.u32(0x7FFF_FF00))
        #expect(throws: ScanError(.malformed, entry: "classes.dex", "")) { try DexFile(table, entry: "classes.dex") }
        var one = dex
        one.replaceSubrange(0x70..<0x74, with: Self.u32(dex.count + 100))
        let parsed = try DexFile(one, entry: "classes2.dex")
        #expect(throws: ScanError(.malformed, entry: "classes2.dex", "")) { try parsed.string(0) }
        var huge = dex
        huge.replaceSubrange(56..<60, with: Self.u32(2_000_000_000))
        #expect(throws: ScanError(.limit, entry: "classes.dex", "")) { try DexFile(huge, entry: "classes.dex") }
        for cut in stride(from: 0, to: dex.count, by: 5) {
            if let file = try? DexFile(Array(dex.prefix(cut)), entry: "classes.dex") {
                _ = try? file.strings(withPrefix: ["sha256/"])
                _ = try? file.constStringsByMethod()
            }
        }
    }

    /// A real APK's bytes, and the offset of `name`'s central record.
    static func realAPK() throws -> (bytes: [UInt8], record: (String) -> Int) {
        var build = APKBuild()
        build.networkSecurityConfig = APKBuild.networkSecurityConfig(pins: [
            "7HIpactkIAq2Y49orFOOQKurWxmmSFZhBCoQYcRhJ3Y="
        ])
        build.files["res/raw/corp_ca.der"] = TestPKI.shared.root.der
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try build.build())))
        let record = { (name: String) -> Int in
            let needle = [0x50, 0x4b, 0x01, 0x02] as [UInt8]
            var index = 0
            while index + 46 < bytes.count {
                if Array(bytes[index..<index + 4]) == needle {
                    let length = Int(bytes[index + 28]) | Int(bytes[index + 29]) << 8
                    if Array(bytes[index + 46..<index + 46 + length]) == Array(name.utf8) { return index }
                }
                index += 1
            }
            return -1
        }
        return (bytes, record)
    }

    static func realManifest() throws -> [UInt8] {
        let (bytes, _) = try realAPK()
        let archive = try ZipArchive(MemoryArchiveSource(bytes))
        return try archive.read(try #require(archive.entry(named: "AndroidManifest.xml")))
    }

    @Test(
        "a deflated entry whose declared size lies, either way, is named",
        .enabled(if: APKBuild.toolsPresent, "needs aapt and android-framework-res"))
    func deflateSizeLies() throws {
        let (bytes, record) = try Self.realAPK()
        let at = record("AndroidManifest.xml")
        try #require(at >= 0 && bytes[at + 10] == 8)
        let real = Int(bytes[at + 24]) | Int(bytes[at + 25]) << 8 | Int(bytes[at + 26]) << 16
        for declared in [real - 1, real + 1, 10] {
            var lying = bytes
            lying.replaceSubrange(at + 24..<at + 28, with: Self.u32(declared))
            let error = #expect(throws: ScanError.self) {
                try BuildScanner.scan(MemoryArchiveSource(lying), artifact: "lying.apk")
            }
            #expect(error?.kind == .sizeMismatch && error?.entry == "AndroidManifest.xml")
        }
        var limits = ScanLimits()
        limits.totalBytes = real + 10
        #expect(throws: ScanError(.limit, entry: "resources.arsc", "")) {
            try BuildScanner.scan(MemoryArchiveSource(bytes), artifact: "app.apk", limits: limits)
        }
    }

    @Test("a zip bomb: 200 MiB of zeros in 200 KiB is refused for the entry bound, then for the ratio")
    func zipBomb() throws {
        let folder = TemporaryFolder()
        let path = folder.path("bomb.apk")
        _ = try ProcessRunner.run(
            "/usr/bin/python3",
            [
                "-c",
                "import zipfile,sys\nwith zipfile.ZipFile(sys.argv[1],'w',zipfile.ZIP_DEFLATED) as z:\n"
                    + " z.writestr('AndroidManifest.xml', bytes(200*1024*1024))",
                path,
            ]
        ).checked()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size < 400 * 1024)
        #expect(throws: ScanError(.limit, entry: "AndroidManifest.xml", "")) { try BuildScanner.scan(path: path) }
        var limits = ScanLimits()
        limits.entryBytes = 300 << 20
        let error = #expect(throws: ScanError.self) { try BuildScanner.scan(path: path, limits: limits) }
        #expect(error?.kind == .limit && error?.entry == "AndroidManifest.xml")
    }
}
