import CNcursesw
import Workbench

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The ncurses screen: draws ``Frame``s and reads keys and resizes as ``TerminalEvent``s.
///
/// Use it from the process's main thread only (ARCHITECTURE.md, TerminalBackend: SIGWINCH interrupts only the main
/// thread's read, so a loop on a worker thread sees resizes late). It is deliberately not `Sendable`.
public final class Terminal {
    private let window: UnsafeMutablePointer<WINDOW>
    private let screen: OpaquePointer
    /// What the terminal can show (mono under `NO_COLOR` or without colour).
    public let colorMode: ColorMode
    /// True when the locale is UTF-8; otherwise box lines and markers must be drawn as ASCII (``Marker``).
    public let isUTF8: Bool
    /// True when mouse clicks and the wheel are reported (and the terminal's own text selection needs Shift).
    public let mouseEnabled: Bool
    private var palette: Palette?
    private var isOpen = true

    /// Throws what ``init(environment:mouse:)`` throws when standard input or output is not a terminal, for a
    /// caller that must know before it starts anything (the demo starts a lab and writes files first).
    public static func requireTerminal() throws(TerminalError) {
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw TerminalError(
                "the workbench needs a terminal on stdin and stdout; in scripts and CI use `pinbench check`, "
                    + "`lint` or `validate` (see `pinbench --help`)")
        }
    }

    /// Opens the terminal: locale from the environment (UTF-8 needed for box and marker characters), no echo,
    /// keys delivered at once, keypad translation, hidden cursor, colour if present and wanted, and with `mouse`
    /// clicks and the wheel (left off, the terminal keeps selecting text with the mouse).
    public init(environment: [String: String], mouse: Bool = false) throws(TerminalError) {
        try Self.requireTerminal()
        SignalFlag.install()
        _ = pb_set_all_locale()
        isUTF8 = pb_locale_is_utf8() != 0
        guard let screen = pb_newterm() else {
            throw TerminalError(
                "cannot open the terminal (TERM=\(environment["TERM"] ?? "unset")); is TERM set to a known terminal?")
        }
        self.screen = screen
        guard let window = pb_stdscr() else {
            endwin()
            throw TerminalError("ncurses gave no screen")
        }
        self.window = window
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        set_escdelay(25)
        curs_set(0)
        let hasColor = has_colors()
        if hasColor && (environment["NO_COLOR"] ?? "").isEmpty {
            start_color()
            use_default_colors()
        }
        colorMode = ColorMode.detect(environment: environment, colors: Int(pb_colors()), hasColors: hasColor)
        if mouse {
            // Presses are reported at once: no waiting to tell a click from a press.
            mouseinterval(0)
            mouseEnabled = mousemask(pb_mouse_events(), nil) != 0
        } else {
            mouseEnabled = false
        }
    }

    deinit {
        close()
    }

    /// Restores the terminal. Safe to call twice.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        curs_set(1)
        endwin()
        delscreen(screen)
    }

    /// Ctrl-Z: hands the terminal back to the shell (leaves curses mode, restoring the modes and screen the shell
    /// had), stops the process the way SIGTSTP's default action does, and on `fg` takes the terminal again. Returns
    /// false, doing nothing, when there is no job control (SIGTSTP was ignored at start). The caller redraws.
    @discardableResult
    public func suspend() -> Bool {
        guard SignalFlag.jobControl else { return false }
        curs_set(1)
        endwin()
        SignalFlag.stopForJobControl()
        // Continued by `fg`: the next refresh returns to curses mode; repaint every cell (the shell drew over them)
        // and adopt a size that changed meanwhile.
        pb_repaint_all_next_refresh()
        _ = pb_adopt_terminal_size()
        curs_set(0)
        return true
    }

    /// True once per Ctrl-Z (SIGTSTP) the loop has not acted on yet.
    public var suspendRequested: Bool { SignalFlag.takeSuspendRequest() }

    /// After a stop the workbench did not make itself (SIGSTOP from outside, then SIGCONT): makes the next draw
    /// repaint every cell and adopts the terminal's size. True when that happened since the last call.
    public func repaintIfContinued() -> Bool {
        guard SignalFlag.takeContinued() else { return false }
        pb_repaint_all_next_refresh()
        _ = pb_adopt_terminal_size()
        return true
    }

    /// The current size in cells.
    public var size: Size {
        Size(width: Int(pb_getmaxx(window)), height: Int(pb_getmaxy(window)))
    }

    /// The signal (SIGINT, SIGTERM, SIGHUP) that asked the program to stop, if any: the loop should close and exit.
    /// A terminal that has gone away counts as SIGHUP even if no signal came (it can be blocked or lost): every
    /// read would then fail at once, and the loop would spin at full speed forever.
    public var terminationSignal: Int32? {
        SignalFlag.received ?? (hasHungUp ? SIGHUP : nil)
    }

    /// True when the terminal's input reports a hang-up or an error (its tmux or terminal emulator is gone).
    private var hasHungUp: Bool {
        var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        guard poll(&input, 1, 0) > 0 else { return false }
        return input.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// Copies `frame` to the screen in runs of equally styled cells, then refreshes (ncurses sends only changes).
    public func draw(_ frame: Frame, theme: Theme) {
        if palette?.themeName != theme.name || palette == nil {
            palette = Palette(theme: theme, mode: colorMode)
        }
        guard var palette else { return }
        werase(window)
        var run: [wchar_t] = []
        for y in 0..<frame.size.height {
            var runStart = 0
            var runStyle: (StyleRole, TextAttributes)? = nil
            func flush() {
                guard let style = runStyle, !run.isEmpty else { return }
                let (attrs, pair) = palette.attributes(for: style.0, extra: style.1)
                run.withUnsafeBufferPointer { buffer in
                    _ = pb_put_wstr(
                        window, Int32(y), Int32(runStart), buffer.baseAddress, Int32(buffer.count), attrs, pair)
                }
                run.removeAll(keepingCapacity: true)
            }
            for (x, cell) in frame.row(y).enumerated() where !cell.isContinuation {
                if runStyle == nil || runStyle!.0 != cell.role || runStyle!.1 != cell.attributes {
                    flush()
                    runStart = x
                    runStyle = (cell.role, cell.attributes)
                }
                for scalar in cell.character.unicodeScalars {
                    run.append(wchar_t(bitPattern: scalar.value))
                }
            }
            flush()
        }
        self.palette = palette
        wnoutrefresh(window)
        doupdate()
    }

    /// Waits up to `timeout` milliseconds (negative: forever) for a key or a resize.
    public func nextEvent(timeout milliseconds: Int32) -> TerminalEvent? {
        wtimeout(window, milliseconds)
        var value: wint_t = 0
        let rc = wget_wch(window, &value)
        if rc == ERR { return nil }
        if rc == KEY_CODE_YES {
            let code = Int32(value)
            if code == KEY_RESIZE { return .resize(size) }
            if code == KEY_MOUSE { return mouseEvent() }
            return KeyTranslation.key(forKeyCode: code).map(TerminalEvent.key)
        }
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return nil }
        return .key(Key.from(scalar: scalar))
    }

    /// The pending mouse event as a ``MouseEvent``: a left press or a wheel notch; anything else is dropped.
    private func mouseEvent() -> TerminalEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let point = Point(x: Int(event.x), y: Int(event.y))
        if pb_mouse_is_wheel_up(event.bstate) != 0 { return .mouse(MouseEvent(.wheelUp, at: point)) }
        if pb_mouse_is_wheel_down(event.bstate) != 0 { return .mouse(MouseEvent(.wheelDown, at: point)) }
        if pb_mouse_is_press(event.bstate) != 0 { return .mouse(MouseEvent(.press, at: point)) }
        return nil
    }
}
