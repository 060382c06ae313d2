/// One DER element found by its header alone: for locating a field among bytes without building SwiftASN1's whole
/// node tree. What it finds is then parsed by SwiftASN1 (or was already checked by it), so it never decides alone.
struct DERElement {
    let tag: UInt8
    /// Where the element's tag is.
    let start: Int
    let content: ArraySlice<UInt8>
    var end: Int { content.endIndex }

    /// The element starting at `start`: a single-octet tag and a definite length (short form, or long form of up to
    /// 3 octets), entirely within `bytes`; nil otherwise.
    init?(in bytes: ArraySlice<UInt8>, at start: Int) {
        guard start >= bytes.startIndex, start + 2 <= bytes.endIndex else { return nil }
        let tag = bytes[start]
        guard tag & 0x1F != 0x1F else { return nil }
        var cursor = start + 1
        let first = bytes[cursor]
        cursor += 1
        var length = 0
        if first < 0x80 {
            length = Int(first)
        } else {
            let octets = Int(first & 0x7F)
            guard (1...3).contains(octets), cursor + octets <= bytes.endIndex else { return nil }
            for _ in 0..<octets {
                length = length << 8 | Int(bytes[cursor])
                cursor += 1
            }
        }
        guard length <= bytes.endIndex - cursor else { return nil }
        self.tag = tag
        self.start = start
        content = bytes[cursor..<cursor + length]
    }

    /// The whole element, header included.
    func encoded(in bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> { bytes[start..<end] }

    /// The fields of a TBSCertificate from `start` (its optional `[0]` version skipped): serialNumber, signature,
    /// issuer, validity, subject, subjectPublicKeyInfo, … Nil when `tbs` does not begin with a SEQUENCE.
    static func tbsFields(_ tbs: ArraySlice<UInt8>) -> (fields: ArraySlice<UInt8>, firstAfterVersion: Int)? {
        guard let outer = DERElement(in: tbs, at: tbs.startIndex), outer.tag == 0x30 else { return nil }
        let fields = outer.content
        guard fields.first == 0xA0 else { return (fields, fields.startIndex) }
        guard let version = DERElement(in: fields, at: fields.startIndex) else { return nil }
        return (fields, version.end)
    }

    /// The `index`th element (from 0) of `fields` from `cursor`, or nil when one before it cannot be read.
    static func element(_ index: Int, of fields: ArraySlice<UInt8>, from cursor: Int) -> DERElement? {
        var cursor = cursor
        for _ in 0..<index {
            guard let skipped = DERElement(in: fields, at: cursor) else { return nil }
            cursor = skipped.end
        }
        return DERElement(in: fields, at: cursor)
    }
}
