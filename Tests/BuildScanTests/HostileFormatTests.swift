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
