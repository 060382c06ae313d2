import PinningCore

/// One certificate of a domain's chain as the Chain pane shows it: where it came from and whether it is part of
/// the path that default evaluation verified (pins count only there).
public struct ChainLevel: Hashable, Sendable {
    public var details: CertificateDetails
    /// The server sent it (roots usually are not sent; path building adds them).
    public var sent: Bool
    /// It is in the verified path.
    public var verified: Bool

    public init(details: CertificateDetails, sent: Bool, verified: Bool) {
        self.details = details
        self.sent = sent
        self.verified = verified
    }

    /// `leaf`, `CA` or `root` for a level of a chain.
    public func kind(level: Int) -> String {
        if level == 0 { return "leaf" }
        return details.isSelfIssued ? "root" : "CA"
    }

    /// Where the level came from: `sent`, `built` (added by path building) or `off-path` (sent, not verified).
    public var origin: String {
        switch (sent, verified) {
        case (true, true): return "sent"
        case (false, _): return "built"
        case (true, false): return "off-path"
        }
    }
}
