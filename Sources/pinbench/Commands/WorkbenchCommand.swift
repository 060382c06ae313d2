import ArgumentParser
import Foundation
import PinningCore
import TerminalBackend
import Workbench

/// `pinbench workbench` (also plain `pinbench`): the terminal UI on a manifest.
///
/// Runs synchronously on the main thread: the ncurses loop must own it (PITFALLS: resize arrives late otherwise).
struct WorkbenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbench",
        abstract: "Open the terminal workbench on a manifest (the default command).",
        discussion: """
            Keys: ? shows them all. Themes: --theme NAME (default, light, high-contrast, mono, or your own in \
            $XDG_CONFIG_HOME/pinbench/themes). NO_COLOR is honoured.
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

    @Flag(help: "Do not fetch every domain at start.")
    var noFetch = false

    func run() throws {
        let document = try ManifestStore.loadOrCreate(manifestOptions.url)
        let anchors = try trust.anchors(for: document)
        let catalog = ThemeCatalog.load()
        for problem in catalog.problems { Output.note("warning: theme file: \(problem)") }
        let (chosen, warning) = catalog.select(theme)
        if let warning { Output.note("warning: \(warning)") }

        let fetch: @Sendable (FetchRequest) async -> Result<FetchedChain, FetchFailure>
        if let chainsFolder {
            let folder = URL(fileURLWithPath: chainsFolder)
            fetch = { request in
                let url = folder.appendingPathComponent(request.host + ".pem")
                do {
                    let chain = try CertificateChainDecoder.decode(contentsOf: url)
                    return .success(FetchedChain(certificates: chain, fetchedAt: Date()))
                } catch {
                    return .failure(FetchFailure("no chain file \(url.lastPathComponent): \(error)"))
                }
            }
        } else {
            fetch = { _ in .failure(FetchFailure("live fetching is not wired into this build yet; use --chains")) }
        }
        let services = WorkbenchServices(fetch: fetch, validate: WorkbenchServices.validation(trustAnchors: anchors))

        let terminal: Terminal
        do {
            terminal = try Terminal(environment: ProcessInfo.processInfo.environment)
        } catch {
            throw CLIFailure(error.description)
        }
        var state = WorkbenchState(
            document: document, size: terminal.size, now: Date(), themeName: chosen.name,
            themeNames: catalog.themes.map(\.name))
        let initial = noFetch ? [] : state.fetchAll()
        let session = WorkbenchSession(terminal: terminal, catalog: catalog, state: state, services: services)
        session.run(initialEffects: initial)
        if let signal = terminal.terminationSignal { throw ExitCode(128 + signal) }
    }
}
