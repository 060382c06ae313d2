import PinningCore

/// Where in the artifact a fact was found: the archive entry, and the key path (with its line) or the byte offset.
public struct ScanLocation: Codable, Sendable, Equatable {
    public let entry: String
    /// `network-security-config/domain-config[1]/pin-set/pin[2]` style, for binary XML; property-list keys and
    /// array indices from 0 (`NSAppTransportSecurity/NSPinnedDomains/api.example.com/NSPinnedCAIdentities/0`);
    /// the architecture and section for a Mach-O (`arm64 __TEXT,__cstring`).
    public let keyPath: String?
    public let line: Int?
    /// The byte offset in the (inflated) entry, for DEX string literals and Mach-O bytes.
    public let offset: Int?

    public init(entry: String, keyPath: String? = nil, line: Int? = nil, offset: Int? = nil) {
        self.entry = entry
        self.keyPath = keyPath
        self.line = line
        self.offset = offset
    }
}

/// How sure a finding is: what the platform reads (a declared configuration), what a file bundled in the build is,
/// or a pattern in code, which the app may never run.
public enum ScanCertainty: String, Codable, Sendable {
    case declared
    case bundledFile = "bundled-file"
    case codePattern = "code-pattern"
}

/// A setting that must never ship in a release build: a scan that finds one exits 1.
public enum ReleaseRule: String, Codable, Sendable, CaseIterable {
    /// User-installed CAs trusted outside `debug-overrides` (or inside them in a debuggable build).
    case userTrust = "user-trust"
    /// `overridePins="true"` on trust anchors that apply: those CAs bypass every pin.
    case overridePins = "override-pins"
    /// `android:debuggable="true"`: `debug-overrides` apply, and the app can be attached to.
    case debuggable
    /// A debugging proxy's CA trusted, pinned or bundled.
    case debuggingProxyCA = "debugging-proxy-ca"
    /// `NSAllowsArbitraryLoads`: App Transport Security off for every host not excepted (plain HTTP allowed).
    case arbitraryLoads = "arbitrary-loads"
}

/// One pinning fact found in a build.
public struct ScanFinding: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        /// A pin: `sha256/…` (or `sha1/…`) with its digest in base64.
        case pin
        /// A pin set's expiration date: after it the pins no longer apply (fail open).
        case pinExpiration = "pin-expiration"
        /// A trust anchor: `system`, `user`, or a certificate resource.
        case trustAnchor = "trust-anchor"
        case cleartextTraffic = "cleartext-traffic"
        case certificateTransparency = "certificate-transparency"
        case debuggable
        /// A `debug-overrides` block: whether it applies (debuggable build) or is ignored.
        case debugOverrides = "debug-overrides"
        /// A certificate file bundled in the build (res/raw, assets), with both its pins.
        case bundledCertificate = "bundled-certificate"
        /// A pinning library the code references (OkHttp's CertificatePinner).
        case library
        /// A host the configuration names (`<domain>`, an ATS or TrustKit domain key), with or without pins.
        case domain
        /// TrustKit's `TSKEnforcePinning`: `enforce`, or `report-only` (a mismatch is reported, not refused).
        case pinMode = "pin-mode"
        /// Where TrustKit sends its reports of a mismatch (`TSKReportUris`).
        case reportURI = "report-uri"
        /// A Mach-O whose code is encrypted (App Store FairPlay): the strings in that range cannot be read.
        case encrypted
        /// Something a configuration states that is not taken as a pin, with why (a malformed pin, a refused host,
        /// ATS's rule that a host pinned in both lists must match both).
        case note
    }

    public let kind: Kind
    /// The host it applies to; nil for what applies to the whole app (base-config, the manifest, bundled files).
    public let host: String?
    public let includeSubdomains: Bool?
    /// The fact itself: the pin (`sha256/…`), the anchor's source, `true`/`false`, a date, a library's name.
    public let value: String
    /// More about it: a certificate's subject and both pins, whether a pin is well formed, why a rule is broken.
    public let detail: String?
    public let location: ScanLocation
    public let certainty: ScanCertainty
    /// True for what sits inside `debug-overrides`.
    public let debugOnly: Bool
    /// The release-only rules it breaks.
    public let rules: [ReleaseRule]
    /// Where in the verified path a pin may match, when the configuration says (ATS's leaf and CA identities): typed,
    /// so that a release taken from the build carries it.
    public let position: PinPosition?
    /// A bundled certificate's whole-certificate pin (`cert-sha256`, base64), beside its key's in ``value``: how
    /// Alamofire's and AFNetworking's certificate pinning match it.
    public let certificatePin: String?

    public init(
        _ kind: Kind, host: String? = nil, includeSubdomains: Bool? = nil, value: String, detail: String? = nil,
        location: ScanLocation, certainty: ScanCertainty, debugOnly: Bool = false, rules: [ReleaseRule] = [],
        position: PinPosition? = nil, certificatePin: String? = nil
    ) {
        self.kind = kind
        self.host = host
        self.includeSubdomains = includeSubdomains
        self.value = value
        self.detail = detail
        self.location = location
        self.certainty = certainty
        self.debugOnly = debugOnly
        self.rules = rules
        self.position = position
        self.certificatePin = certificatePin
    }

    /// This finding breaking one more rule, for the reason given.
    func breaking(_ rule: ReleaseRule, because reason: String) -> ScanFinding {
        guard !rules.contains(rule) else { return self }
        return ScanFinding(
            kind, host: host, includeSubdomains: includeSubdomains, value: value,
            detail: [detail, reason].compactMap { $0 }.joined(separator: "; "), location: location,
            certainty: certainty, debugOnly: debugOnly, rules: rules + [rule], position: position,
            certificatePin: certificatePin)
    }
}

extension ScanFinding {
    /// This finding with one more sentence in its detail.
    func adding(_ sentence: String) -> ScanFinding {
        ScanFinding(
            kind, host: host, includeSubdomains: includeSubdomains, value: value,
            detail: [detail, sentence].compactMap { $0 }.joined(separator: "; "), location: location,
            certainty: certainty, debugOnly: debugOnly, rules: rules, position: position,
            certificatePin: certificatePin)
    }
}
