import ArgumentParser
import Foundation
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

    @Flag(help: "Do not fetch every domain at start.")
    var noFetch = false

    @OptionGroup var probeSettings: ProbeSettings

    func run() throws {
        let document = try ManifestLoader.open(manifestOptions.url)
        let anchors = try trust.anchors(for: document)
        let fetch: @Sendable (FetchRequest) async -> Result<FetchedChain, FetchFailure>
        if let chainsFolder {
            fetch = OfflineChainFetch.make(folder: URL(fileURLWithPath: chainsFolder))
        } else {
            fetch = LiveChainFetch.make(deadline: probeSettings.deadline, anchors: anchors)
        }
        try WorkbenchLauncher.run(
            document: document,
            anchors: anchors,
            themeName: theme,
            fetch: fetch,
            fetchAtStart: !noFetch,
            display: display,
            inputs: CommandInputs.manifestAndTrust(document, trust: trust)
        )
    }
}
