import PinningCore

extension WorkbenchUpdate {
    /// A key goes to the prompt if one is open, else to the overlay, else through the key table to a command.
    mutating func handleKey(_ key: Key) -> [Effect] {
        clearMessage()
        if prompt != nil { return handlePromptKey(key) }
        if let overlay, let effects = handleComponentKey(key, overlay) { return effects }
        guard let command = keyMap.command(for: key, in: activeKeyContexts) else { return [] }
        if let overlay { return handleOverlayCommand(command, overlay) }
        if layout.mode == .tooSmall, ![.quit, .cancel, .suspend].contains(command) {
            return []  // nothing on screen to act on; q still quits, Ctrl-Z still suspends
        }
        return perform(command)
    }

    mutating func perform(_ command: Command) -> [Effect] {
        if selection.focus == .pins, let effects = performInPins(command) { return effects }
        if performNavigation(command) { return [] }
        switch command {
        case .refresh:
            guard let domain = selectedDomainPolicy else { return [] }
            return fetch([domain])
        case .refreshAll: return fetch(manifest.domains)
        case .pinKey: return pin(.spkiSHA256)
        case .pinCertificate: return pin(.certSHA256)
        case .toggleBackup: return toggleBackup()
        case .unpin: return unpin()
        case .undo: return undo()
        case .redo: return redo()
        case .suspend: return [.suspend]
        case .quit: return quitOrAsk()
        case .copy: return openCopyDialog()
        default: openOrChange(command)
        }
        return []
    }

    /// Focus and movement: true when `command` was one.
    private mutating func performNavigation(_ command: Command) -> Bool {
        switch command {
        case .focusNext: setFocus(selection.focus.next)
        case .focusPrevious: setFocus(selection.focus.previous)
        case .focusDomains: setFocus(.domains)
        case .focusChain: setFocus(.chain)
        case .focusCertificate: setFocus(.certificate)
        case .focusPins: setFocus(.pins)
        case .moveUp: move(by: -1)
        case .moveDown: move(by: 1)
        case .pageUp: move(by: -pageSize)
        case .pageDown: move(by: pageSize)
        case .moveTop: move(by: -Int.max / 2)
        case .moveBottom: move(by: Int.max / 2)
        default: return false
        }
        return true
    }

    /// The commands that open an overlay or a prompt, or change what is shown, with no work for the backend.
    private mutating func openOrChange(_ command: Command) {
        switch command {
        case .help: overlay = .help(HelpPanel())
        case .filter: prompt = Prompt(kind: .filter, text: selection.filter)
        case .addDomain: prompt = Prompt(kind: .addDomain)
        case .backupKey: openBackupKeyForm()
        case .deleteDomain: openDeleteConfirmation()
        case .manifestDiff: openDiff()
        case .write: openWriteGate(quitAfterWrite: false)
        case .editSettings: openSettings()
        case .messageLog: overlay = .messageLog(MessageLogViewer(log: chrome.messageLog, size: chrome.size))
        case .forecast: openForecast()
        case .transparency: openTransparency()
        case .clients: openClients()
        case .reports: openReports()
        case .nextTheme: nextTheme()
        case .cancel:
            if search != nil {
                search = nil
            } else if !selection.filter.isEmpty {
                setFilter("")
            }
        case .savePEM: openSavePEM()
        case .exportManifest: openExport()
        case .search: startSearch()
        case .nextMatch: moveToMatch(by: 1)
        case .previousMatch: moveToMatch(by: -1)
        default: break  // the overlays' own commands (confirm, force, close, …) mean nothing over the panes
        }
    }

    mutating func setFocus(_ pane: PaneID) {
        selection.setFocus(pane)
    }

    mutating func move(by delta: Int) {
        switch selection.focus {
        case .domains:
            moveDomainSelection(by: delta)
        case .chain:
            selection.selectedLevel = clamp(selection.selectedLevel, delta, count: selectedLive?.levels.count ?? 0)
        case .certificate:
            let page = CertificatePane.page(for: state)
            selection.certificateScroll.move(by: delta, lineCount: page.lines.count, rows: page.rows)
        case .pins:
            selection.pinsPane.move(by: delta, count: selectedDomainPolicy?.pins.count ?? 0)
        }
    }

    /// Selects the domain `delta` rows away in the Domains list (the Domains pane, the Forecast view's `←` `→`).
    mutating func moveDomainSelection(by delta: Int) {
        let old = selection.selectedDomain
        selection.selectedDomain = clamp(selection.selectedDomain, delta, count: selection.visibleDomains.count)
        if old != selection.selectedDomain { startAtTopOfDomain() }
    }

    private func clamp(_ value: Int, _ delta: Int, count: Int) -> Int {
        guard count > 0 else { return 0 }
        let moved = delta > 0 ? (value > Int.max - delta ? Int.max : value + delta) : value + delta
        return min(max(0, moved), count - 1)
    }

    // MARK: - Prompt

    private mutating func handlePromptKey(_ key: Key) -> [Effect] {
        guard var prompt else { return [] }
        if prompt.kind == .search { return handleSearchPromptKey(key, prompt) }
        switch key {
        case .escape:
            self.prompt = nil
            if prompt.kind == .filter { setFilter("") }
            return []
        case .enter:
            self.prompt = nil
            switch prompt.kind {
            case .addDomain: return addDomain(prompt.text)
            case .pinNote(let host, let value): return setNote(prompt.text, value: value, host: host)
            case .filter, .search: return []
            }
        case .backspace, .delete:
            if !prompt.text.isEmpty { prompt.text.removeLast() }
        case .character(let c):
            // Hostile text (controls, escapes, bidi overrides) is refused as it is typed; input is bounded.
            if !TerminalSafeText.isUnsafe(c.unicodeScalars.first!), prompt.text.count < prompt.maximumLength {
                prompt.text.append(c)
            }
        default:
            return []
        }
        self.prompt = prompt
        if prompt.kind == .filter { setFilter(prompt.text) }
        return []
    }

    // MARK: - Overlays

    /// Overlays that read raw keys (a file name being typed, the copy dialog's choices) get them before the key
    /// table; nil for the overlays that take commands.
    private mutating func handleComponentKey(_ key: Key, _ current: OverlayState) -> [Effect]? {
        switch current {
        case .copy(let dialog): return handleCopyDialogKey(key, dialog)
        case .fileOutput(let dialog): return handleFileOutputKey(key, dialog)
        case .backupKeyForm(let form): return handleBackupKeyFormKey(key, form)
        case .settings(let form): return handleSettingsKey(key, form)
        default: return nil
        }
    }

    /// A command in an overlay's contexts (``OverlayState/keyContexts``): the overlay's model decides what it means
    /// and answers with an action its glue carries out.
    mutating func handleOverlayCommand(_ command: Command, _ current: OverlayState) -> [Effect] {
        switch current {
        case .help(let panel): handleHelpCommand(command, panel)
        case .diff(let panel): handleDiffCommand(command, panel)
        case .writeGate(let gate): return handleWriteGateCommand(command, gate)
        case .confirmDelete(let confirmation): return handleDeleteConfirmationCommand(command, confirmation)
        case .reload(let prompt): return handleReloadCommand(command, prompt)
        case .recovery(let offer): return handleRecoveryCommand(command, offer)
        case .quitGuard(let quitGuard): return handleQuitGuardCommand(command, quitGuard)
        case .copy, .fileOutput, .backupKeyForm, .settings:
            break  // they take raw keys: handleComponentKey
        case .messageLog(var viewer):
            switch viewer.update(command, log: chrome.messageLog, size: chrome.size) {
            case .stay: overlay = .messageLog(viewer)
            case .close: overlay = nil
            }
        case .forecast(let panel): handleForecastCommand(command, panel)
        case .transparency(let panel): handleTransparencyCommand(command, panel)
        case .clients(let panel): handleClientsCommand(command, panel)
        case .reports(let panel): handleReportsCommand(command, panel)
        }
        return []
    }
}

extension WorkbenchState {
    /// Rows in the focused pane, for page up and down.
    var pageSize: Int {
        max(1, (layout.panes[selection.focus]?.height ?? 3) - 2)
    }
}
