import Foundation

extension PinClient {
    /// The clients `--clients` names in `text` (`all`, or a comma-separated list of names), in catalog order, each
    /// once; nil when a name is no client's.
    public static func selection(_ text: String) -> [PinClient]? {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        if names == ["all"] { return allCases }
        var chosen: Set<PinClient> = []
        for name in names {
            guard let client = PinClient(rawValue: name) else { return nil }
            chosen.insert(client)
        }
        return allCases.filter(chosen.contains)
    }
}
