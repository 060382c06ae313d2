import ClientModels
import PinningCore

/// What the Clients view (`C`) shows for the selected domain: every client's verdict on its live chain, judged by
/// ClientModels' ``ClientJudge`` from PinBench's own verdict and the manifest as edited (unsaved pins count at once),
/// or why there is nothing to judge yet. Made from the state alone, on every frame the view is drawn.
enum ClientsBoard: Sendable {
    /// Why no client can be judged.
    enum Waiting: Sendable {
        case noDomain
        case notFetched(host: String)
        case fetching(host: String)
        case fetchFailed(host: String, FetchFailure)
        /// A chain arrived; PinBench's verdict on it has not.
        case judging(host: String)
        /// The verdict held was not made by the validator (it has no chain to judge from).
        case noValidatorVerdict(host: String)
    }

    /// The clients' verdicts on one chain, beside PinBench's.
    struct Judged: Sendable {
        let host: String
        let pinBench: VerdictSummary
        /// Whether PinBench lets the connection proceed: what each client's own decision is compared with.
        let pinBenchAllowsConnection: Bool
        /// In ``PinClient`` order.
        let clients: [ClientVerdict]
        /// The verified path, leaf first: what a matched level names.
        let path: [ChainLevel]
        /// PinBench's verdict was made under another version of the domain's policy: a new one is on its way.
        let recomputing: Bool
        /// A newer fetch of the chain is running.
        let refreshing: Bool
        /// The domain lists no pin.
        let unpinned: Bool

        /// The clients that decide otherwise than PinBench.
        var differing: [ClientVerdict] { clients.filter { $0.difference != nil } }

        /// Whether `client` lets through a connection PinBench blocks, or blocks one it lets through.
        func differsOnConnection(_ client: ClientVerdict) -> Bool {
            client.allowsConnection != pinBenchAllowsConnection
        }
    }

    case waiting(Waiting)
    case judged(Judged)

    /// The board for `state`'s selected domain, every client of ``PinClient`` judged at the state's clock.
    static func of(_ state: WorkbenchState) -> ClientsBoard {
        guard let domain = state.selectedDomainPolicy else { return .waiting(.noDomain) }
        let host = domain.normalizedHost
        let live = state.results.live[host] ?? DomainLive()
        guard live.chain != nil else {
            switch live.fetch {
            case .failed(let failure): return .waiting(.fetchFailed(host: host, failure))
            case .fetching: return .waiting(.fetching(host: host))
            case .idle, .fetched: return .waiting(.notFetched(host: host))
            }
        }
        guard let summary = live.verdict else { return .waiting(.judging(host: host)) }
        guard let validated = summary.validated else { return .waiting(.noValidatorVerdict(host: host)) }
        let verdict = validated.verdict
        let clients = ClientJudge.judgeAll(
            PinClient.allCases, host: domain.host, manifest: state.manifest, verdict: verdict,
            stacks: validated.clientTrust, at: state.chrome.now)
        return .judged(
            Judged(
                host: host, pinBench: summary, pinBenchAllowsConnection: verdict.allowsConnection, clients: clients,
                path: summary.levels.filter(\.verified),
                recomputing: verdict.policy != state.manifest.policy(for: host),
                refreshing: live.fetch == .fetching, unpinned: domain.pins.isEmpty))
    }
}
