/// The one key table: it drives key dispatch, the help overlay and the status bar hints, so they cannot disagree.
public struct KeyMap: Hashable, Sendable {
    public var bindings: [KeyBinding]

    public init(bindings: [KeyBinding]) {
        self.bindings = bindings
    }

    /// The command for `key` with `pane` focused: a binding of the pane's context wins over a global one.
    public func command(for key: Key, focus pane: PaneID) -> Command? {
        command(for: key, in: [KeyContext(pane: pane), .global])
    }

    /// The command for `key` in the first of `contexts` that binds it.
    public func command(for key: Key, in contexts: [KeyContext]) -> Command? {
        for context in contexts {
            if let binding = bindings.first(where: { $0.key == key && $0.context == context }) {
                return binding.command
            }
        }
        return nil
    }

    /// The help overlay's sections: one per context, one line per command with all of its keys, in table order.
    public func helpSections() -> [HelpSection] {
        KeyContext.allCases.compactMap { context in
            var entries: [HelpEntry] = []
            for binding in bindings where binding.context == context {
                if let i = entries.firstIndex(where: { $0.command == binding.command }) {
                    entries[i].keys.append(binding.key)
                } else {
                    entries.append(
                        HelpEntry(keys: [binding.key], command: binding.command, description: binding.description))
                }
            }
            return entries.isEmpty ? nil : HelpSection(context: context, entries: entries)
        }
    }

    /// The short key hints for the status bar with `pane` focused: its context's marked bindings, then the global
    /// ones, one hint per command.
    public func statusHints(focus pane: PaneID) -> [HelpEntry] {
        statusHints(in: [KeyContext(pane: pane), .global])
    }

    /// The status bar hints for `contexts`, in that order.
    public func statusHints(in contexts: [KeyContext]) -> [HelpEntry] {
        var hints: [HelpEntry] = []
        for scope in contexts {
            for binding in bindings where binding.context == scope && binding.inStatusBar {
                if let i = hints.firstIndex(where: { $0.command == binding.command }) {
                    hints[i].keys.append(binding.key)
                } else {
                    hints.append(
                        HelpEntry(
                            keys: [binding.key], command: binding.command, description: binding.description,
                            short: binding.short))
                }
            }
        }
        return hints
    }
}

/// A command and the keys that trigger it, as the help and the status bar show it.
public struct HelpEntry: Hashable, Sendable {
    public var keys: [Key]
    public var command: Command
    public var description: String
    /// The status bar's word for it, when the binding gives one.
    public var short: String? = nil

    /// The keys joined for display, e.g. `↑ k`.
    public var keyLabel: String { keys.map(\.description).joined(separator: " ") }
}

/// The help overlay's section for one context.
public struct HelpSection: Hashable, Sendable {
    public var context: KeyContext
    public var entries: [HelpEntry]
}
