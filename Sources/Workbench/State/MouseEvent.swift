/// A mouse event from the terminal, in screen cells (0-based): what the backend turns ncurses' events into.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The left button went down: select what is under the pointer.
        case press
        /// One notch of the wheel.
        case wheelUp, wheelDown
    }

    public var kind: Kind
    public var point: Point

    public init(_ kind: Kind, at point: Point) {
        self.kind = kind
        self.point = point
    }
}
