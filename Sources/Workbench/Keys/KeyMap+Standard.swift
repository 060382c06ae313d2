extension KeyMap {
    /// The workbench's keys, in one table. Edit here: help and status bar follow.
    public static let standard = KeyMap(
        bindings: [
            KeyBinding(.character("?"), .global, .help, "show or hide this help", inStatusBar: true),
            KeyBinding(.tab, .global, .focusNext, "next pane", inStatusBar: true),
            KeyBinding(.backTab, .global, .focusPrevious, "previous pane"),
            KeyBinding(.character("1"), .global, .focusDomains, "Domains pane"),
            KeyBinding(.character("2"), .global, .focusChain, "Chain pane"),
            KeyBinding(.character("3"), .global, .focusCertificate, "Certificate pane"),
            KeyBinding(.character("4"), .global, .focusPins, "Pins pane (every pin of the domain, live or not)"),
            KeyBinding(.up, .global, .moveUp, "move up"),
            KeyBinding(.character("k"), .global, .moveUp, "move up"),
            KeyBinding(.down, .global, .moveDown, "move down"),
            KeyBinding(.character("j"), .global, .moveDown, "move down"),
            KeyBinding(.character("g"), .global, .moveTop, "go to the top"),
            KeyBinding(.home, .global, .moveTop, "go to the top"),
            KeyBinding(.character("G"), .global, .moveBottom, "go to the bottom"),
            KeyBinding(.end, .global, .moveBottom, "go to the bottom"),
            KeyBinding(.pageUp, .global, .pageUp, "page up"),
            KeyBinding(.pageDown, .global, .pageDown, "page down"),
            KeyBinding(.character("R"), .global, .refreshAll, "refresh all domains"),
            KeyBinding(.character("m"), .global, .manifestDiff, "manifest diff (saved vs edited)"),
            KeyBinding(.character("w"), .global, .write, "write the manifest (diff and lint first)", inStatusBar: true),
            KeyBinding(.character("z"), .global, .undo, "undo the last edit"),
            KeyBinding(.character("Z"), .global, .redo, "redo the edit undone last"),
            KeyBinding(.control("z"), .global, .suspend, "suspend to the shell (fg brings the workbench back)"),
            KeyBinding(.character("L"), .global, .messageLog, "message log (every message, with time and level)"),
            KeyBinding(.character("t"), .global, .nextTheme, "next theme"),
            KeyBinding(.escape, .global, .cancel, "cancel, close the overlay"),
            KeyBinding(.character("q"), .global, .quit, "quit (asks when unsaved)", inStatusBar: true),
            KeyBinding(
                .character("F"), .global, .forecast,
                "lockout forecast of the selected domain (shipped releases by the certificates to come)",
                inStatusBar: true),
            KeyBinding(
                .character("T"), .global, .transparency,
                "CT findings of the selected domain (logged certificates, each release's verdict)",
                inStatusBar: true),
            KeyBinding(
                .character("C"), .global, .clients,
                "every client's verdict on the selected domain's chain, marking those that differ from PinBench",
                inStatusBar: true),
            KeyBinding(
                .character("V"), .global, .reports,
                "field reports of the selected domain (what pinbench collect stored: counts, the latest reports)"),
            KeyBinding(
                .character("x"), .global, .exportManifest, "export the edited manifest to a file (pick a format)"),

            KeyBinding(.character("/"), .domains, .filter, "filter domains", inStatusBar: true),
            KeyBinding(.enter, .domains, .refresh, "refresh this domain", inStatusBar: true),
            KeyBinding(.character("r"), .domains, .refresh, "refresh this domain", inStatusBar: true),
            KeyBinding(.character("a"), .domains, .addDomain, "add a domain", inStatusBar: true),
            KeyBinding(.character("d"), .domains, .deleteDomain, "delete this domain (confirm)", inStatusBar: true),
            KeyBinding(.character("K"), .domains, .backupKey, "generate a backup key and CSR, pin it as a backup"),
            KeyBinding(
                .character("e"), .domains, .editSettings, "edit the domain's settings (mode, expires, port, ...)"),

            KeyBinding(.character("p"), .chain, .pinKey, "pin this level's public key (SPKI)", inStatusBar: true),
            KeyBinding(
                .character("P"), .chain, .pinCertificate, "pin this level's whole certificate", inStatusBar: true),
            KeyBinding(
                .character("b"), .chain, .toggleBackup,
                "toggle backup role of this level's pin pinned last (key or cert)", inStatusBar: true),
            KeyBinding(
                .character("u"), .chain, .unpin, "unpin this level's pin pinned last (key or cert; 4 lists all)",
                inStatusBar: true),
            KeyBinding(.character("r"), .chain, .refresh, "refresh this domain"),
            KeyBinding(.character("e"), .chain, .editSettings, "edit the domain's settings"),
            KeyBinding(.character("y"), .chain, .copy, "copy this level's pin or fingerprint (OSC 52; shown whole)"),
            KeyBinding(.character("s"), .chain, .savePEM, "save this certificate or the chain as PEM"),

            KeyBinding(
                .character("p"), .certificate, .pinKey, "pin this certificate's public key (SPKI)", inStatusBar: true),
            KeyBinding(.character("P"), .certificate, .pinCertificate, "pin this whole certificate", inStatusBar: true),
            KeyBinding(
                .character("b"), .certificate, .toggleBackup,
                "toggle backup role of its pin pinned last (key or cert)", inStatusBar: true),
            KeyBinding(
                .character("u"), .certificate, .unpin, "unpin its pin pinned last (key or cert; 4 lists all)",
                inStatusBar: true),
            KeyBinding(.character("r"), .certificate, .refresh, "refresh this domain"),
            KeyBinding(.character("e"), .certificate, .editSettings, "edit the domain's settings"),
            KeyBinding(.character("y"), .certificate, .copy, "copy this certificate's pin or fingerprint (OSC 52)"),
            KeyBinding(.character("s"), .certificate, .savePEM, "save this certificate or the chain as PEM"),
            KeyBinding(.character("/"), .certificate, .search, "search this pane", inStatusBar: true),
            KeyBinding(.character("n"), .certificate, .nextMatch, "next search match"),
            KeyBinding(.character("N"), .certificate, .previousMatch, "previous search match"),

            KeyBinding(.character("u"), .pins, .unpin, "unpin the selected pin (live or not)", inStatusBar: true),
            KeyBinding(.character("b"), .pins, .toggleBackup, "toggle the selected pin's role", inStatusBar: true),
            KeyBinding(.character("n"), .pins, .editNote, "edit the selected pin's note", inStatusBar: true),
            KeyBinding(.character("e"), .pins, .editSettings, "edit the domain's settings", inStatusBar: true),
            KeyBinding(.character("r"), .pins, .refresh, "refresh this domain"),
            KeyBinding(.character("y"), .pins, .copy, "copy the selected pin (OSC 52; shown whole)"),
            KeyBinding(.character("K"), .pins, .backupKey, "generate a backup key and CSR, pin it as a backup"),

            KeyBinding(.up, .settings, .moveUp, "previous setting"),
            KeyBinding(.character("k"), .settings, .moveUp, "previous setting"),
            KeyBinding(.down, .settings, .moveDown, "next setting", inStatusBar: true),
            KeyBinding(.character("j"), .settings, .moveDown, "next setting"),
            KeyBinding(.enter, .settings, .editField, "toggle the setting, or type a new value", inStatusBar: true),
            KeyBinding(
                .character("y"), .settings, .applySettings, "apply the settings (one edit; z undoes it)",
                inStatusBar: true),
            KeyBinding(.escape, .settings, .cancel, "cancel, change nothing", inStatusBar: true),

            KeyBinding(.character("?"), .help, .close, "close the help"),
            KeyBinding(.escape, .help, .close, "close the help", inStatusBar: true),
            KeyBinding(.character("q"), .help, .close, "close the help"),

            KeyBinding(.character("w"), .diff, .write, "write the manifest (lint first)", inStatusBar: true),
            KeyBinding(.escape, .diff, .close, "close the diff", inStatusBar: true),
            KeyBinding(.character("m"), .diff, .close, "close the diff"),
            KeyBinding(.character("q"), .diff, .close, "close the diff"),

            KeyBinding(
                .character("y"), .writeGate, .confirm, "write (refused while lint finds errors)", inStatusBar: true,
                short: "write"),
            KeyBinding(.enter, .writeGate, .confirm, "write (refused while lint finds errors)"),
            KeyBinding(.character("w"), .writeGate, .confirm, "write (refused while lint finds errors)"),
            KeyBinding(
                .character("!"), .writeGate, .force, "write despite lint errors (risks locking users out)",
                inStatusBar: true),
            KeyBinding(
                .character("f"), .writeGate, .toggleFold, "show or fold the findings that were there before",
                inStatusBar: true),
            KeyBinding(.character("n"), .writeGate, .cancel, "do not write", inStatusBar: true, short: "back"),
            KeyBinding(.escape, .writeGate, .cancel, "do not write", inStatusBar: true, short: "back"),
            KeyBinding(.character("q"), .writeGate, .cancel, "do not write"),

            KeyBinding(.character("y"), .dialog, .confirm, "yes, go ahead", inStatusBar: true),
            KeyBinding(.enter, .dialog, .confirm, "yes, go ahead"),
            KeyBinding(.character("n"), .dialog, .cancel, "no, close the dialog", inStatusBar: true, short: "no"),
            KeyBinding(.escape, .dialog, .cancel, "no, close the dialog", inStatusBar: true, short: "no"),
            KeyBinding(.character("q"), .dialog, .cancel, "no, close the dialog"),

            KeyBinding(.character("y"), .quitGuard, .confirm, "quit without saving", inStatusBar: true, short: "quit"),
            KeyBinding(
                .character("w"), .quitGuard, .write, "write first, then quit", inStatusBar: true, short: "write first"),
            KeyBinding(.character("n"), .quitGuard, .cancel, "stay in the workbench", inStatusBar: true, short: "stay"),
            KeyBinding(.escape, .quitGuard, .cancel, "stay in the workbench", inStatusBar: true, short: "stay"),

            KeyBinding(.escape, .messageLog, .close, "close the log", inStatusBar: true),
            KeyBinding(.character("L"), .messageLog, .close, "close the log"),
            KeyBinding(.character("q"), .messageLog, .close, "close the log"),

            KeyBinding(.up, .copyDialog, .moveUp, "previous value", inStatusBar: true),
            KeyBinding(.down, .copyDialog, .moveDown, "next value", inStatusBar: true),
            KeyBinding(.character("y"), .copyDialog, .copy, "copy the chosen value (OSC 52)", inStatusBar: true),
            KeyBinding(.enter, .copyDialog, .copy, "copy the chosen value (OSC 52)"),
            KeyBinding(.escape, .copyDialog, .cancel, "close", inStatusBar: true),

            KeyBinding(.up, .outputChooser, .moveUp, "previous choice", inStatusBar: true),
            KeyBinding(.down, .outputChooser, .moveDown, "next choice", inStatusBar: true),
            KeyBinding(
                .enter, .outputChooser, .confirm, "choose, then name the file", inStatusBar: true, short: "choose"),
            KeyBinding(.escape, .outputChooser, .cancel, "cancel", inStatusBar: true),

            KeyBinding(
                .enter, .outputPath, .confirm, "write the file (asks before overwriting)", inStatusBar: true,
                short: "write"),
            KeyBinding(.escape, .outputPath, .cancel, "back to the choices", inStatusBar: true, short: "back"),

            KeyBinding(.character("y"), .overwriteConfirm, .confirm, "yes, overwrite the file", inStatusBar: true),
            KeyBinding(
                .character("n"), .overwriteConfirm, .cancel, "no, choose another name", inStatusBar: true, short: "no"),
            KeyBinding(.escape, .overwriteConfirm, .cancel, "no, choose another name"),

            KeyBinding(
                .enter, .searchPrompt, .confirm, "search; then n and N move between matches", inStatusBar: true,
                short: "search"),
            KeyBinding(.escape, .searchPrompt, .cancel, "stop searching", inStatusBar: true),

            KeyBinding(.up, .backupKeyForm, .moveUp, "previous algorithm", inStatusBar: true),
            KeyBinding(.down, .backupKeyForm, .moveDown, "next algorithm", inStatusBar: true),
            KeyBinding(.tab, .backupKeyForm, .focusNext, "algorithm or folder field"),
            KeyBinding(.backTab, .backupKeyForm, .focusPrevious, "algorithm or folder field"),
            KeyBinding(
                .enter, .backupKeyForm, .confirm, "generate the key, write it and pin it", inStatusBar: true,
                short: "generate"),
            KeyBinding(.escape, .backupKeyForm, .cancel, "close the form", inStatusBar: true),

            KeyBinding(
                .character("r"), .reload, .reloadFromDisk, "reload from disk, dropping your edits", inStatusBar: true),
            KeyBinding(
                .character("a"), .reload, .reapplyEdits, "re-apply your edits onto the disk's version",
                inStatusBar: true),
            KeyBinding(
                .character("k"), .reload, .keepEditing, "keep editing (w refuses until you reload)",
                inStatusBar: true),
            KeyBinding(.escape, .reload, .keepEditing, "keep editing (w refuses until you reload)"),

            KeyBinding(
                .character("r"), .recovery, .recoverEdits, "recover the edits as unsaved edits (w writes them)",
                inStatusBar: true),
            KeyBinding(
                .character("d"), .recovery, .discardRecovery, "discard the edits (the recovery file is removed)",
                inStatusBar: true),
            KeyBinding(
                .character("k"), .recovery, .keepRecovery, "keep the recovery file for a later start",
                inStatusBar: true),
            KeyBinding(.escape, .recovery, .keepRecovery, "keep the recovery file for a later start"),
            KeyBinding(.character("q"), .recovery, .keepRecovery, "keep the recovery file for a later start"),

            KeyBinding(.right, .forecast, .nextDomain, "the next domain's forecast", inStatusBar: true),
            KeyBinding(.character("n"), .forecast, .nextDomain, "the next domain's forecast"),
            KeyBinding(.left, .forecast, .previousDomain, "the previous domain's forecast", inStatusBar: true),
            KeyBinding(.character("p"), .forecast, .previousDomain, "the previous domain's forecast"),
            KeyBinding(.escape, .forecast, .close, "close the forecast", inStatusBar: true),
            KeyBinding(.character("F"), .forecast, .close, "close the forecast"),
            KeyBinding(.character("q"), .forecast, .close, "close the forecast"),

            KeyBinding(.right, .transparency, .nextDomain, "the next domain's findings", inStatusBar: true),
            KeyBinding(.character("n"), .transparency, .nextDomain, "the next domain's findings"),
            KeyBinding(.left, .transparency, .previousDomain, "the previous domain's findings", inStatusBar: true),
            KeyBinding(.character("p"), .transparency, .previousDomain, "the previous domain's findings"),
            KeyBinding(.escape, .transparency, .close, "close the findings", inStatusBar: true),
            KeyBinding(.character("T"), .transparency, .close, "close the findings"),
            KeyBinding(.character("q"), .transparency, .close, "close the findings"),

            KeyBinding(.right, .clients, .nextDomain, "the next domain's client verdicts", inStatusBar: true),
            KeyBinding(.character("n"), .clients, .nextDomain, "the next domain's client verdicts"),
            KeyBinding(.left, .clients, .previousDomain, "the previous domain's client verdicts", inStatusBar: true),
            KeyBinding(.character("p"), .clients, .previousDomain, "the previous domain's client verdicts"),
            KeyBinding(.escape, .clients, .close, "close the client verdicts", inStatusBar: true),
            KeyBinding(.character("C"), .clients, .close, "close the client verdicts"),
            KeyBinding(.character("q"), .clients, .close, "close the client verdicts"),

            KeyBinding(
                .enter, .reports, .showReportChain,
                "show the selected report's chain in the Chain and Certificate panes",
                inStatusBar: true),
            KeyBinding(.character("l"), .reports, .liveChain, "show the live chain again", inStatusBar: true),
            KeyBinding(.right, .reports, .nextDomain, "the next domain's reports"),
            KeyBinding(.character("n"), .reports, .nextDomain, "the next domain's reports"),
            KeyBinding(.left, .reports, .previousDomain, "the previous domain's reports"),
            KeyBinding(.character("p"), .reports, .previousDomain, "the previous domain's reports"),
            KeyBinding(.escape, .reports, .close, "close the reports", inStatusBar: true),
            KeyBinding(.character("V"), .reports, .close, "close the reports"),
            KeyBinding(.character("q"), .reports, .close, "close the reports"),
        ] + scrollBindings)

    /// Scrolling in overlays: the same keys as moving in the panes.
    static let scrollBindings: [KeyBinding] = [
        KeyBinding(.up, .scrolling, .moveUp, "scroll up", inStatusBar: true),
        KeyBinding(.character("k"), .scrolling, .moveUp, "scroll up"),
        KeyBinding(.down, .scrolling, .moveDown, "scroll down", inStatusBar: true),
        KeyBinding(.character("j"), .scrolling, .moveDown, "scroll down"),
        KeyBinding(.pageUp, .scrolling, .pageUp, "page up"),
        KeyBinding(.pageDown, .scrolling, .pageDown, "page down"),
        KeyBinding(.character("g"), .scrolling, .moveTop, "to the top"),
        KeyBinding(.home, .scrolling, .moveTop, "to the top"),
        KeyBinding(.character("G"), .scrolling, .moveBottom, "to the bottom"),
        KeyBinding(.end, .scrolling, .moveBottom, "to the bottom"),
    ]
}
