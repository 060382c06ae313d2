import ArgumentParser
import ClientModels
import Foundation
import PinningCore

/// The clients `--clients` names: `all`, or a comma-separated list of ``PinClient`` names.
struct ClientSelection: ExpressibleByArgument, Sendable {
    let clients: [PinClient]

    init?(argument: String) {
        guard let clients = try? Self.parse(argument) else { return nil }
        self.clients = clients
    }

    /// The clients of `text` in ``PinClient`` order, each once; a name no client has is an error naming it.
    static func parse(_ text: String) throws -> [PinClient] {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        if names == ["all"] { return PinClient.allCases }
        var chosen: Set<PinClient> = []
        for name in names {
            guard let client = PinClient(rawValue: name) else { throw CLIFailure("unknown client \(name)") }
            chosen.insert(client)
        }
        return PinClient.allCases.filter(chosen.contains)
    }

    /// Every value `--clients` takes, which the help lists once as "(values: ...)".
    static var allValueStrings: [String] { ["all"] + PinClient.allCases.map(\.rawValue) }

    /// The `--clients` help shared by the commands that take it.
    static let help = ArgumentHelp(
        "Also judge the chain as these clients would: all, or a list such as curl,okhttp,ats.",
        valueName: "all|client,...")

    /// The `--clients` help of the commands that lint: the clients the manifest is exported to.
    static let lintHelp = ArgumentHelp(
        "The clients the manifest is exported to: all, or a list such as urlsession,okhttp,curl. Warns of pins some "
            + "of them can never match.",
        valueName: "all|client,...")

    /// The lines `--clients` adds to a text report: a heading, then one verdict per client.
    static func reportLines(_ verdicts: [ClientVerdict]) -> [String] {
        guard !verdicts.isEmpty else { return [] }
        let disagreeing = verdicts.filter { $0.difference != nil }.count
        let heading =
            disagreeing == 0
            ? "Clients (each as its export configures it; all agree with PinBench):"
            : "Clients (each as its export configures it; \(disagreeing) differ from PinBench):"
        return [heading] + verdicts.flatMap { $0.reportLines.map { "  " + $0 } }
    }
}

/// A command's JSON object with one more key, `clients`, holding the client verdicts: the object's own keys
/// unchanged.
struct WithClients<Base: Encodable, Clients: Encodable>: Encodable {
    let base: Base
    let clients: Clients

    private enum CodingKeys: String, CodingKey { case clients }

    func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clients, forKey: .clients)
    }
}

/// The client verdicts of one domain `check` judged.
struct HostClientVerdicts: Encodable {
    let host: String
    let clients: [ClientVerdict]
}
