import Foundation
import PinningCore

/// The refusal of an edit to a domain the manifest does not have: nothing is created by a typo.
public struct UnknownDomainError: BadInputError, Hashable, Sendable, CustomStringConvertible {
    public let host: String
    public let manifest: String
    /// How many domains the manifest has.
    public let known: Int

    /// Refuses `host` unless `manifest` (the file at `url`) has it.
    public static func check(_ host: String, in manifest: PinManifest, url: URL) throws(UnknownDomainError) {
        guard manifest.indexOfDomain(host) == nil else { return }
        throw UnknownDomainError(host: host, manifest: url.path, known: manifest.domains.count)
    }

    public var description: String {
        "\(host) is not in \(manifest) (it has \(counted(known, "domain"))); nothing changed. "
            + "Check the spelling with `pinbench lint`, or create the domain with "
            + "`pinbench pin add \(host) --chain FILE --level N`."
    }
}
