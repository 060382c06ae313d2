import PinningCore

extension WorkbenchState {
    /// A key goes to the prompt if one is open, else to the overlay, else through the key table to a command.
    mutating func handleKey(_ key: Key) -> [Effect] {
        message = nil
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
        if focus == .pins, let effects = performInPins(command) { return effects }
        switch command {
        case .help: overlay = .help(scroll: 0)
        case .focusNext: setFocus(focus.next)
        case .focusPrevious: setFocus(focus.previous)
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
        case .filter: prompt = Prompt(kind: .filter, text: filter)
        case .refresh:
            guard let domain = selectedDomainPolicy else { return [] }
            return fetch([domain])
        case .refreshAll: return fetch(manifest.domains)
        case .pinKey: return pin(.spkiSHA256)
        case .pinCertificate: return pin(.certSHA256)
        case .toggleBackup: return toggleBackup()
        case .unpin: return unpin()
        case .addDomain: prompt = Prompt(kind: .addDomain)
        case .backupKey: openBackupKeyForm()
        case .deleteDomain:
            if let domain = selectedDomainPolicy { overlay = .confirmDelete(host: domain.host) }
        case .manifestDiff:
            let diff = ManifestDiff(from: savedManifest, to: manifest)
            if diff.isEmpty {
                message = StatusMessage("no changes")
            } else {
                overlay = .diff(
                    lines: diff.lines(assessment: diff.lockoutRisks(served: servedChains, now: now)), scroll: 0)
            }
        case .write: openWriteGate(quitAfterWrite: false)
        case .undo: return undo()
        case .redo: return redo()
        case .editSettings: openSettings()
        case .messageLog: overlay = .messageLog(MessageLogViewer(log: messageLog, size: size))
        case .suspend: return [.suspend]
        case .nextTheme:
            let index = themeNames.firstIndex(of: themeName) ?? -1
            themeName = themeNames[(index + 1) % themeNames.count]
            message = StatusMessage("theme: \(themeName)")
        case .cancel:
            if search != nil {
                search = nil
            } else if !filter.isEmpty {
                setFilter("")
            }
        case .quit:
            if isDirty { overlay = .quitGuard } else { return [.quit] }
        case .confirm, .force, .toggleFold, .close, .editNote, .editField, .applySettings, .reloadFromDisk,
            .reapplyEdits, .keepEditing:
            break
        case .copy: return openCopyDialog()
        case .savePEM: openSavePEM()
        case .exportManifest: openExport()
        case .search: startSearch()
        case .nextMatch: moveToMatch(by: 1)
        case .previousMatch: moveToMatch(by: -1)
        }
        return []
    }

    mutating func setFocus(_ pane: PaneID) {
        focus = pane
        if pane == .chain || pane == .certificate { detailPane = pane }
    }

    /// Rows in the focused pane, for page up and down.
    var pageSize: Int {
        max(1, (layout.panes[focus]?.height ?? 3) - 2)
    }

    mutating func move(by delta: Int) {
        switch focus {
        case .domains:
            let old = selectedDomain
            selectedDomain = clamp(selectedDomain, delta, count: visibleDomains.count)
            if old != selectedDomain { startAtTopOfDomain() }
        case .chain:
            selectedLevel = clamp(selectedLevel, delta, count: selectedLive?.levels.count ?? 0)
        case .certificate:
            let page = CertificatePane.page(for: self)
            certificateScroll.move(by: delta, lineCount: page.lines.count, rows: page.rows)
        case .pins:
            pinsPane.move(by: delta, count: selectedDomainPolicy?.pins.count ?? 0)
        }
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

    /// A command in an overlay's contexts (``OverlayState/keyContexts``): the overlay decides what it does.
    mutating func handleOverlayCommand(_ command: Command, _ current: OverlayState) -> [Effect] {
        func scrolled(_ scroll: Int) -> Int {
            switch command {
            case .moveUp: return max(0, scroll - 1)
            case .moveDown: return scroll + 1
            case .pageUp: return max(0, scroll - pageSize)
            case .pageDown: return scroll + pageSize
            case .moveTop: return 0
            case .moveBottom: return Int.max / 4
            default: return scroll
            }
        }
        switch current {
        case .help(let scroll):
            switch command {
            case .close: overlay = nil
            default: overlay = .help(scroll: min(scrolled(scroll), HelpOverlay.lines(keyMap: keyMap).count))
            }
        case .diff(let lines, let scroll):
            switch command {
            case .close: overlay = nil
            case .write: openWriteGate(quitAfterWrite: false)
            default: overlay = .diff(lines: lines, scroll: min(scrolled(scroll), lines.count))
            }
        case .writeGate(var gate):
            switch command {
            case .cancel:
                overlay = nil
                message = StatusMessage("not written")
            case .confirm:
                if gate.tally.errors > 0 {
                    message = StatusMessage(
                        "lint found \(counted(gate.tally.errors, "error")): press ! to write anyway, Esc to go back",
                        isError: true
                    )
                } else {
                    return save(quitAfter: gate.quitAfterWrite)
                }
            case .force:
                return save(quitAfter: gate.quitAfterWrite)
            default:
                let lines = WriteGateView.body(gate, screen: size).count
                gate.update(command) { min(scrolled($0), lines) }
                overlay = .writeGate(gate)
            }
        case .confirmDelete(let host):
            switch command {
            case .confirm:
                overlay = nil
                return deleteDomain(host)
            case .cancel:
                overlay = nil
            default: break
            }
        case .reload(var reload):
            let choice = reload.update(command, page: pageSize)
            overlay = .reload(reload)
            if let choice { return choose(choice, reload) }
        case .quitGuard:
            switch command {
            case .confirm: return [.quit]
            case .write: openWriteGate(quitAfterWrite: true)
            case .cancel: overlay = nil
            default: break
            }
        case .copy, .fileOutput, .backupKeyForm, .settings:
            break  // they take raw keys: handleComponentKey
        case .messageLog(let viewer):
            overlay = viewer.update(command, log: messageLog, size: size).map(OverlayState.messageLog)
        }
        return []
    }

    private mutating func save(quitAfter: Bool) -> [Effect] {
        overlay = nil
        quitAfterSave = quitAfter
        message = StatusMessage("writing \(document.url.path)…")
        return [.save(document)]
    }

    /// The semantic diff of the manifest as loaded (or last saved, or reloaded) against the manifest as edited,
    /// with the lockout risk of the change against the chains fetched live. Values are compared, not text: a
    /// manifest loaded and left alone shows "no changes" whatever its file's formatting.
    func manifestDiff() -> [ManifestDiffLine] {
        let diff = ManifestDiff(from: savedManifest, to: manifest)
        return diff.lines(assessment: diff.isEmpty ? nil : diff.lockoutRisks(served: servedChains, now: now))
    }

    private mutating func openWriteGate(quitAfterWrite: Bool) {
        // The same lint as the CLI's, on the same inputs: the document (its trustAnchors resolved against its
        // folder) and each live chain with the path the validator verified for it. The manifest as loaded is
        // linted the same way, so the gate can tell what the change introduces from what was there before.
        let served = servedChains
        func lint(_ manifest: PinManifest) -> [LintFinding] {
            var version = document
            version.manifest = manifest
            return ManifestLinter().lint(version, now: now, served: served).sorted { $0.severity > $1.severity }
        }
        overlay = .writeGate(
            WriteGate(
                edited: lint(manifest), loaded: lint(savedManifest), diff: manifestDiff(),
                quitAfterWrite: quitAfterWrite))
    }
}
