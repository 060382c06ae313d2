import PinningCore

/// The handshake was refused by the manifest's policy: the verdict says why, in the same words as `pinbench
/// validate`. ``PinningRejectionHandler`` puts this error in the pipeline in place of NIOSSL's generic one.
public struct PinningRejection: Error, Sendable, CustomStringConvertible {
    public let verdict: Verdict

    public init(verdict: Verdict) {
        self.verdict = verdict
    }

    public var description: String { verdict.report }
}
