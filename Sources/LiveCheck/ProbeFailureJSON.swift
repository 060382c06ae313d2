import ChainProbe

/// A probe failure as JSON.
public struct ProbeFailureJSON: Encodable, Sendable {
    public let code: String
    public let phase: String
    public let reason: String
    public let alert: String?

    public init(_ failure: ProbeFailure) {
        code = failure.code.rawValue
        phase = "\(failure.phase)"
        reason = failure.reason
        alert = failure.alert
    }
}
