/// The Certificate pane's scroll position, and what it is a position in: the selected domain and chain level. Another
/// domain or level starts at the top, however it was selected (keys, mouse, filter, undo).
///
/// The limits come from ``CertificatePane/page(for:)``, the lines as the view draws them, so the last line is
/// always reachable.
public struct CertificateScroll: Hashable, Sendable {
    /// What the offset belongs to.
    public struct Subject: Hashable, Sendable {
        public var host: String?
        public var level: Int
    }

    /// Index of the first line shown.
    public var offset = 0
    public private(set) var subject: Subject?

    public init(offset: Int = 0) {
        self.offset = offset
    }

    /// The largest offset for `lineCount` lines in `rows` rows: the one that shows the last line on the last row.
    public static func maximumOffset(lineCount: Int, rows: Int) -> Int {
        max(0, lineCount - max(1, rows))
    }

    /// Keeps the offset for the same domain and level; a different one starts at the top.
    public mutating func follow(host: String?, level: Int) {
        let now = Subject(host: host, level: level)
        if now != subject {
            subject = now
            offset = 0
        }
    }

    /// Moves by `delta` lines (saturating, so `Int.max / 2` reaches the end), within `lineCount` lines in `rows`.
    public mutating func move(by delta: Int, lineCount: Int, rows: Int) {
        let moved = delta > 0 ? (offset > Int.max - delta ? Int.max : offset + delta) : offset + delta
        offset = min(max(0, moved), Self.maximumOffset(lineCount: lineCount, rows: rows))
    }

    /// The offset the view draws from: the stored one, never past the end.
    public func shownOffset(lineCount: Int, rows: Int) -> Int {
        min(max(0, offset), Self.maximumOffset(lineCount: lineCount, rows: rows))
    }
}
