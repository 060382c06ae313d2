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

    /// The chain files read, by normalized host, in the order given. A host given twice is bad input: which of its
    /// chains is served today would be a guess.
    func entries() throws -> [(host: String, chain: [ChainCertificate])] {
        try Self.entries(served, option: "--served")
    }

    /// The chain files of `values` (each HOST=FILE, given to `option`), by normalized host, in the order given; a
    /// host given twice is refused.
    static func entries(_ values: [String], option: String) throws -> [(host: String, chain: [ChainCertificate])] {
        var entries: [(host: String, chain: [ChainCertificate])] = []
        var files: [String: String] = [:]
        for entry in values {
            guard let separator = entry.firstIndex(of: "="), separator != entry.startIndex else {
                throw CLIFailure("\(option) \(entry): expected HOST=FILE")
            }
            let host = try HostArgument.parse(String(entry[..<separator])).text
            let file = String(entry[entry.index(after: separator)...])
            if let first = files[host] {
                throw CLIFailure(
                    "\(option) names \(host) twice (\(first) and \(file)); give the one chain it serves")
            }
            files[host] = file
            entries.append((host, try ChainFile.read(file)))
        }
        return entries
    }
}
