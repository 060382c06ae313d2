/// What a line of the compiled-in Public Suffix List says of its name.
package enum RuleKind: Hashable, Sendable {
    /// The name is a public suffix.
    case rule(PublicSuffixList.Section)
    /// Every name one label below it is a public suffix (`*.NAME`).
    case wildcard(PublicSuffixList.Section)
    /// The name is not a public suffix although a wildcard covers it (`!NAME`).
    case exception

    /// The letter the generator writes for it (scripts/generate-public-suffix-table.py).
    var code: UInt8 {
        switch self {
        case .rule(.icann): return UInt8(ascii: "i")
        case .rule(.private): return UInt8(ascii: "p")
        case .wildcard(.icann): return UInt8(ascii: "I")
        case .wildcard(.private): return UInt8(ascii: "P")
        case .exception: return UInt8(ascii: "!")
        }
    }

    init?(code: UInt8) {
        switch code {
        case UInt8(ascii: "i"): self = .rule(.icann)
        case UInt8(ascii: "p"): self = .rule(.private)
        case UInt8(ascii: "I"): self = .wildcard(.icann)
        case UInt8(ascii: "P"): self = .wildcard(.private)
        case UInt8(ascii: "!"): self = .exception
        default: return nil
        }
    }
}

/// Lookups in ``PublicSuffixList/compiledInTable``: `NAME KIND` lines sorted by the name's bytes, searched in place.
///
/// The table is a `StaticString`, so its bytes stay in the binary's read-only data: a lookup touches the few pages
/// its binary search visits, and nothing is allocated.
enum CompiledSuffixTable {
    /// The section of the rule that makes `name` (normalized, not empty) a public suffix, as
    /// ``PublicSuffixList/publicSuffixSection(of:)`` answers it for a parsed list.
    static func section(of name: String) -> PublicSuffixList.Section? {
        var name = name
        return name.withUTF8 { name in
            PublicSuffixList.compiledInTable.withUTF8Buffer { table in
                let own = kinds(of: name, in: table)
                if own.contains(.exception) { return nil }
                for kind in own { if case .rule(let section) = kind { return section } }
                guard let dot = name.firstIndex(of: UInt8(ascii: ".")) else { return .icann }
                let parent = UnsafeBufferPointer(rebasing: name[(dot + 1)...])
                for kind in kinds(of: parent, in: table) { if case .wildcard(let section) = kind { return section } }
                return nil
            }
        }
    }

    /// Every line of the table, in its order.
    static func everyRule() -> [(name: String, kind: RuleKind)] {
        PublicSuffixList.compiledInTable.withUTF8Buffer { table in
            var rules: [(name: String, kind: RuleKind)] = []
            var start = 0
            while start < table.count {
                let line = self.line(at: start, in: table)
                if let kind = line.kind {
                    rules.append((String(decoding: table[line.name], as: UTF8.self), kind))
                }
                start = line.next
            }
            return rules
        }
    }

    /// The kinds of every line naming `name` exactly (at most a rule or a wildcard, and an exception).
    private static func kinds(of name: UnsafeBufferPointer<UInt8>, in table: UnsafeBufferPointer<UInt8>) -> [RuleKind] {
        // `low` and `high` are line starts: every line before `low` names less than `name`, none from `high` on.
        var low = 0
        var high = table.count
        while low < high {
            var start = (low + high) / 2
            while start > low && table[start - 1] != UInt8(ascii: "\n") { start -= 1 }
            let line = line(at: start, in: table)
            if compare(table[line.name], name) < 0 {
                low = line.next
            } else {
                high = start
            }
        }
        var found: [RuleKind] = []
        var start = low
        while start < table.count {
            let line = line(at: start, in: table)
            guard compare(table[line.name], name) == 0 else { break }
            if let kind = line.kind { found.append(kind) }
            start = line.next
        }
        return found
    }

    /// The line starting at `start`: its name's byte range, its kind, and where the next line starts.
    private static func line(
        at start: Int, in table: UnsafeBufferPointer<UInt8>
    ) -> (name: Range<Int>, kind: RuleKind?, next: Int) {
        var end = start
        while end < table.count && table[end] != UInt8(ascii: "\n") { end += 1 }
        var space = start
        while space < end && table[space] != UInt8(ascii: " ") { space += 1 }
        let kind = space + 1 < end ? RuleKind(code: table[space + 1]) : nil
        return (start..<space, kind, end + 1)
    }

    /// Byte-wise order, as the generator sorts (Python's `bytes` order).
    private static func compare(_ left: Slice<UnsafeBufferPointer<UInt8>>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
        let count = min(left.count, right.count)
        var offset = 0
        while offset < count {
            let a = left[left.startIndex + offset]
            let b = right[offset]
            if a != b { return a < b ? -1 : 1 }
            offset += 1
        }
        return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
    }
}
