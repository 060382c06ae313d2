/// One terminal cell: a character, the role that styles it, and extra attributes set by the view.
///
/// A wide character occupies its cell and the next; the next is a `continuation` cell that backends skip.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var role: StyleRole
    public var attributes: TextAttributes
    /// True for the right half of a wide character.
    public var isContinuation: Bool

    public init(
        _ character: Character = " ", role: StyleRole = .text, attributes: TextAttributes = [],
        isContinuation: Bool = false
    ) {
        self.character = character
        self.role = role
        self.attributes = attributes
        self.isContinuation = isContinuation
    }

    public static let blank = Cell()
}
