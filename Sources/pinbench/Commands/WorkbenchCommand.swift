import ArgumentParser
import Foundation
import ManifestFiles
import PinningCore
import Workbench
import WorkbenchRuntime

/// `pinbench workbench` (also plain `pinbench`): the terminal UI on a manifest.
///
/// Runs synchronously on the main thread: the ncurses loop must own it (ARCHITECTURE.md, TerminalBackend: resize
/// arrives late otherwise).
struct WorkbenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbench",
        abstract: "Open the terminal workbench on a manifest (the default command).",
        discussion: """
            Keys: ? shows them all. Themes: --theme NAME (default, light, high-contrast, mono, or your own in \
            $XDG_CONFIG_HOME/pinbench/themes). NO_COLOR is honoured. Ctrl-Z suspends to the shell (fg comes \
            back); L shows every message of the session. Under a locale that is not UTF-8, or with --ascii, every \
            glyph is drawn as ASCII. The mouse selects panes and rows and the wheel scrolls; --no-mouse leaves the \
            mouse to the terminal for selecting text.

            With --ct-log-list FILE the workbench watches those CT logs itself (a round every --ct-interval \
            seconds, as `pinbench watch` does, sharing its ct-watch.json); T shows the selected domain's findings, \
            its own or those of a `pinbench watch` run elsewhere.

            Example: pinbench workbench --manifest pins.json --ascii --no-mouse
            """
    )

    @OptionGroup var manifestOptions: ManifestOptions
    @OptionGroup var trust: TrustOptions

    @Option(help: "Colour theme.")
    var theme: String?

    @Option(
        name: .customLong("chains"),
        help: ArgumentHelp(
            "Serve chains from HOST.pem files in this folder instead of the network (offline, for tests and demos).",
            valueName: "folder"))
    var chainsFolder: String?

    @OptionGroup var display: DisplayOptions

    @Option(help: ClientSelection.lintHelp)
    var clients: ClientSelection?

    @Flag(help: "Do not fetch every domain at start.")
    var noFetch = false

    @OptionGroup var probeSettings: ProbeSettings

    @Option(
        name: .customLong("ct-log-list"),
        help: ArgumentHelp(
            "Watch these CT logs in the background (the public list's v3 JSON), as `pinbench watch` does.",
            valueName: "file"))
    var ctLogList: String?

    @Option(
        name: .customLong("ct-interval"), parsing: .unconditional,
        help: ArgumentHelp("Seconds between CT watch rounds (with --ct-log-list): 1 to 604800.", valueName: "seconds"))
    var ctInterval: Double = 300

    @Flag(
        name: .customLong("ct-from-now"),
        help: "With --ct-log-list: on a log met for the first time, start at its latest tree head.")
    var ctFromNow = false

    func validate() throws {
        try OptionRange.check(ctInterval, 1...604_800, option: "--ct-interval", unit: "seconds")
    }

    func run() throws {
        let document = try ManifestLoader.open(manifestOptions.url)
        let anchors = try trust.anchors(for: document)
        let fetch = WorkbenchFetch.make(chainsFolder: chainsFolder, deadline: probeSettings.deadline, anchors: anchors)
        let watch = try ctLogList.map {
            try WatchSettings.network(
                listPath: $0, manifest: manifestOptions.url, intervalSeconds: ctInterval, fromNow: ctFromNow)
        }
        try WorkbenchLauncher.run(
            document: document,
            anchors: anchors,
            themeName: theme,
            fetch: fetch,
            fetchAtStart: !noFetch,
            display: display,
            inputs: CommandInputs.manifestAndTrust(document, trust: trust),
            watch: watch,
            clients: clients?.clients ?? []
        )
    }
}
