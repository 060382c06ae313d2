import Foundation
import ManifestEditing
import ManifestLint
import PinningCore

/// What the update reads of the state, by the names the state gives it (the update's code is written as it was on
/// the state itself).
extension WorkbenchUpdate {
    var manifest: PinManifest { state.manifest }
    var keyMap: KeyMap { state.keyMap }
    var selectedDomainPolicy: DomainPolicy? { state.selectedDomainPolicy }
    var selectedLive: DomainLive? { state.selectedLive }
    var selectedChainLevel: ChainLevel? { state.selectedChainLevel }
    var layout: Layout { state.layout }
    var activeKeyContexts: [KeyContext] { state.activeKeyContexts }
    var servedChains: [String: ServedChain] { state.servedChains }
    var pageSize: Int { state.pageSize }
    var certificateLines: [String] { state.certificateLines }
    var currentForecastKey: ForecastKey? { state.currentForecastKey }

    func revalidate(_ host: String) -> [Effect] { state.revalidate(host) }
    func manifestDiff() -> [ManifestDiffLine] { state.manifestDiff() }
    func levelPin(_ level: ChainLevel, in domain: DomainPolicy) -> Pin? { state.levelPin(level, in: domain) }
    func pinsAt(_ level: ChainLevel, in domain: DomainPolicy) -> [Pin] { state.pinsAt(level, in: domain) }
}
