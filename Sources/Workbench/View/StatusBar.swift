import PinningCore

/// The bottom row: the focused pane's keys (from the key table) on the left, a message or the unsaved marker on
/// the right. The marker is text (`● unsaved`), not only a colour.
public enum StatusBar {
    public static func draw(
        into frame: inout Frame, rect: Rect, keyMap: KeyMap, focus: PaneID, unsaved: Bool, message: String? = nil
    ) {
        draw(
            into: &frame, rect: rect, hints: keyMap.statusHints(focus: focus), unsaved: unsaved,
            message: message.map { StatusMessage($0) })
    }

    /// Draws `hints`, or `message` instead when there is one (errors in the `error` role, marked `✗`).
    public static func draw(
        into frame: inout Frame, rect: Rect, hints: [HelpEntry], unsaved: Bool, message: StatusMessage?
    ) {
        guard !rect.isEmpty else { return }
        frame.fill(rect, with: Cell(" ", role: .statusBar))
        let right = unsaved ? " ● unsaved " : ""
        let rightWidth = CharacterWidth.of(right)
        let leftLimit = rect.maxX - rightWidth
        var x = rect.x + 1
        if let message, !message.text.isEmpty {
            x = frame.text(
                (message.isError ? "✗ " : "") + message.text, at: Point(x: x, y: rect.y),
                width: max(0, leftLimit - x - 1), role: message.isError ? .error : .statusBar)
        } else {
            for hint in hints {
                let words = hint.keyLabel + " " + shortName(hint.command)
                if x + CharacterWidth.of(words) + 2 > leftLimit { break }
                x = frame.put(hint.keyLabel, at: Point(x: x, y: rect.y), role: .statusKey, clip: rect)
                x = frame.put(
                    " " + shortName(hint.command) + "  ", at: Point(x: x, y: rect.y), role: .statusBar, clip: rect)
            }
        }
        if rightWidth > 0, leftLimit >= rect.x {
            frame.put(right, at: Point(x: leftLimit, y: rect.y), role: .statusUnsaved, clip: rect)
        }
    }

    /// Draws a prompt (`Filter: text▏`) across the bar.
    public static func drawPrompt(into frame: inout Frame, rect: Rect, prompt: Prompt) {
        guard !rect.isEmpty else { return }
        frame.fill(rect, with: Cell(" ", role: .prompt))
        let x = frame.text(prompt.label, at: Point(x: rect.x + 1, y: rect.y), width: rect.width - 1, role: .prompt)
        let room = rect.maxX - x - 1
        guard room > 1 else { return }
        // Show the end of long input: that is where the typing happens.
        var text = prompt.text.terminalSafe
        while CharacterWidth.of(text) > room - 1 { text.removeFirst() }
        frame.put(text + "▏", at: Point(x: x, y: rect.y), role: .prompt, clip: rect)
    }

    /// One or two words per command: the status bar is narrow, the help says the rest.
    public static func shortName(_ command: Command) -> String {
        switch command {
        case .help: return "help"
        case .focusNext: return "pane"
        case .focusPrevious: return "prev pane"
        case .focusDomains: return "domains"
        case .focusChain: return "chain"
        case .focusCertificate: return "certificate"
        case .moveUp: return "up"
        case .moveDown: return "down"
        case .moveTop: return "top"
        case .moveBottom: return "bottom"
        case .pageUp: return "page up"
        case .pageDown: return "page down"
        case .filter: return "filter"
        case .refresh: return "refresh"
        case .refreshAll: return "refresh all"
        case .pinKey: return "pin key"
        case .pinCertificate: return "pin cert"
        case .toggleBackup: return "backup"
        case .unpin: return "unpin"
        case .addDomain: return "add"
        case .deleteDomain: return "delete"
        case .manifestDiff: return "diff"
        case .write: return "write"
        case .undo: return "undo"
        case .nextTheme: return "theme"
        case .cancel: return "cancel"
        case .quit: return "quit"
        case .confirm: return "yes"
        case .force: return "write anyway"
        case .reloadFromDisk: return "reload"
        case .reapplyEdits: return "re-apply mine"
        case .keepEditing: return "keep editing"
        }
    }
}
