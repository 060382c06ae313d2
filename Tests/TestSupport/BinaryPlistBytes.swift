import Foundation

/// A binary property list (`bplist00`) from its objects, each already encoded: the offset table and trailer
/// written as Apple's CFBinaryPList.c lays them out. The root is object 0.
public enum BinaryPlistBytes {
    public static func file(_ objects: [[UInt8]], referenceSize: Int) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let tableOffset = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        bytes += [0, 0, 0, 0, 0, 0, 2, UInt8(referenceSize)]
        bytes += bigEndian(objects.count) + bigEndian(0) + bigEndian(tableOffset)
        return Data(bytes)
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }

    /// `TSKPinnedDomains` → a chain of `depth` arrays, each holding `fanout` references to the next one, the last
    /// holding `fanout` references to one ASCII string of `leafLength` bytes: `fanout^(depth+1)` strings once
    /// expanded, from a file of about `depth × fanout` bytes.
    public static func sharedReferenceBomb(depth: Int, fanout: Int, leafLength: Int) -> Data {
        var objects: [[UInt8]] = []
        objects.append([0xD1, 1, 2])  // 0: the root dictionary, key 1 → value 2
        objects.append(asciiString("TSKPinnedDomains"))  // 1
        let leaf = 2 + depth + 1
        for level in 0...depth {  // 2 ... 2 + depth: the arrays
            let next = level == depth ? leaf : 2 + level + 1
            objects.append(counted(0xA, fanout) + Array(repeating: UInt8(next), count: fanout))
        }
        objects.append(asciiString(String(repeating: "x", count: leafLength)))
        precondition(objects.count < 256, "one-byte references")
        return BinaryPlistBytes.file(objects, referenceSize: 1)
    }

    public static func asciiString(_ text: String) -> [UInt8] { counted(0x5, text.utf8.count) + Array(text.utf8) }

    /// A marker with its count: in the low nibble below 15, else 0xF and a one- or two-byte integer object.
    public static func counted(_ kind: UInt8, _ count: Int) -> [UInt8] {
        if count < 15 { return [kind << 4 | UInt8(count)] }
        if count < 256 { return [kind << 4 | 0xF, 0x10, UInt8(count)] }
        return [kind << 4 | 0xF, 0x11, UInt8(count >> 8), UInt8(count & 0xFF)]
    }
}
