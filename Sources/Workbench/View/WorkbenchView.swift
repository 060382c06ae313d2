import PinningCore

/// Draws a ``WorkbenchState`` into a ``Frame``: panes per the layout, any overlay, then the status bar (or
/// the prompt). In ASCII mode every glyph then becomes its fallback from the one marker table (``Marker``).
///
/// Only visible rows are drawn, so a frame costs the same with ten domains or ten thousand.
enum WorkbenchView {
    static func render(_ state: WorkbenchState) -> Frame {
        let frame = renderGlyphs(state)
        return state.chrome.asciiOnly
            ? frame.asciiOnly(fallbacks: Marker.asciiFallbacks, unknown: Marker.unknownFallback) : frame
    }

    private static func renderGlyphs(_ state: WorkbenchState) -> Frame {
        var frame = Frame(size: state.chrome.size)
        let layout = state.layout
        guard layout.mode != .tooSmall else {
            TooSmallNotice.draw(into: &frame)
            return frame
        }
        let titles: [PaneID: String] = [
            .domains: DomainsPane.title(state), .chain: ChainPane.title(state),
            .certificate: CertificatePane.title(state), .pins: PinsPaneView.title(state),
        ]
        let insides = PaneChrome.draw(into: &frame, layout: layout, focus: state.selection.focus, titles: titles)
        if let rect = insides[.domains] {
            DomainsPane.draw(into: &frame, rect: rect, state: state, focused: state.selection.focus == .domains)
        }
        if let rect = insides[.chain] {
            ChainPane.draw(into: &frame, rect: rect, state: state, focused: state.selection.focus == .chain)
        }
        if let rect = insides[.certificate] {
            CertificatePane.draw(into: &frame, rect: rect, state: state)
        }
        if let rect = insides[.pins] {
            PinsPaneView.draw(into: &frame, rect: rect, state: state, focused: state.selection.focus == .pins)
        }

        drawOverlay(state, into: &frame)

        // Last, so that a long message wraps over an overlay too.
        if let prompt = state.prompt {
            StatusBar.drawPrompt(into: &frame, rect: layout.statusBar, prompt: prompt)
        } else {
            StatusBar.draw(
                into: &frame, rect: layout.statusBar, hints: state.keyMap.statusHints(in: state.activeKeyContexts),
                unsaved: state.editing.isDirty, message: state.chrome.message,
                watch: ReportsFeed.joined(state.transparency.status(now: state.chrome.now), state.reports.status))
        }
        return frame
    }

    /// The open overlay, each drawn by its component's view.
    private static func drawOverlay(_ state: WorkbenchState, into frame: inout Frame) {
        let file = state.editing.document.url.lastPathComponent
        switch state.overlay {
        case nil: break
        case .help(let panel): HelpOverlay.draw(into: &frame, keyMap: state.keyMap, scroll: panel.scroll)
        case .diff(let panel): DiffPanelView.draw(into: &frame, panel: panel)
        case .writeGate(let gate): WriteGateView.draw(into: &frame, gate: gate, file: file)
        case .confirmDelete(let confirmation):
            let count = state.manifest.policy(for: confirmation.host)?.pins.count ?? 0
            DeleteConfirmationView.draw(into: &frame, confirmation: confirmation, pinCount: count)
        case .backupKeyForm(let form): BackupKeyFormView.draw(into: &frame, form: form)
        case .reload(let prompt): ReloadPromptView.draw(into: &frame, prompt: prompt, file: file)
        case .recovery(let offer): RecoveryOfferView.draw(into: &frame, offer: offer, file: file)
        case .quitGuard: QuitGuardView.draw(into: &frame, file: file)
        case .settings(let form): SettingsFormView.draw(into: &frame, form: form)
        case .copy(let dialog): CopyDialogView.draw(into: &frame, dialog: dialog)
        case .fileOutput(let dialog): FileOutputDialogView.draw(into: &frame, dialog: dialog)
        case .messageLog(let viewer): MessageLogOverlay.draw(into: &frame, log: state.chrome.messageLog, viewer: viewer)
        case .forecast(let panel): ForecastView.draw(into: &frame, state: state, panel: panel)
        case .transparency(let panel): TransparencyView.draw(into: &frame, state: state, panel: panel)
        case .reports(let panel): ReportsView.draw(into: &frame, state: state, panel: panel)
        case .clients(let panel): ClientsView.draw(into: &frame, state: state, panel: panel)
        }
    }
}
