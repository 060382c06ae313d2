/// A client PinBench exports pins to and judges chains as: its name on the command line and in JSON, and the name
/// people know it by. Each is declared in its client's file (`Clients/`), beside its ``ClientModel``; the catalog
/// (``ClientModel/all``) orders them.
public struct PinClient: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The name `--clients` and JSON use: `curl`, `okhttp3`, ...
    public let rawValue: String
    /// The name people know the client by.
    public let displayName: String

    init(_ rawValue: String, displayName: String) {
        self.rawValue = rawValue
        self.displayName = displayName
    }

    /// The catalog's client of this name; nil for a name no client has.
    public init?(rawValue: String) {
        guard let known = ClientModel.all.first(where: { $0.client.rawValue == rawValue }) else { return nil }
        self = known.client
    }

    /// Every client, in catalog order.
    public static var allCases: [PinClient] { ClientModel.all.map(\.client) }

    public var description: String { rawValue }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.rawValue == rhs.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let client = PinClient(rawValue: name) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "no client is named \(name)"))
        }
        self = client
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
