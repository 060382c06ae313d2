/// RFC 5280's CRLReason, as an OCSP responder gives it for a revoked certificate.
public enum RevocationReason: Hashable, Sendable, CustomStringConvertible {
    case unspecified
    case keyCompromise
    case caCompromise
    case affiliationChanged
    case superseded
    case cessationOfOperation
    case certificateHold
    case removeFromCRL
    case privilegeWithdrawn
    case aaCompromise
    case other(Int)

    init(code: Int) {
        switch code {
        case 0: self = .unspecified
        case 1: self = .keyCompromise
        case 2: self = .caCompromise
        case 3: self = .affiliationChanged
        case 4: self = .superseded
        case 5: self = .cessationOfOperation
        case 6: self = .certificateHold
        case 8: self = .removeFromCRL
        case 9: self = .privilegeWithdrawn
        case 10: self = .aaCompromise
        default: self = .other(code)
        }
    }

    /// RFC 5280's name: "keyCompromise".
    public var description: String {
        switch self {
        case .unspecified: return "unspecified"
        case .keyCompromise: return "keyCompromise"
        case .caCompromise: return "cACompromise"
        case .affiliationChanged: return "affiliationChanged"
        case .superseded: return "superseded"
        case .cessationOfOperation: return "cessationOfOperation"
        case .certificateHold: return "certificateHold"
        case .removeFromCRL: return "removeFromCRL"
        case .privilegeWithdrawn: return "privilegeWithdrawn"
        case .aaCompromise: return "aACompromise"
        case .other(let code): return "reason \(code)"
        }
    }
}
