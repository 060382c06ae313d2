import Workbench

/// What the terminal reports: a key, or a new size.
public enum TerminalEvent: Hashable, Sendable {
    case key(Key)
    case resize(Size)
}
