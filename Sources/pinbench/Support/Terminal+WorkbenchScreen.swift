import TerminalBackend
import Workbench
import WorkbenchRuntime

/// The ncurses terminal is the session's screen. Declared here, where the two meet: the terminal backend knows
/// nothing of the runtime, and the runtime nothing of ncurses.
extension Terminal: WorkbenchScreen {
    public func nextInput(timeout milliseconds: Int32) -> WorkbenchMessage? {
        nextEvent(timeout: milliseconds)?.message
    }
}
