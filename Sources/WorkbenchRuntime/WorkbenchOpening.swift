import ClientModels
import Foundation
import ManifestEditing
import ManifestFiles
import PinningCore
import Workbench

/// What `pinbench workbench` and `pinbench demo` open, decided apart from the terminal: the theme asked for (with
/// warnings for theme files that could not be read and a name no theme has), then a session on a screen, its first
/// state and the fetches it starts with.
public struct WorkbenchOpening {
    public let catalog: ThemeCatalog
    public let themeName: String
    /// One line each for the user, in order: the theme files' problems, then the theme asked for.
    public let warnings: [String]

    public init(themeName: String?, catalog: ThemeCatalog = .load()) {
        self.catalog = catalog
        let (chosen, warning) = catalog.select(themeName)
        self.themeName = chosen.name
        warnings =
            catalog.problems.map { "warning: theme file: \($0)" } + [warning].compactMap { $0 }.map { "warning: \($0)" }
    }

    /// A session on `screen` over `document`: validating and forecasting with `anchors`, fetching with `fetch` (every
    /// domain at the start when `fetchAtStart`), watching CT when `watch` is set, linting for `clients`.
    public func session(
        screen: any WorkbenchScreen, document: ManifestDocument, anchors: TrustAnchors,
        fetch: @escaping @Sendable (FetchRequest) async -> Result<FetchedChain, FetchFailure>, fetchAtStart: Bool,
        asciiOnly: Bool, inputs: [InputFile], transparency: CTRequirement?, watch: WatchSettings?, clients: [PinClient]
    ) -> (session: WorkbenchSession, initialEffects: [Effect]) {
        let services = WorkbenchServices(
            fetch: fetch, validate: WorkbenchServices.validation(trustAnchors: anchors, transparency: transparency),
            forecast: WorkbenchServices.forecasting(trustAnchors: anchors))
        var state = WorkbenchState(
            document: document,
            lintEnvironment: ManifestLoader.lintFacts(for: document, clients: clients),
            size: screen.size,
            now: Date(),
            themeName: themeName,
            themeNames: catalog.themes.map(\.name)
        )
        .drawing(asciiOnly: asciiOnly).watching(logs: watch?.logs.map(\.name) ?? [])
        let initial = fetchAtStart ? state.fetchAll() : []
        let session = WorkbenchSession(
            screen: screen, catalog: catalog, state: state, services: services, inputs: inputs,
            watch: watch.map { $0.schedule(manifest: document.url) })
        return (session, initial)
    }
}
