import BuildScan
import Foundation
import PinningCore
import TestSupport
import Testing

/// A build is attacker-controlled: every hostile archive gives a clear error of its kind naming the entry, within
/// its bound, never a trap or an allocation of what the archive claims.
@Suite("Scan: hostile archives")
struct HostileArchiveTests {
    func scanError(_ bytes: [UInt8], limits: ScanLimits = ScanLimits()) -> ScanError? {
        do {
            _ = try BuildScanner.scan(MemoryArchiveSource(bytes), artifact: "hostile.apk", limits: limits)
            return nil
        } catch {
            return error
        }
    }

    func archive(_ entries: [ZipBuilder.Entry]) -> [UInt8] { ZipBuilder(entries: entries).bytes() }

    @Test(
        "unsafe names are refused naming the entry",
        arguments: [
            ("../../etc/passwd", ScanError.Kind.unsafeName), ("/abs/path", .unsafeName), ("res\\raw\\x", .unsafeName),
            ("C:/windows", .unsafeName), ("a\u{1B}]0;owned\u{07}b", .unsafeName), ("a\nb", .unsafeName),
            ("x\u{202E}kpa.exe", .unsafeName),
        ])
    func unsafeNames(name: String, kind: ScanError.Kind) throws {
        let error = try #require(scanError(archive([.init(name, [1, 2, 3])])))
        #expect(error.kind == kind)
        #expect(error.entry == name)
        // The message shows the name escaped: no control or bidi character reaches a terminal.
        #expect(!error.description.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) })
    }

    @Test("names deeper than the bound, and a name that is not UTF-8")
    func nameBounds() throws {
        var limits = ScanLimits()
        limits.nameDepth = 4
        let deep = try #require(scanError(archive([.init("a/b/c/d/e", [1])]), limits: limits))
        #expect(deep.kind == .limit && deep.entry == "a/b/c/d/e")
        var invalid = ZipBuilder.Entry("x", [1])
        invalid.name = [0x61, 0xFF, 0x62]
        #expect(scanError(archive([invalid]))?.kind == .unsafeName)
    }

    @Test("two entries with one name")
    func duplicateNames() throws {
        let error = try #require(
            scanError(archive([.init("AndroidManifest.xml", [1]), .init("AndroidManifest.xml", [2])])))
        #expect(error.kind == .duplicateOrOverlap && error.entry == "AndroidManifest.xml")
    }

    @Test("a central record pointing into another entry's bytes (overlapping entries)")
    func overlappingEntries() throws {
        var second = ZipBuilder.Entry("classes.dex", Array(repeating: 7, count: 64))
        second.localOffsetOf = 0
        let error = try #require(
            scanError(archive([.init("AndroidManifest.xml", Array(repeating: 1, count: 64)), second])))
        #expect(error.kind == .duplicateOrOverlap)
    }

    @Test("a stored entry whose declared size is not its data's")
    func sizeLies() throws {
        let error = try #require(scanError(archive([.init("AndroidManifest.xml", [1, 2, 3], declaredSize: 5)])))
        #expect(error.kind == .sizeMismatch && error.entry == "AndroidManifest.xml")
        // A claim past 1 MiB in 3 bytes is refused for the ratio before anything is read.
        let large = try #require(
            scanError(archive([.init("AndroidManifest.xml", [1, 2, 3], declaredSize: 3_000_000)])))
        #expect(large.kind == .limit && large.entry == "AndroidManifest.xml")
    }

    @Test("ZIP64 extra fields and ZIP64 end records are refused naming what carries them")
    func zip64() throws {
        var entry = ZipBuilder.Entry("AndroidManifest.xml", [1, 2, 3])
        entry.extra = [0x01, 0x00, 0x08, 0x00] + Array(repeating: 0, count: 8)
        let error = try #require(scanError(archive([entry])))
        #expect(error.kind == .unsupported && error.entry == "AndroidManifest.xml")
        var bytes = archive([.init("a", [1])])
        // The entry count as ZIP64 writes it when the real one is in the ZIP64 record.
        bytes[bytes.count - 12] = 0xFF
        bytes[bytes.count - 11] = 0xFF
        bytes[bytes.count - 14] = 0xFF
        bytes[bytes.count - 13] = 0xFF
        #expect(scanError(bytes)?.kind == .unsupported)
    }

    @Test("encrypted entries, a bad CRC and a truncated archive")
    func otherDamage() throws {
        var encrypted = ZipBuilder.Entry("AndroidManifest.xml", [1, 2, 3])
        encrypted.flags = 1
        #expect(scanError(archive([encrypted]))?.kind == .unsupported)
        var badCRC = ZipBuilder.Entry("AndroidManifest.xml", [1, 2, 3])
        badCRC.crc = 0x1234_5678
        #expect(scanError(archive([badCRC]))?.kind == .malformed)
        let whole = archive([.init("AndroidManifest.xml", [1, 2, 3])])
        for cut in [10, whole.count / 2, whole.count - 5] {
            #expect(scanError(Array(whole.prefix(cut))) != nil)
        }
        #expect(scanError(Array("not a zip at all, just text".utf8))?.kind == .malformed)
    }

    @Test("a data descriptor (sizes after the data) reads from the central directory's sizes")
    func dataDescriptor() throws {
        var entry = ZipBuilder.Entry("assets/x.txt", Array("hello".utf8))
        entry.flags = 0x08
        let archive = try ZipArchive(MemoryArchiveSource(archive([entry])))
        #expect(try archive.read(try #require(archive.entry(named: "assets/x.txt"))) == Array("hello".utf8))
    }

    @Test("more entries than the bound")
    func entryBound() throws {
        var limits = ScanLimits()
        limits.entries = 3
        let entries = (0..<4).map { ZipBuilder.Entry("f\($0)", [UInt8($0)]) }
        #expect(scanError(archive(entries), limits: limits)?.kind == .limit)
    }
}
