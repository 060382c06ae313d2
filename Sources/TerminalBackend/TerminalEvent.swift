import Workbench

/// What the terminal reports: a key, a new size, or a click or wheel notch.
public enum TerminalEvent: Hashable, Sendable {
    case key(Key)
    case resize(Size)
    case mouse(MouseEvent)
}
