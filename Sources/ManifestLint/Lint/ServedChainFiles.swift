import Foundation
import PinningCore

/// `--served HOST=FILE` and `--planned HOST=FILE`: the chain each host serves (or will), read from its file, for
/// the rules that compare pins with what is served (lint's lockout guard, diff's lockout risk, the forecast).
public enum ServedChainFiles {
    /// The chain files of `values` (each HOST=FILE, given to `option`), by normalized host, in the order given. A
    /// host given twice is refused: which of its chains is served would be a guess.
    public static func read(_ values: [String], option: String) throws -> [(host: String, chain: [ChainCertificate])] {
        var entries: [(host: String, chain: [ChainCertificate])] = []
        var files: [String: String] = [:]
        var decoded: [String: [ChainCertificate]] = [:]
        for entry in values {
            guard let separator = entry.firstIndex(of: "="), separator != entry.startIndex else {
                throw ServedChainFilesError("\(option) \(entry): expected HOST=FILE")
            }
            let host: String
            do {
                host = try HostName(String(entry[..<separator])).text
            } catch {
                throw ServedChainFilesError(error.description)
            }
            let file = String(entry[entry.index(after: separator)...])
            if let first = files[host] {
                throw ServedChainFilesError(
                    "\(option) names \(host) twice (\(first) and \(file)); give the one chain it serves")
            }
            files[host] = file
            // A file named for many hosts (one wildcard chain served by a fleet) is read and decoded once.
            let chain = try decoded[file] ?? CertificateChainDecoder.decode(contentsOf: URL(fileURLWithPath: file))
            decoded[file] = chain
            entries.append((host, chain))
        }
        return entries
    }
}

/// A HOST=FILE value that names no host, or a host twice: bad input, in words.
public struct ServedChainFilesError: BadInputError, Hashable, Sendable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
