/// How to run the lab.
public struct DemoLabOptions: Hashable, Sendable {
    /// The loopback address to listen on: "127.0.0.1" or "::1". The lab never listens anywhere else.
    public var address: String
    /// The parent domain of the scenario names; under the reserved `.test` TLD so it can never be real.
    public var domain: String
    /// How long the `slow` scenario holds the handshake (longer than the probe deadlines it is meant to trip).
    public var slowHold: Duration
    /// How long a connection may sit idle in a read or write before the lab drops it (whole seconds). Tests whose
    /// clients judge chains on a busy cooperative pool give it more room.
    public var ioTimeoutSeconds: Int

    public init(
        address: String = "127.0.0.1", domain: String = "pinbench.test", slowHold: Duration = .seconds(10),
        ioTimeoutSeconds: Int = 5
    ) {
        self.address = address
        self.domain = domain
        self.slowHold = slowHold
        self.ioTimeoutSeconds = max(1, ioTimeoutSeconds)
    }
}
