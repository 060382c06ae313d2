import Foundation

/// Whether a pin mismatch blocks the connection or is only reported.
public enum EnforcementMode: String, Codable, CaseIterable, Hashable, Sendable {
    case enforce
    case reportOnly = "report-only"
}

/// The pinning policy of one host (and optionally its subdomains).
public struct DomainPolicy: Hashable, Sendable {
    public var host: String {
        didSet { normalizedHost = Self.normalize(host) }
    }
    /// The host in the form used for lookups: lower case, no trailing dot. Stored, because every lookup over a
    /// manifest of thousands of domains compares it (a computed one was rebuilt per comparison).
    public internal(set) var normalizedHost: String
    public var port: Int
    /// Another address to dial (`10.0.0.5:8443`); SNI and hostname checks still use `host`.
    public var connect: String?
    public var includeSubdomains: Bool
    public var mode: EnforcementMode
    /// After this day the pins lapse: connections fall back to default trust, loudly.
    public var expires: CalendarDay?
    public var pins: [Pin]
    /// Where clients that support it (TrustKit, HPKP) send RFC 7469 failure reports: https URLs only
    /// (``ReportURI``). Empty when the manifest has none, and then left out of the file.
    public var reportUris: [String]
    /// How the domain's certificates are issued, as far as the team states it; nil when the manifest says nothing.
    public var issuance: DomainIssuance?

    public init(
        host: String,
        port: Int = 443,
        connect: String? = nil,
        includeSubdomains: Bool = false,
        mode: EnforcementMode = .enforce,
        expires: CalendarDay? = nil,
        pins: [Pin] = [],
        reportUris: [String] = [],
        issuance: DomainIssuance? = nil
    ) {
        self.host = host
        self.normalizedHost = Self.normalize(host)
        self.port = port
        self.connect = connect
        self.includeSubdomains = includeSubdomains
        self.mode = mode
        self.expires = expires
        self.pins = pins
        self.reportUris = reportUris
        self.issuance = issuance
    }

    /// True when the pins no longer apply at `date` because `expires` has passed.
    public func hasLapsed(at date: Date) -> Bool {
        guard let end = expires?.endDate else { return false }
        return date >= end
    }

    package static func normalize(_ host: String) -> String {
        // Most hosts are already in this form: return the same string (its storage is shared, not copied), so a
        // manifest of 10,000 domains does not hold every host twice.
        if host.last != ".", !host.utf8.contains(where: { (0x41...0x5A).contains($0) || $0 >= 0x80 }) { return host }
        var host = host.lowercased()
        while host.hasSuffix(".") { host.removeLast() }
        return host
    }
}
