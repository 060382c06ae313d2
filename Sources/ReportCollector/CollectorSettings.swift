import FieldReports

/// The endpoint's bounds: what one sender may cost the collector.
public struct CollectorSettings: Hashable, Sendable {
    public var listen: ListenAddress
    /// Bodies (and every part of a report) read with these bounds.
    public var limits: FieldReportLimits
    /// The whole request (headers and body) must arrive within this many seconds, or it is answered 408 and the
    /// connection closed: a slow sender holds no connection longer.
    public var requestDeadline: Double
    /// Header bytes (names and values) one request may carry.
    public var maxHeaderBytes: Int
    /// Connections open at once; more are closed on arrival.
    public var maxConnections: Int
    /// Requests each source address may make per second, with `rateBurst` at once; nil for no limit.
    public var ratePerSecond: Double?
    public var rateBurst: Double
    /// Loopback sources (a load balancer or a test on this machine) are not rate-limited.
    public var exemptLoopback: Bool
    /// Proxies whose `X-Forwarded-For` names the client (``ClientAddress``); from any other peer it is ignored.
    public var trustedProxies: Set<String> = []

    public init(
        listen: ListenAddress, limits: FieldReportLimits = FieldReportLimits(), requestDeadline: Double = 10,
        maxHeaderBytes: Int = 16 << 10, maxConnections: Int = 1_024, ratePerSecond: Double? = 20,
        rateBurst: Double = 40, exemptLoopback: Bool = true
    ) {
        self.listen = listen
        self.limits = limits
        self.requestDeadline = requestDeadline
        self.maxHeaderBytes = maxHeaderBytes
        self.maxConnections = maxConnections
        self.ratePerSecond = ratePerSecond
        self.rateBurst = rateBurst
        self.exemptLoopback = exemptLoopback
    }
}
