/// The Certificate pane's search: what is searched for and which match is current. Matches are found in the pane's
/// lines as drawn (case-insensitive), so they follow the selection and the pane's width without being stored.
public struct CertificateSearch: Hashable, Sendable {
    public var query: String
    /// Index of the current match among ``matches(in:)``.
    public var current: Int

    /// A query is capped: the pane's lines are short, and every frame searches them.
    public static let queryLimit = 200

    public init(query: String, current: Int = 0) {
        self.query = String(query.prefix(Self.queryLimit))
        self.current = current
    }

    /// One occurrence: the line and the character offset in it.
    public struct Match: Hashable, Sendable {
        public var line: Int
        public var offset: Int
        public var length: Int
    }

    /// Every occurrence of the query in `lines`, in reading order.
    public func matches(in lines: [String]) -> [Match] {
        let needle = query.map { $0.lowercased() }
        guard !needle.isEmpty else { return [] }
        var found: [Match] = []
        for (index, line) in lines.enumerated() {
            let hay = line.map { $0.lowercased() }
            guard hay.count >= needle.count else { continue }
            var offset = 0
            while offset + needle.count <= hay.count {
                if hay[offset..<offset + needle.count].elementsEqual(needle) {
                    found.append(Match(line: index, offset: offset, length: needle.count))
                    offset += needle.count
                } else {
                    offset += 1
                }
            }
        }
        return found
    }

    /// The current match after moving by `step` (wrapping around), or nil when there is none.
    public mutating func move(by step: Int, count: Int) -> Int? {
        guard count > 0 else { return nil }
        current = ((current + step) % count + count) % count
        return current
    }
}
