/// One line of a unified diff.
public struct DiffLine: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case context, added, removed, hunk, header
    }

    public var kind: Kind
    public var text: String

    public init(_ kind: Kind, _ text: String) {
        self.kind = kind
        self.text = text
    }

    /// The line as `diff -u` prints it.
    public var rendered: String {
        switch kind {
        case .context: return " " + text
        case .added: return "+" + text
        case .removed: return "-" + text
        case .hunk, .header: return text
        }
    }
}

/// A line-based unified diff, for the manifest diff before writing.
///
/// Manifests are canonical JSON, so edits touch few lines: common prefix and suffix are stripped first, and only
/// the changed middle goes through a longest-common-subsequence table (replaced wholesale if it is very large).
public enum UnifiedDiff {
    public static func lines(
        old: String, new: String, oldName: String = "saved", newName: String = "edited", context: Int = 3
    )
        -> [DiffLine]
    {
        let a = split(old)
        let b = split(new)
        let edits = script(a, b)
        guard edits.contains(where: { $0.kind != .context }) else { return [] }
        var output = [DiffLine(.header, "--- " + oldName), DiffLine(.header, "+++ " + newName)]
        // Group edits into hunks with `context` lines around changes.
        var index = 0
        while index < edits.count {
            guard let firstChange = edits[index...].firstIndex(where: { $0.kind != .context }) else { break }
            let start = max(index, firstChange - context)
            var end = firstChange
            var lastChange = firstChange
            while end < edits.count {
                if edits[end].kind != .context { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            let stop = min(edits.count, lastChange + context + 1)
            let hunk = Array(edits[start..<stop])
            let oldStart = edits[..<start].filter { $0.kind != .added }.count + 1
            let newStart = edits[..<start].filter { $0.kind != .removed }.count + 1
            let oldCount = hunk.filter { $0.kind != .added }.count
            let newCount = hunk.filter { $0.kind != .removed }.count
            output.append(DiffLine(.hunk, "@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@"))
            output += hunk
            index = stop
        }
        return output
    }

    private static func split(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The edit script turning `a` into `b`: every line as context, removed or added.
    static func script(_ a: [Substring], _ b: [Substring]) -> [DiffLine] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let midA = Array(a[prefix..<(a.count - suffix)])
        let midB = Array(b[prefix..<(b.count - suffix)])
        var result = a[..<prefix].map { DiffLine(.context, String($0)) }
        if midA.count * midB.count > 4_000_000 {
            result += midA.map { DiffLine(.removed, String($0)) } + midB.map { DiffLine(.added, String($0)) }
        } else {
            result += lcsScript(midA, midB)
        }
        result += a[(a.count - suffix)...].map { DiffLine(.context, String($0)) }
        return result
    }

    private static func lcsScript(_ a: [Substring], _ b: [Substring]) -> [DiffLine] {
        let n = a.count
        let m = b.count
        if n == 0 { return b.map { DiffLine(.added, String($0)) } }
        if m == 0 { return a.map { DiffLine(.removed, String($0)) } }
        // lengths[i][j] = LCS of a[i...] and b[j...], flattened.
        var lengths = [Int32](repeating: 0, count: (n + 1) * (m + 1))
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i * (m + 1) + j] =
                    a[i] == b[j]
                    ? lengths[(i + 1) * (m + 1) + j + 1] + 1
                    : max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
            }
        }
        var result: [DiffLine] = []
        var i = 0
        var j = 0
        while i < n, j < m {
            if a[i] == b[j] {
                result.append(DiffLine(.context, String(a[i])))
                i += 1
                j += 1
            } else if lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1] {
                result.append(DiffLine(.removed, String(a[i])))
                i += 1
            } else {
                result.append(DiffLine(.added, String(b[j])))
                j += 1
            }
        }
        result += a[i...].map { DiffLine(.removed, String($0)) }
        result += b[j...].map { DiffLine(.added, String($0)) }
        return result
    }
}
