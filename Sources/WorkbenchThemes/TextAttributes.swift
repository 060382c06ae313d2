/// Terminal text attributes of a cell, independent of colour.
///
/// In mono mode they are the only styling, so every role that matters must map to some attribute or marker.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let italic = TextAttributes(rawValue: 1 << 4)

    /// Names as written in theme files, in a stable order.
    public static let named: [(name: String, value: TextAttributes)] = [
        ("bold", .bold), ("dim", .dim), ("reverse", .reverse), ("underline", .underline), ("italic", .italic),
    ]

    /// The attribute names set here, in the order of ``named``.
    public var names: [String] {
        Self.named.filter { contains($0.value) }.map(\.name)
    }
}
