import Testing

@testable import CommandText

@Suite("Did you mean: the nearest name")
struct NameSuggestionTests {
    @Test(
        "a typo within two edits gets the closest name",
        arguments: [("chek", "check"), ("okhtp", "okhttp"), ("inpsect", "inspect"), ("--versoin", "--version")])
    func typo(_ word: String, _ expected: String) {
        let names = ["check", "inspect", "okhttp", "--version", "--manifest"]
        #expect(NameSuggestion.nearest(to: word, in: names) == expected)
    }

    @Test("an unrelated word, or no names at all, gets no suggestion")
    func unrelated() {
        #expect(NameSuggestion.nearest(to: "zzzzzz", in: ["check", "lint"]) == nil)
        #expect(NameSuggestion.nearest(to: "check", in: []) == nil)
    }

    @Test("a huge word is cut before it is measured, so it costs no more than a short one")
    func huge() {
        let word = String(repeating: "x", count: 1_000_000)
        #expect(NameSuggestion.nearest(to: word, in: ["check"]) == nil)
        #expect(NameSuggestion.distance(Array(word), Array("x")) == 63)
    }

    @Test("an unknown command names the nearest one and lists them; a known one or an option is no matter of it")
    func unknownCommand() throws {
        let commands = ["workbench", "check", "lint"]
        let message = try #require(UnknownCommand.message(for: ["chek", "x"], commands: commands))
        #expect(message.problem == "'chek' is not a pinbench command. Did you mean 'check'?")
        #expect(message.help == "Commands: workbench, check, lint. See 'pinbench --help'.")
        #expect(UnknownCommand.message(for: ["check"], commands: commands) == nil)
        #expect(UnknownCommand.message(for: ["help"], commands: commands) == nil)
        #expect(UnknownCommand.message(for: ["--manifest", "x"], commands: commands) == nil)
        #expect(UnknownCommand.message(for: [], commands: commands) == nil)
        let unrelated = try #require(UnknownCommand.message(for: ["qqqqqq"], commands: commands))
        #expect(!unrelated.problem.contains("Did you mean"))
    }

    @Test("an unknown option before any command is read against the parser's own description of its options")
    func unknownOption() throws {
        let dump = """
            {"command": {"commandName": "pinbench", "defaultSubcommand": "workbench",
              "arguments": [{"kind": "flag", "names": [{"kind": "long", "name": "version"}]}],
              "subcommands": [{"commandName": "workbench", "arguments": [
                {"kind": "option", "names": [{"kind": "long", "name": "manifest"}, {"kind": "short", "name": "m"}]},
                {"kind": "flag", "names": [{"kind": "long", "name": "ascii"}, {"kind": "short", "name": "a"}]},
                {"kind": "positional"}]}]}}
            """
        let options = TopLevelOptions(dump: dump)
        #expect(options.listed == ["--ascii", "--manifest", "--version", "-a", "-m"])
        #expect(options.byName["--manifest"] == true)
        #expect(options.byName["--ascii"] == false)
        let message = try #require(UnknownOption.message(for: ["--versoin"], options: options))
        #expect(message.problem == "'--versoin' is not a pinbench option. Did you mean '--version'?")
        // A known option's value is skipped, a cluster of known short flags is the parser's, `--` ends options.
        #expect(UnknownOption.message(for: ["-m", "--bogus-looking-file"], options: options) == nil)
        #expect(UnknownOption.message(for: ["-am", "x"], options: options) == nil)
        #expect(UnknownOption.message(for: ["--", "--nope"], options: options) == nil)
        #expect(UnknownOption.message(for: ["check", "--nope"], options: options) == nil)
        // A name with control characters is shown escaped, and cut.
        let hostile = try #require(UnknownOption.message(for: ["--x\u{1B}[2J"], options: options))
        #expect(!hostile.problem.contains("\u{1B}"))
    }

    @Test("a description that cannot be read still knows the parser's own options")
    func unreadableDump() {
        let options = TopLevelOptions(dump: "not json")
        #expect(options.listed.isEmpty)
        #expect(options.byName["--generate-completion-script"] == true)
    }
}
