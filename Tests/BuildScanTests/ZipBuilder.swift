import Foundation

/// Writes a ZIP archive of stored entries byte by byte (APPNOTE.TXT 4.3), with knobs for the lies a hostile
/// archive tells: a local header naming another entry, a central record pointing into another entry, an extra
/// field, a declared size that is not the data's.
struct ZipBuilder {
    struct Entry {
        var name: [UInt8]
        var data: [UInt8]
        var declaredSize: Int?
        var extra: [UInt8] = []
        /// Central record's local header offset: overridden to point at another entry's.
        var localOffsetOf: Int?
        var flags: UInt16 = 0
        var crc: UInt32?

        init(_ name: String, _ data: [UInt8], declaredSize: Int? = nil) {
            self.name = Array(name.utf8)
            self.data = data
            self.declaredSize = declaredSize
        }
    }

    var entries: [Entry] = []

    func bytes() -> [UInt8] {
        var file: [UInt8] = []
        var offsets: [Int] = []
        for entry in entries {
            offsets.append(file.count)
            let crc = entry.crc ?? Self.crc32(entry.data)
            file += u32(0x0403_4b50) + u16(20) + u16(Int(entry.flags)) + u16(0) + u16(0) + u16(0) + u32(Int(crc))
            file += u32(entry.data.count) + u32(entry.declaredSize ?? entry.data.count)
            file += u16(entry.name.count) + u16(entry.extra.count) + entry.name + entry.extra + entry.data
        }
        let directory = file.count
        for (index, entry) in entries.enumerated() {
            let crc = entry.crc ?? Self.crc32(entry.data)
            file += u32(0x0201_4b50) + u16(20) + u16(20) + u16(Int(entry.flags)) + u16(0) + u16(0) + u16(0)
            file += u32(Int(crc)) + u32(entry.data.count) + u32(entry.declaredSize ?? entry.data.count)
            file += u16(entry.name.count) + u16(entry.extra.count) + u16(0) + u16(0) + u16(0) + u32(0)
            file += u32(entry.localOffsetOf.map { offsets[$0] } ?? offsets[index]) + entry.name + entry.extra
        }
        let size = file.count - directory
        file += u32(0x0605_4b50) + u16(0) + u16(0) + u16(entries.count) + u16(entries.count) + u32(size)
        file += u32(directory) + u16(0)
        return file
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
    private func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }
}
