import Workbench

/// What the terminal reports: a key, a new size, or a click or wheel notch.
public enum TerminalEvent: Hashable, Sendable {
    case key(Key)
    case resize(Size)
    case mouse(MouseEvent)

    /// The event as the message the workbench's `update` takes.
    public var message: WorkbenchMessage {
        switch self {
        case .key(let key): return .key(key)
        case .resize(let size): return .resize(size)
        case .mouse(let event): return .mouse(event)
        }
    }
}
