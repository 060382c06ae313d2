/// One DER element seen by its header alone: its tag and where its contents lie, nothing decoded. A watcher reads
/// hundreds of thousands of log entries to find the few naming a pinned host; walking headers to the one extension
/// it needs costs a small part of building the whole tree.
struct DERHeader {
    /// The identifier octet (class, constructed bit and a low tag number; high tag numbers are not read).
    let tag: UInt8
    let contents: Range<Int>

    static let sequence: UInt8 = 0x30
    static let objectIdentifier: UInt8 = 0x06
    static let octetString: UInt8 = 0x04

    /// The element at `offset`, its contents ending by `limit`, under DER's rules for lengths (definite, minimal,
    /// at most four length bytes); nil when the bytes there are not one.
    static func read(_ bytes: [UInt8], at offset: Int, limit: Int) -> DERHeader? {
        guard offset >= 0, limit <= bytes.count, offset + 2 <= limit else { return nil }
        let tag = bytes[offset]
        guard tag & 0x1F != 0x1F else { return nil }
        let first = bytes[offset + 1]
        var start = offset + 2
        var length = Int(first)
        if first >= 0x80 {
            let count = Int(first & 0x7F)
            guard (1...4).contains(count), start + count <= limit, bytes[start] != 0 else { return nil }
            length = 0
            for index in start..<(start + count) { length = length << 8 | Int(bytes[index]) }
            guard length >= 0x80 else { return nil }
            start += count
        }
        guard length <= limit - start else { return nil }
        return DERHeader(tag: tag, contents: start..<(start + length))
    }

    /// The first element tagged `tag` among those that follow one another in `range`; nil when there is none or
    /// the bytes before it do not split into whole elements. Each step moves on by two bytes or more, so the walk is
    /// bounded by the size of `range`.
    static func first(_ tag: UInt8, in bytes: [UInt8], _ range: Range<Int>) -> DERHeader? {
        var offset = range.lowerBound
        while true {
            guard offset < range.upperBound, let element = read(bytes, at: offset, limit: range.upperBound) else {
                return nil
            }
            if element.tag == tag { return element }
            offset = element.contents.upperBound
        }
    }

    /// True when `range` holds exactly the contents `expected`.
    static func contents(_ bytes: [UInt8], _ range: Range<Int>, equal expected: [UInt8]) -> Bool {
        range.count == expected.count && zip(bytes[range], expected).allSatisfy { $0 == $1 }
    }
}
