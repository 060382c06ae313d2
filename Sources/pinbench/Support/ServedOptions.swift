import ArgumentParser
import Foundation
import ManifestLint
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

    /// The chain files read, by normalized host, in the order given (``ServedChainFiles``).
    func entries() throws -> [(host: String, chain: [ChainCertificate])] {
        try ServedChainFiles.read(served, option: "--served")
    }
}
