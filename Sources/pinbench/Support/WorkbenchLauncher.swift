import ArgumentParser
import ChainProbe
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
        let opening = WorkbenchOpening(themeName: themeName)
        for warning in opening.warnings { Output.note(warning) }
        let terminal: Terminal
        do {
            terminal = try Terminal(environment: ProcessInfo.processInfo.environment, mouse: !display.noMouse)
        } catch {
            throw CLIFailure(error.description)
        }
        let (session, initial) = opening.session(
            screen: terminal, document: document, anchors: anchors, fetch: fetch, fetchAtStart: fetchAtStart,
            asciiOnly: display.ascii || !terminal.isUTF8, inputs: inputs, transparency: transparency, watch: watch,
            clients: clients)
        session.reportsDatabase = display.reportsDB.map { URL(fileURLWithPath: $0) }
        ResidentMemory.releaseFreePages()
        session.run(initialEffects: initial)
        if let signal = terminal.terminationSignal { throw ExitCode(128 + signal) }
    }
}
