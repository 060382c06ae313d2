import ArgumentParser
import ClientModels

/// The clients `--clients` names: `all`, or a comma-separated list of ``PinClient`` names.
struct ClientSelection: ExpressibleByArgument, Sendable {
    let clients: [PinClient]

    init?(argument: String) {
        guard let clients = PinClient.selection(argument) else { return nil }
        self.clients = clients
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
}
