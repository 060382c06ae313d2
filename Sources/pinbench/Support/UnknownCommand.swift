import ArgumentParser

/// A first word that names no command. The default command (the workbench) takes no positional arguments, so
/// without this check `pinbench chek` would read "Unexpected argument 'chek'" and show the workbench's usage.
enum UnknownCommand {
    /// The message for `arguments` (without the program name) when its first word is not a command, else nil:
    /// the problem, then a line listing the commands.
    static func message(for arguments: [String], root: ParsableCommand.Type) -> (problem: String, help: String)? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        let names = root.configuration.subcommands.map { $0._commandName } + ["help"]
        guard !names.contains(word) else { return nil }
        var message = "'\(word)' is not a pinbench command."
        if let nearest = nearest(to: word, in: names) { message += " Did you mean '\(nearest)'?" }
        let listed = names.filter { $0 != "help" }.joined(separator: ", ")
        return (message, "Commands: \(listed). See 'pinbench --help'.")
    }

    /// The closest name within two edits, so a typo gets a suggestion and an unrelated word does not.
    static func nearest(to word: String, in names: [String]) -> String? {
        let scored = names.map { ($0, distance(Array(word), Array($0))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// Levenshtein distance; both words are short command names, and the input is cut to 64 characters.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        let a = Array(a.prefix(64))
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var current = [i + 1]
            for (j, right) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
