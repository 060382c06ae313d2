extension ClientVerdict {
    /// The lines `--clients` adds to a text report: a heading that counts the clients deciding unlike PinBench,
    /// then one verdict per client; none for no verdicts.
    public static func reportSection(_ verdicts: [ClientVerdict]) -> [String] {
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
public struct WithClients<Base: Encodable, Clients: Encodable>: Encodable {
    public let base: Base
    public let clients: Clients

    public init(base: Base, clients: Clients) {
        self.base = base
        self.clients = clients
    }

    private enum CodingKeys: String, CodingKey { case clients }

    public func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clients, forKey: .clients)
    }
}

/// The client verdicts of one domain `check` judged.
public struct HostClientVerdicts: Encodable {
    public let host: String
    public let clients: [ClientVerdict]

    public init(host: String, clients: [ClientVerdict]) {
        self.host = host
        self.clients = clients
    }
}
