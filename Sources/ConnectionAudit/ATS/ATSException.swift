/// The Info.plist key (under `NSAppTransportSecurity` → `NSExceptionDomains` → the host) that lets an app connect
/// despite one ATS violation. Only Apple's documented exception keys; a violation no key can lift has none.
public enum ATSException: Hashable, Sendable, CustomStringConvertible {
    /// `NSExceptionMinimumTLSVersion` with the version the server speaks ("TLSv1.0" or "TLSv1.1").
    case minimumTLSVersion(String)
    /// `NSExceptionRequiresForwardSecrecy` = NO: admits ATS's RSA key-exchange suites, and per Apple's documentation
    /// also drops the leaf key-size check.
    case noForwardSecrecyRequirement
    /// `NSExceptionAllowsInsecureHTTPLoads` = YES: loosens server trust evaluation for the host, which the app must
    /// then do itself (Apple's "Performing Manual Server Trust Authentication"); used for SHA-1 signed chains.
    case allowsInsecureHTTPLoads

    /// The exception key, as written in Info.plist.
    public var key: String {
        switch self {
        case .minimumTLSVersion: return "NSExceptionMinimumTLSVersion"
        case .noForwardSecrecyRequirement: return "NSExceptionRequiresForwardSecrecy"
        case .allowsInsecureHTTPLoads: return "NSExceptionAllowsInsecureHTTPLoads"
        }
    }

    /// The key's value: a string for the TLS version, else a Boolean.
    public var value: Value {
        switch self {
        case .minimumTLSVersion(let version): return .string(version)
        case .noForwardSecrecyRequirement: return .bool(false)
        case .allowsInsecureHTTPLoads: return .bool(true)
        }
    }

    /// An exception key's value, as a property list holds it.
    public enum Value: Hashable, Sendable, CustomStringConvertible {
        case string(String)
        case bool(Bool)

        /// As Xcode's property list editor shows it: `TLSv1.1`, `NO`, `YES`.
        public var description: String {
            switch self {
            case .string(let text): return text
            case .bool(let flag): return flag ? "YES" : "NO"
            }
        }
    }

    /// "NSExceptionMinimumTLSVersion = TLSv1.1".
    public var description: String { "\(key) = \(value)" }

    /// The `NSExceptionMinimumTLSVersion` value for a protocol ATS refuses but an exception can allow: TLS 1.0 and
    /// 1.1 (the key's lowest documented value is TLSv1.0; SSL cannot be allowed).
    static func minimumTLSVersion(major: Int, minor: Int) -> ATSException? {
        guard major == 1, minor == 0 || minor == 1 else { return nil }
        return .minimumTLSVersion("TLSv1.\(minor)")
    }
}
