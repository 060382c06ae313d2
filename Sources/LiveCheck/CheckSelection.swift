import PinningCore

/// Which of a manifest's domains `check` connects to: the hosts named, or every domain.
public enum CheckSelection {
    /// The domains named by `hosts`, in their order, or every domain of `manifest` when `hosts` is empty. A host
    /// that is not one (``HostName``) or not in the manifest is refused, and so is a manifest with no domains.
    public static func domains(
        _ hosts: [String], of manifest: PinManifest
    ) throws(CheckSelectionError) -> [DomainPolicy] {
        if hosts.isEmpty {
            guard !manifest.domains.isEmpty else {
                throw CheckSelectionError("the manifest lists no domains; add one with `pinbench pin add HOST ...`")
            }
            return manifest.domains
        }
        var domains: [DomainPolicy] = []
        for argument in hosts {
            let host: String
            do {
                host = try HostName(argument).text
            } catch {
                throw CheckSelectionError(error.description)
            }
            guard let index = manifest.indexOfDomain(host) else {
                let known = manifest.domains.map(\.host).prefix(10).joined(separator: ", ")
                throw CheckSelectionError("\(host) is not a domain of the manifest (it has: \(known))")
            }
            domains.append(manifest.domains[index])
        }
        return domains
    }
}

/// A selection `check` refuses, in words: bad input.
public struct CheckSelectionError: BadInputError, CustomStringConvertible, Sendable {
    public let description: String

    public init(_ description: String) { self.description = description }
}
