extension KeyMap {
    /// The workbench's keys, as DESIGN.md lists them. Edit here: help and status bar follow.
    public static let standard = KeyMap(bindings: [
        KeyBinding(.character("?"), .global, .help, "show or hide this help", inStatusBar: true),
        KeyBinding(.tab, .global, .focusNext, "next pane", inStatusBar: true),
        KeyBinding(.backTab, .global, .focusPrevious, "previous pane"),
        KeyBinding(.character("1"), .global, .focusDomains, "Domains pane"),
        KeyBinding(.character("2"), .global, .focusChain, "Chain pane"),
        KeyBinding(.character("3"), .global, .focusCertificate, "Certificate pane"),
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
        KeyBinding(.control("z"), .global, .undo, "undo the last edit"),
        KeyBinding(.character("t"), .global, .nextTheme, "next theme"),
        KeyBinding(.escape, .global, .cancel, "cancel, close the overlay"),
        KeyBinding(.character("q"), .global, .quit, "quit (asks when unsaved)", inStatusBar: true),

        KeyBinding(.character("/"), .domains, .filter, "filter domains", inStatusBar: true),
        KeyBinding(.enter, .domains, .refresh, "refresh this domain", inStatusBar: true),
        KeyBinding(.character("r"), .domains, .refresh, "refresh this domain", inStatusBar: true),
        KeyBinding(.character("a"), .domains, .addDomain, "add a domain", inStatusBar: true),
        KeyBinding(.character("d"), .domains, .deleteDomain, "delete this domain (confirm)", inStatusBar: true),

        KeyBinding(.character("p"), .chain, .pinKey, "pin this level's public key (SPKI)", inStatusBar: true),
        KeyBinding(.character("P"), .chain, .pinCertificate, "pin this level's whole certificate", inStatusBar: true),
        KeyBinding(.character("b"), .chain, .toggleBackup, "toggle backup role of this level's pin", inStatusBar: true),
        KeyBinding(.character("u"), .chain, .unpin, "unpin this level", inStatusBar: true),
        KeyBinding(.character("r"), .chain, .refresh, "refresh this domain"),

        KeyBinding(
            .character("p"), .certificate, .pinKey, "pin this certificate's public key (SPKI)", inStatusBar: true),
        KeyBinding(.character("P"), .certificate, .pinCertificate, "pin this whole certificate", inStatusBar: true),
        KeyBinding(.character("b"), .certificate, .toggleBackup, "toggle backup role of this pin", inStatusBar: true),
        KeyBinding(.character("u"), .certificate, .unpin, "unpin this certificate", inStatusBar: true),
        KeyBinding(.character("r"), .certificate, .refresh, "refresh this domain"),

        KeyBinding(.character("y"), .dialog, .confirm, "yes: write, delete or quit", inStatusBar: true),
        KeyBinding(.enter, .dialog, .confirm, "yes: write, delete or quit"),
        KeyBinding(.character("n"), .dialog, .cancel, "no, close the dialog", inStatusBar: true),
        KeyBinding(.character("!"), .dialog, .force, "write despite lint errors (risks locking users out)"),
        KeyBinding(.character("w"), .dialog, .write, "write first (when quitting with unsaved changes)"),

        KeyBinding(
            .character("r"), .reload, .reloadFromDisk, "reload from disk, dropping your edits", inStatusBar: true),
        KeyBinding(
            .character("a"), .reload, .reapplyEdits, "re-apply your edits onto the disk's version", inStatusBar: true),
        KeyBinding(
            .character("k"), .reload, .keepEditing, "keep editing (w refuses until you reload)", inStatusBar: true),
        KeyBinding(.escape, .reload, .keepEditing, "keep editing (w refuses until you reload)"),
    ])
}
