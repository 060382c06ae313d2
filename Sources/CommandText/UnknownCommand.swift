import Foundation
import PinningCore

/// A first word that names no command. The default command (the workbench) takes no positional arguments, so
/// without this check `pinbench chek` would read "Unexpected argument 'chek'" and show the workbench's usage.
public enum UnknownCommand {
    /// The message for `arguments` (without the program name) when its first word is none of `commands` (the root's
    /// subcommands), else nil: the problem, then a line listing the commands.
    public static func message(for arguments: [String], commands: [String]) -> (problem: String, help: String)? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        let names = commands + ["help"]
        guard !names.contains(word) else { return nil }
        var message = "'\(word)' is not a pinbench command."
        if let nearest = NameSuggestion.nearest(to: word, in: names) { message += " Did you mean '\(nearest)'?" }
        let listed = names.filter { $0 != "help" }.joined(separator: ", ")
        return (message, "Commands: \(listed). See 'pinbench --help'.")
    }
}

/// An option that neither pinbench nor its default command (the workbench) has. Without this check, `pinbench
/// --versoin` reads "Unknown option" followed by the workbench's whole usage, and suggests nothing.
public enum UnknownOption {
    /// The message for `arguments` (without the program name) when no command is named and one of its options is
    /// unknown, else nil: the problem with the closest known option, then a line listing them.
    public static func message(for arguments: [String], options: TopLevelOptions) -> (problem: String, help: String)? {
        guard let first = arguments.first, first.hasPrefix("-") else { return nil }
        var takesValue = false
        for word in arguments.prefix(64) {
            if word == "--" { return nil }
            if takesValue {
                takesValue = false
                continue
            }
            guard word.hasPrefix("-"), word != "-" else { continue }
            let name = String(word.prefix { $0 != "=" })
            if let known = options.byName[name] {
                takesValue = known && !word.contains("=")
                continue
            }
            // A cluster of short flags (-xy) is the parser's to read when each letter is a known short name.
            if !name.hasPrefix("--"), name.count > 2, name.dropFirst().allSatisfy({ options.byName["-\($0)"] != nil }) {
                continue
            }
            var message = "'\(TerminalSafeText.sanitize(String(name.prefix(64))))' is not a pinbench option."
            if let nearest = NameSuggestion.nearest(to: name, in: options.listed) {
                message += " Did you mean '\(nearest)'?"
            }
            return (message, "Options: \(options.listed.joined(separator: ", ")). See 'pinbench --help'.")
        }
        return nil
    }
}

/// The options `pinbench` accepts before any command: its own (`--help`, `--version`) and its default command's,
/// read from the argument parser's own description of the commands (its JSON dump), so the list never drifts from
/// them.
public struct TopLevelOptions: Sendable {
    /// Each name (`--manifest`, `-m`) and whether it takes a value.
    public let byName: [String: Bool]
    /// The names to show in a message: the commands' own, without the parser's hidden ones.
    public let listed: [String]

    /// `dump` is the root command's `_dumpHelp()`; a dump that cannot be read gives only the parser's own options.
    public init(dump: String) {
        let tool = try? JSONDecoder().decode(Tool.self, from: Data(dump.utf8))
        let command = tool?.command
        let fallback = command?.subcommands?.first { $0.commandName == command?.defaultSubcommand }
        var names: [String: Bool] = [:]
        for argument in (command?.arguments ?? []) + (fallback?.arguments ?? []) where argument.kind != "positional" {
            for name in argument.names ?? [] {
                names[(name.kind == "long" ? "--" : "-") + name.name] = argument.kind == "option"
            }
        }
        listed = names.keys.sorted()
        // The parser's own options, which its dump leaves out.
        byName = names.merging(
            ["--generate-completion-script": true, "--experimental-dump-help": false, "--help-hidden": false]
        ) { own, _ in own }
    }

    private struct Tool: Decodable {
        let command: Command
    }

    private struct Command: Decodable {
        let commandName: String
        let defaultSubcommand: String?
        let subcommands: [Command]?
        let arguments: [Argument]?
    }

    private struct Argument: Decodable {
        let kind: String
        let names: [Name]?
    }

    private struct Name: Decodable {
        let kind: String
        let name: String
    }
}
