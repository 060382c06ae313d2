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

    /// Draws `hints`, or `message` instead when there is one. A message is never cut: one that does not fit the
    /// bar wraps onto rows above it (over the bottom of the panes, until the next key), up to a third of the screen;
    /// a longer one ends with a pointer to the message log, which has it whole. Errors and warnings carry their
    /// marker (`✗`, `!`), not only a colour. `watch`, the CT watch's word, goes on the right before the unsaved
    /// marker, with its level's marker, beside the hints (not beside a message) when it takes at most half the bar.
    ///
    /// When not everything fits, the way out is kept: `? help` and `q quit` (an overlay's close and cancel) are
    /// never dropped; a troubled watch (a warning or an error) comes next, then the other hints in table order
    /// (the focused pane's first), and a watch with nothing wrong only in the room left after every hint.
    public static func draw(
        into frame: inout Frame, rect: Rect, hints: [HelpEntry], unsaved: Bool, message: StatusMessage?,
        watch: StatusMessage? = nil
    ) {
        guard !rect.isEmpty else { return }
        frame.fill(rect, with: Cell(" ", role: .statusBar))
        let right = unsaved ? " \(Marker.activePin.symbol) unsaved " : ""
        let unsavedWidth = CharacterWidth.of(right)
        let showsMessage = !(message?.text.isEmpty ?? true)
        // A message takes the whole bar (it is there until the next key); the watch's word goes with the hints.
        let wayOutWidth = hints.filter { wayOut.contains($0.command) }.reduce(0) { $0 + hintWidth($1) }
        let troubled = watch.map { $0.level != .info } ?? false
        let watchText = watch.flatMap { watch -> String? in
            guard !showsMessage else { return nil }
            let marker = watch.level == .info ? "" : Marker.forLevel(watch.level).symbol + " "
            let text = " " + marker + watch.text + " "
            // A troubled watch may take all but the way out; a quiet one at most half the bar.
            let limit = troubled ? rect.width - 1 - wayOutWidth : rect.width / 2
            return CharacterWidth.of(text) + unsavedWidth <= limit ? text : nil
        }
        let watchWidth = watchText.map(CharacterWidth.of) ?? 0
        // The room for hints: the bar less its margin and the unsaved marker, less a troubled watch's word.
        let room = rect.width - 1 - unsavedWidth - (troubled ? watchWidth : 0)
        let shown = showsMessage ? [] : fitting(hints, room: room)
        let hintsWidth = shown.reduce(0) { $0 + hintWidth($1) }
        let watchShown = watchText != nil && (troubled || hintsWidth + watchWidth <= room)
        let rightWidth = unsavedWidth + (watchShown ? watchWidth : 0)
        if let watchText, let watch, watchShown {
            frame.put(
                watchText, at: Point(x: rect.maxX - rightWidth, y: rect.y),
                role: role(for: watch.level, in: .statusBar),
                clip: rect)
        }
        let leftLimit = rect.maxX - rightWidth
        var x = rect.x + 1
        if let message, showsMessage {
            drawMessage(message, into: &frame, bar: rect, width: max(1, leftLimit - x - 1))
        } else {
            for hint in shown {
                let name = hint.short ?? shortName(hint.command)
                x = frame.put(hint.keyLabel, at: Point(x: x, y: rect.y), role: .statusKey, clip: rect)
                x = frame.put(" " + name + "  ", at: Point(x: x, y: rect.y), role: .statusBar, clip: rect)
            }
        }
        if unsavedWidth > 0, rect.maxX - unsavedWidth >= rect.x {
            frame.put(right, at: Point(x: rect.maxX - unsavedWidth, y: rect.y), role: .statusUnsaved, clip: rect)
        }
    }

    /// The commands that are the way out of wherever the user is: kept on the bar when others are dropped.
    static let wayOut: Set<Command> = [.help, .quit, .close, .cancel]

    /// The hints that fit in `room` columns, in their order: room for the ways out is kept, and the others are
    /// shown until the first that does not fit with the ways out still to come.
    static func fitting(_ hints: [HelpEntry], room: Int) -> [HelpEntry] {
        var reserved = hints.filter { wayOut.contains($0.command) }.reduce(0) { $0 + hintWidth($1) }
        var used = 0
        var shown: [HelpEntry] = []
        // Once one hint does not fit, the rest give way too (a later, shorter one would look more important).
        var full = false
        for hint in hints {
            let width = hintWidth(hint)
            if wayOut.contains(hint.command) {
                reserved -= width
                guard used + width <= room else { continue }
            } else {
                full = full || used + width + reserved > room
                guard !full else { continue }
            }
            used += width
            shown.append(hint)
        }
        return shown
    }

    /// The columns a hint takes: `KEY name` and two spaces after it.
    static func hintWidth(_ hint: HelpEntry) -> Int {
        CharacterWidth.of(hint.keyLabel + " " + (hint.short ?? shortName(hint.command))) + 2
    }

    /// The lines `message` takes at `width` columns: its marker, then its text wrapped.
    public static func messageLines(_ message: StatusMessage, width: Int) -> [String] {
        let prefix = message.level == .info ? "" : Marker.forLevel(message.level).symbol + " "
        return Frame.wrap(prefix + message.text, width: width)
    }

    /// The role of a message of `level`; `base` for plain information.
    static func role(for level: StatusMessage.Level, in base: StyleRole) -> StyleRole {
        switch level {
        case .info: return base
        case .warning: return .verdictWarning
        case .error: return .error
        }
    }

    private static func drawMessage(_ message: StatusMessage, into frame: inout Frame, bar: Rect, width: Int) {
        var lines = messageLines(message, width: width)
        let room = max(1, min(bar.y + 1, frame.size.height / 3))
        if lines.count > room {
            lines = Array(lines.prefix(room))
            let more = " \(Marker.pending.symbol) L shows it all"
            let keep = max(0, width - CharacterWidth.of(more))
            var cut = ""
            var used = 0
            for character in lines[room - 1] {
                used += CharacterWidth.of(character)
                if used > keep { break }
                cut.append(character)
            }
            lines[room - 1] = cut + more
        }
        let role = role(for: message.level, in: .statusBar)
        let top = bar.y - (lines.count - 1)
        for (i, line) in lines.enumerated() {
            let row = Rect(x: bar.x, y: top + i, width: bar.width, height: 1)
            if i < lines.count - 1 { frame.fill(row, with: Cell(" ", role: .statusBar)) }
            frame.text(line, at: Point(x: bar.x + 1, y: row.y), width: width, role: role)
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
        frame.put(text + Marker.cursor.symbol, at: Point(x: x, y: rect.y), role: .prompt, clip: rect)
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
        case .focusPins: return "pins"
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
        case .backupKey: return "backup key"
        case .manifestDiff: return "diff"
        case .write: return "write"
        case .undo: return "undo"
        case .redo: return "redo"
        case .editSettings: return "settings"
        case .editNote: return "note"
        case .editField: return "change"
        case .applySettings: return "apply"
        case .nextTheme: return "theme"
        case .cancel: return "cancel"
        case .quit: return "quit"
        case .messageLog: return "messages"
        case .suspend: return "suspend"
        case .close: return "close"
        case .confirm: return "yes"
        case .force: return "write anyway"
        case .toggleFold: return "earlier findings"
        case .copy: return "copy"
        case .savePEM: return "save PEM"
        case .exportManifest: return "export"
        case .search: return "search"
        case .nextMatch: return "next match"
        case .previousMatch: return "previous match"
        case .reloadFromDisk: return "reload"
        case .reapplyEdits: return "re-apply mine"
        case .keepEditing: return "keep editing"
        case .recoverEdits: return "recover"
        case .discardRecovery: return "discard"
        case .keepRecovery: return "keep for later"
        case .forecast: return "forecast"
        case .transparency: return "CT"
        case .clients: return "clients"
        case .reports: return "reports"
        case .showReportChain: return "show chain"
        case .liveChain: return "live chain"
        case .nextDomain: return "next domain"
        case .previousDomain: return "previous domain"
        }
    }
}
