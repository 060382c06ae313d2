/// Bounds on building a path from a leaf to a trust anchor, so a hostile chain cannot make a verdict take minutes.
///
/// A server may send many CA certificates that share names and cross-sign each other; searching every path through
/// them is exponential. Like Go's crypto/x509 (100 signature checks per verification), each verification stops
/// after `maxSignatureChecks`, and every verification stops at `deadline` (a probe's deadline covers judging too).
/// A verdict reached without a path then says path building was cut short.
public struct PathBuildingLimits: Hashable, Sendable {
    /// Candidate issuers whose signature a single verification may check.
    public var maxSignatureChecks: Int
    /// When set, path building stops at this instant.
    public var deadline: ContinuousClock.Instant?

    public init(maxSignatureChecks: Int = 100, deadline: ContinuousClock.Instant? = nil) {
        self.maxSignatureChecks = maxSignatureChecks
        self.deadline = deadline
    }
}

/// Why path building stopped before it had searched every candidate path.
public enum PathBuildingCutoff: Hashable, Sendable {
    /// The cap on signature checks in one verification was reached.
    case signatureChecks(Int)
    /// The deadline passed.
    case deadline

    /// "after 100 signature checks" / "at the deadline".
    public var description: String {
        switch self {
        case .signatureChecks(let count): return "after \(count) signature checks"
        case .deadline: return "at the deadline"
        }
    }
}
