import ArgumentParser
import Foundation
import PinningCore

/// `--served HOST=FILE`: the chains hosts serve today, judged by the validator as `validate` judges them, for the
/// rules that compare pins with what is served (`lint`'s lockout guard, `diff`'s lockout risk).
struct ServedOptions: ParsableArguments {
    @Option(
        name: .customLong("served"),
        help: ArgumentHelp(
            "HOST=FILE: the chain a host serves today, for the rules that compare with it.", valueName: "host=file")
    )
    var served: [String] = []

    /// The chains by normalized host, each with the path `validator` verified for it at `now`.
    func chains(validator: PinValidator, now: Date) async throws -> [String: ServedChain] {
        var chains: [String: ServedChain] = [:]
        for entry in served {
            guard let separator = entry.firstIndex(of: "="), separator != entry.startIndex else {
                throw CLIFailure("--served \(entry): expected HOST=FILE")
            }
            let host = try HostArgument.parse(String(entry[..<separator])).text
            let chain = try ChainFile.read(String(entry[entry.index(after: separator)...]))
            let verdict = await validator.validate(host: host, chain: chain, at: now)
            chains[host] = ServedChain(presented: chain, verdict: verdict)
        }
        return chains
    }
}
