import PinningCore

/// A domain's settings apart from its host and pins: what `pinbench domain set` and the workbench's settings form
/// (`e`) change. One value, so both front ends apply and describe an edit the same way.
public struct DomainSettings: Hashable, Sendable {
    public var mode: EnforcementMode
    public var includeSubdomains: Bool
    public var expires: CalendarDay?
    public var port: Int
    /// `HOST[:PORT]` or `[IPv6]:PORT` as ``HostEndpoint`` writes it, or nil to dial the host itself.
    public var connect: String?
    /// How the domain's certificates are issued (each field optional); empty when the manifest states nothing.
    public var issuance: DomainIssuance

    public init(
        mode: EnforcementMode = DomainPolicy.newDomainMode, includeSubdomains: Bool = false,
        expires: CalendarDay? = nil, port: Int = 443, connect: String? = nil, issuance: DomainIssuance = .init()
    ) {
        self.mode = mode
        self.includeSubdomains = includeSubdomains
        self.expires = expires
        self.port = port
        self.connect = connect
        self.issuance = issuance
    }

    /// The settings `domain` has now.
    public init(_ domain: DomainPolicy) {
        self.init(
            mode: domain.mode, includeSubdomains: domain.includeSubdomains, expires: domain.expires,
            port: domain.port, connect: domain.connect, issuance: domain.issuance ?? .init())
    }

    /// Writes these settings into `domain`, leaving its host and pins alone.
    public func apply(to domain: inout DomainPolicy) {
        domain.mode = mode
        domain.includeSubdomains = includeSubdomains
        domain.expires = expires
        domain.port = port
        domain.connect = connect
        domain.issuance = issuance.isEmpty ? nil : issuance
    }

    /// What differs from `old`, one phrase per setting (`mode report-only (was enforce)`), in field order.
    public func changes(from old: DomainSettings) -> [String] {
        var phrases: [String] = []
        func note(_ name: String, _ new: String, _ was: String) {
            if new != was { phrases.append("\(name) \(new) (was \(was))") }
        }
        note("mode", mode.rawValue, old.mode.rawValue)
        note("includeSubdomains", String(includeSubdomains), String(old.includeSubdomains))
        note("expires", expires?.description ?? "none", old.expires?.description ?? "none")
        note("port", String(port), String(old.port))
        note("connect", connect ?? "none", old.connect ?? "none")
        note("issuance.ca", issuance.ca ?? "none", old.issuance.ca ?? "none")
        note("issuance.profile", issuance.profile ?? "none", old.issuance.profile ?? "none")
        note(
            "issuance.lifetimeDays", issuance.lifetimeDays.map(String.init) ?? "none",
            old.issuance.lifetimeDays.map(String.init) ?? "none")
        note(
            "issuance.keyReuse", issuance.keyReuse.map(String.init) ?? "none",
            old.issuance.keyReuse.map(String.init) ?? "none")
        return phrases
    }

    // MARK: - Reading settings typed by a user

    /// The word that clears an optional setting (`expires`, `connect`, each field of `issuance`).
    public static let noneWord = "none"

    /// `enforce` or `report-only`.
    public static func parseMode(_ text: String) throws(DomainSettingsError) -> EnforcementMode {
        guard let mode = EnforcementMode(rawValue: text.lowercased()) else {
            throw DomainSettingsError(.mode, text, expected: "enforce or report-only")
        }
        return mode
    }

    /// `true` or `false` (also `yes`/`no`); `field` is the setting the error names.
    public static func parseBool(
        _ text: String, field: DomainSettingsError.Field = .includeSubdomains
    ) throws(DomainSettingsError) -> Bool {
        switch text.lowercased() {
        case "true", "yes": return true
        case "false", "no": return false
        default: throw DomainSettingsError(field, text, expected: "true or false")
        }
    }

    /// A day `YYYY-MM-DD` (UTC), or `none` for no expiry.
    public static func parseExpires(_ text: String) throws(DomainSettingsError) -> CalendarDay? {
        if text.lowercased() == noneWord { return nil }
        guard let day = CalendarDay(text) else {
            throw DomainSettingsError(.expires, text, expected: "a date such as 2027-06-30, or none")
        }
        return day
    }

    /// A TCP port, 1 to 65535.
    public static func parsePort(_ text: String) throws(DomainSettingsError) -> Int {
        guard text.allSatisfy({ $0.isASCII && $0.isWholeNumber }), let port = Int(text), (1...65_535).contains(port)
        else {
            throw DomainSettingsError(.port, text, expected: "a number from 1 to 65535")
        }
        return port
    }

    /// `ADDRESS:PORT` (`10.0.0.5:8443`, `[::1]:8443`, `lb.example.net:443`) through the one host rule, in the form
    /// the manifest writes; `none` clears it. A port is required: an address to dial without one is ambiguous.
    public static func parseConnect(_ text: String) throws(DomainSettingsError) -> String? {
        if text.lowercased() == noneWord { return nil }
        let endpoint: HostEndpoint
        do {
            endpoint = try HostEndpoint(text)
        } catch {
            throw DomainSettingsError(.connect, text, expected: "ADDRESS:PORT or none", reason: error.description)
        }
        guard endpoint.port != nil else {
            throw DomainSettingsError(
                .connect, text, expected: "ADDRESS:PORT or none", reason: "the port is missing (e.g. \(endpoint):443)")
        }
        return endpoint.description
    }

    // MARK: - Issuance

    /// A CA catalog id (`letsencrypt`) or `private`, or `none` to clear it. Whether the catalog knows the CA is lint's
    /// to say (`issuance-unknown-ca`), behind the same gate as every setting.
    public static func parseIssuanceCA(_ text: String) throws(DomainSettingsError) -> String? {
        try parseIssuanceName(
            text, field: .issuanceCA, expected: "a CA catalog id such as letsencrypt, private, or none")
    }

    /// A profile of the CA (`classic`, `tlsserver`, `shortlived`), or `none` to clear it.
    public static func parseIssuanceProfile(_ text: String) throws(DomainSettingsError) -> String? {
        try parseIssuanceName(text, field: .issuanceProfile, expected: "a profile name such as classic, or none")
    }

    /// Days from 1 to 3650, or `none` to clear it.
    public static func parseLifetimeDays(_ text: String) throws(DomainSettingsError) -> Int? {
        if text.lowercased() == noneWord { return nil }
        let range = DomainIssuance.lifetimeDaysRange
        guard text.allSatisfy({ $0.isASCII && $0.isWholeNumber }), let days = Int(text), range.contains(days) else {
            throw DomainSettingsError(
                .lifetimeDays, text,
                expected: "a number of days from \(range.lowerBound) to \(range.upperBound), or none")
        }
        return days
    }

    /// `true` or `false`, or `none` to clear it.
    public static func parseKeyReuse(_ text: String) throws(DomainSettingsError) -> Bool? {
        if text.lowercased() == noneWord { return nil }
        do {
            return try parseBool(text, field: .keyReuse)
        } catch {
            throw DomainSettingsError(.keyReuse, text, expected: "true, false or none")
        }
    }

    private static func parseIssuanceName(
        _ text: String, field: DomainSettingsError.Field, expected: String
    ) throws(DomainSettingsError) -> String? {
        if text.lowercased() == noneWord { return nil }
        if let problem = DomainIssuance.nameProblem(text) {
            throw DomainSettingsError(field, text, expected: expected, reason: problem)
        }
        return text
    }
}
