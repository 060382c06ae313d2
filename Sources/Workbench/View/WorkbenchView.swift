import PinningCore

/// Draws a ``WorkbenchState`` into a ``Frame``: panes per the layout, any overlay, then the status bar (or
/// the prompt). In ASCII mode every glyph then becomes its fallback from the one marker table (``Marker``).
///
/// Only visible rows are drawn, so a frame costs the same with ten domains or ten thousand.
enum WorkbenchView {
    static func render(_ state: WorkbenchState) -> Frame {
        let frame = renderGlyphs(state)
        return state.asciiOnly
            ? frame.asciiOnly(fallbacks: Marker.asciiFallbacks, unknown: Marker.unknownFallback) : frame
    }

    private static func renderGlyphs(_ state: WorkbenchState) -> Frame {
        var frame = Frame(size: state.size)
        let layout = state.layout
        guard layout.mode != .tooSmall else {
            TooSmallNotice.draw(into: &frame)
            return frame
        }
        let titles: [PaneID: String] = [
            .domains: DomainsPane.title(state), .chain: ChainPane.title(state),
            .certificate: CertificatePane.title(state), .pins: PinsPaneView.title(state),
        ]
        let insides = PaneChrome.draw(into: &frame, layout: layout, focus: state.focus, titles: titles)
        if let rect = insides[.domains] {
            DomainsPane.draw(into: &frame, rect: rect, state: state, focused: state.focus == .domains)
        }
        if let rect = insides[.chain] {
            ChainPane.draw(into: &frame, rect: rect, state: state, focused: state.focus == .chain)
        }
        if let rect = insides[.certificate] {
            CertificatePane.draw(into: &frame, rect: rect, state: state)
        }
        if let rect = insides[.pins] {
            PinsPaneView.draw(into: &frame, rect: rect, state: state, focused: state.focus == .pins)
        }

        switch state.overlay {
        case nil: break
        case .help(let scroll): HelpOverlay.draw(into: &frame, keyMap: state.keyMap, scroll: scroll)
        case .diff(let lines, let scroll): DialogOverlays.drawDiff(into: &frame, lines: lines, scroll: scroll)
        case .writeGate(let gate):
            WriteGateView.draw(into: &frame, gate: gate, file: state.document.url.lastPathComponent)
        case .confirmDelete(let host):
            let count = state.manifest.policy(for: host)?.pins.count ?? 0
            DialogOverlays.drawConfirm(
                into: &frame, title: "Delete domain?",
                lines: [
                    "Delete \(host.terminalSafe) and its \(count) pin\(count == 1 ? "" : "s")?",
                    "z undoes it afterwards.",
                ],
                footer: "y delete · n or Esc keep")
        case .backupKeyForm(let form):
            BackupKeyFormView.draw(into: &frame, form: form)
        case .reload(let prompt):
            ReloadPromptView.draw(into: &frame, prompt: prompt, file: state.document.url.lastPathComponent)
        case .quitGuard:
            DialogOverlays.drawConfirm(
                into: &frame, title: "Unsaved changes",
                lines: ["\(state.document.url.lastPathComponent.terminalSafe) has unsaved changes."],
                footer: "y quit without saving · w write first · Esc stay")
        case .settings(let form):
            SettingsFormView.draw(into: &frame, form: form)
        case .copy(let dialog): CopyDialogView.draw(into: &frame, dialog: dialog)
        case .fileOutput(let dialog): FileOutputDialogView.draw(into: &frame, dialog: dialog)
        case .messageLog(let viewer): MessageLogOverlay.draw(into: &frame, log: state.messageLog, viewer: viewer)
        }

        // Last, so that a long message wraps over an overlay too.
        if let prompt = state.prompt {
            StatusBar.drawPrompt(into: &frame, rect: layout.statusBar, prompt: prompt)
        } else {
            StatusBar.draw(
                into: &frame, rect: layout.statusBar, hints: state.keyMap.statusHints(in: state.activeKeyContexts),
                unsaved: state.isDirty, message: state.message)
        }
        return frame
    }
}
