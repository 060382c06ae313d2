import Crypto
import Foundation

/// Writes a small valid DEX file (source.android.com/docs/core/runtime/dex-format): one class `Lcom/example/Pins;`
/// with one static method whose code loads each pair's host, then its pin, with `const-string` (as
/// `CertificatePinner.Builder().add(host, pin)` compiles), plus `extra` strings in the table that no code loads.
/// There is no d8 here; Debian's `dexdump` checks what this writes.
enum DexBuilder {
    static func make(pairs: [(host: String, pin: String)], extra: [String] = []) -> [UInt8] {
        let fixed = ["Lcom/example/Pins;", "Ljava/lang/Object;", "V", "pins"]
        let strings = Array(Set(fixed + pairs.flatMap { [$0.host, $0.pin] } + extra)).sorted {
            Array($0.utf16).lexicographicallyPrecedes(Array($1.utf16))
        }
        let index = { (text: String) in strings.firstIndex(of: text)! }
        let types = ["Lcom/example/Pins;", "Ljava/lang/Object;", "V"].sorted { index($0) < index($1) }
        let typeIndex = { (text: String) in types.firstIndex(of: text)! }

        let stringIDs = 0x70
        let typeIDs = stringIDs + strings.count * 4
        let protoIDs = typeIDs + types.count * 4
        let methodIDs = protoIDs + 12
        let classDefs = methodIDs + 8
        let code = classDefs + 32  // already 4-aligned
        var insns: [UInt16] = []
        for pair in pairs {
            insns += [0x001a, UInt16(index(pair.host)), 0x001a, UInt16(index(pair.pin))]
        }
        insns.append(0x000e)
        let classData = code + 16 + insns.count * 2
        var data: [UInt8] = []
        // code_item: registers 1, ins 0, outs 0, tries 0, debug_info_off 0, insns.
        data += u16(1) + u16(0) + u16(0) + u16(0) + u32(0) + u32(insns.count) + insns.flatMap(u16)
        // class_data_item: no fields, one direct method (public static), its code.
        data += uleb(0) + uleb(0) + uleb(1) + uleb(0) + uleb(0) + uleb(9) + uleb(code)
        let stringData = classData + (data.count - (classData - code))
        var stringOffsets: [Int] = []
        for text in strings {
            stringOffsets.append(code + data.count)
            data += uleb(text.utf16.count) + Array(text.utf8) + [0]
        }
        while (code + data.count) % 4 != 0 { data.append(0) }
        let map = code + data.count
        let sections: [(UInt16, Int, Int)] = [
            (0x0000, 1, 0), (0x0001, strings.count, stringIDs), (0x0002, types.count, typeIDs), (0x0003, 1, protoIDs),
            (0x0005, 1, methodIDs), (0x0006, 1, classDefs), (0x2001, 1, code), (0x2000, 1, classData),
            (0x2002, strings.count, stringData), (0x1000, 1, map),
        ]
        data += u32(sections.count) + sections.flatMap { u16($0.0) + u16(0) + u32($0.1) + u32($0.2) }
        let fileSize = code + data.count

        var file: [UInt8] = Array("dex\n035\0".utf8) + [UInt8](repeating: 0, count: 24)
        file += u32(fileSize) + u32(0x70) + u32(0x1234_5678) + u32(0) + u32(0) + u32(map)
        file += u32(strings.count) + u32(stringIDs) + u32(types.count) + u32(typeIDs) + u32(1) + u32(protoIDs)
        file += u32(0) + u32(0) + u32(1) + u32(methodIDs) + u32(1) + u32(classDefs)
        file += u32(fileSize - code) + u32(code)
        file += stringOffsets.flatMap(u32)
        file += types.flatMap { u32(index($0)) }
        file += u32(index("V")) + u32(typeIndex("V")) + u32(0)
        file += u16(typeIndex("Lcom/example/Pins;")) + u16(0) + u32(index("pins"))
        file +=
            u32(typeIndex("Lcom/example/Pins;")) + u32(1) + u32(typeIndex("Ljava/lang/Object;")) + u32(0)
            + u32(0xFFFF_FFFF) + u32(0) + u32(classData) + u32(0)
        file += data
        let signature = Array(Insecure.SHA1.hash(data: file[32...]))
        file.replaceSubrange(12..<32, with: signature)
        file.replaceSubrange(8..<12, with: u32(Int(adler32(file[12...]))))
        return file
    }

    static func u16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    static func u16(_ value: Int) -> [UInt8] { u16(UInt16(value)) }
    static func u32(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> ($0 * 8)) & 0xFF) } }

    static func uleb(_ value: Int) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        repeat {
            var byte = UInt8(value & 0x7F)
            value >>= 7
            if value != 0 { byte |= 0x80 }
            bytes.append(byte)
        } while value != 0
        return bytes
    }

    static func adler32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
