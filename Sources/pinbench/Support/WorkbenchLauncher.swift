import ArgumentParser
import CTWatch
import ClientModels
import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore
import TerminalBackend
import Workbench
import WorkbenchRuntime

/// Opens the terminal workbench on a manifest document: theme selection, services, terminal, main-thread loop.
/// Shared by `pinbench workbench` and `pinbench demo`.
enum WorkbenchLauncher {
    static func run(
        document: ManifestDocument,
        anchors: TrustAnchors,
        themeName: String?,
        fetch: @escaping @Sendable (FetchRequest) async -> Result<FetchedChain, FetchFailure>,
        fetchAtStart: Bool,
        display: DisplayOptions,
        inputs: [InputFile],
        transparency: CTRequirement? = nil,
        watch: WatchSettings? = nil,
        clients: [PinClient] = []
    ) throws {
        let catalog = ThemeCatalog.load()
        for problem in catalog.problems { Output.note("warning: theme file: \(problem)") }
        let (chosen, warning) = catalog.select(themeName)
        if let warning { Output.note("warning: \(warning)") }
        let services = WorkbenchServices(
            fetch: fetch, validate: WorkbenchServices.validation(trustAnchors: anchors, transparency: transparency),
            forecast: WorkbenchServices.forecasting(trustAnchors: anchors))
        let terminal: Terminal
        do {
            terminal = try Terminal(environment: ProcessInfo.processInfo.environment, mouse: !display.noMouse)
        } catch {
            throw CLIFailure(error.description)
        }
        var state = WorkbenchState(
            document: document,
            lintEnvironment: ManifestLoader.lintFacts(for: document, clients: clients),
            size: terminal.size,
            now: Date(),
            themeName: chosen.name,
            themeNames: catalog.themes.map(\.name)
        )
        .drawing(asciiOnly: display.ascii || !terminal.isUTF8).watching(logs: watch?.logs.map(\.name) ?? [])
        ResidentMemory.releaseFreePages()
        let initial = fetchAtStart ? state.fetchAll() : []
        let session = WorkbenchSession(
            screen: terminal, catalog: catalog, state: state, services: services, inputs: inputs,
            watch: watch.map { $0.schedule(manifest: document.url) })
        session.run(initialEffects: initial)
        if let signal = terminal.terminationSignal { throw ExitCode(128 + signal) }
    }
}
