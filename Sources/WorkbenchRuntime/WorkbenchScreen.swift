import Workbench

/// What the session loop needs from a terminal: its size, its input, a place to draw, the clipboard, job control
/// and the signals that end the session. `Terminal` (TerminalBackend) is the real one; tests use one in memory.
///
/// The loop calls it from one thread only, the one it runs on (for ncurses, the process's main thread).
public protocol WorkbenchScreen: AnyObject {
    /// The current size in cells.
    var size: Size { get }

    /// Waits up to `milliseconds` (negative: forever) for a key, a resize or a click, as the message `update` takes
    /// (``WorkbenchMessage/key(_:)``, ``WorkbenchMessage/resize(_:)`` or ``WorkbenchMessage/mouse(_:)``); nil when
    /// nothing came.
    func nextInput(timeout milliseconds: Int32) -> WorkbenchMessage?

    /// Shows `frame` in `theme`'s colours.
    func draw(_ frame: Frame, theme: Theme)

    /// Puts `text` on the clipboard of the terminal the user sits at (OSC 52 for a real one).
    func copyToClipboard(_ text: String)

    /// Ctrl-Z: hands the terminal back to the shell until `fg`. False, doing nothing, when there is no job control.
    func suspend() -> Bool

    /// True once per Ctrl-Z the loop has not acted on yet.
    var suspendRequested: Bool { get }

    /// True once after the process was stopped and continued from outside: the next frame repaints every cell.
    func repaintIfContinued() -> Bool

    /// The signal that asked the session to end (or a terminal that has gone away), if any.
    var terminationSignal: Int32? { get }

    /// Gives the terminal back as it was. Safe to call twice.
    func close()
}
