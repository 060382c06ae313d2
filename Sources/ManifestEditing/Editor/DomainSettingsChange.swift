import PinningCore

/// Some of a domain's settings, as a user typed them (`pinbench domain set`, a field of the workbench's settings
/// form): every value is read before the manifest is touched, so a typo changes nothing; the settings not given stay
/// as they are.
public struct DomainSettingsChange: Hashable, Sendable {
    public var mode: EnforcementMode?
    public var includeSubdomains: Bool?
    /// `.some(nil)` clears the setting (`none`).
    public var expires: CalendarDay??
    public var port: Int?
    /// `.some(nil)` clears the setting (`none`).
    public var connect: String??
    /// The fields of `issuance`; `.some(nil)` clears one (`none`).
    public var issuanceCA: String??
    public var issuanceProfile: String??
    public var lifetimeDays: Int??
    public var keyReuse: Bool??

    /// Reads each text given with ``DomainSettings``'s readers; the first that cannot be used is the error.
    public init(
        mode: EnforcementMode? = nil, includeSubdomains: String? = nil, expires: String? = nil, port: String? = nil,
        connect: String? = nil, issuanceCA: String? = nil, issuanceProfile: String? = nil,
        lifetimeDays: String? = nil, keyReuse: String? = nil
    ) throws(DomainSettingsError) {
        self.mode = mode
        if let includeSubdomains { self.includeSubdomains = try DomainSettings.parseBool(includeSubdomains) }
        if let expires { self.expires = .some(try DomainSettings.parseExpires(expires)) }
        if let port { self.port = try DomainSettings.parsePort(port) }
        if let connect { self.connect = .some(try DomainSettings.parseConnect(connect)) }
        if let issuanceCA { self.issuanceCA = .some(try DomainSettings.parseIssuanceCA(issuanceCA)) }
        if let issuanceProfile {
            self.issuanceProfile = .some(try DomainSettings.parseIssuanceProfile(issuanceProfile))
        }
        if let lifetimeDays { self.lifetimeDays = .some(try DomainSettings.parseLifetimeDays(lifetimeDays)) }
        if let keyReuse { self.keyReuse = .some(try DomainSettings.parseKeyReuse(keyReuse)) }
    }

    /// The change a settings form field makes when `text` is typed into it.
    public init(_ field: DomainSettingsError.Field, text: String) throws(DomainSettingsError) {
        switch field {
        case .mode: try self.init(mode: DomainSettings.parseMode(text))
        case .includeSubdomains: try self.init(includeSubdomains: text)
        case .expires: try self.init(expires: text)
        case .port: try self.init(port: text)
        case .connect: try self.init(connect: text)
        case .issuanceCA: try self.init(issuanceCA: text)
        case .issuanceProfile: try self.init(issuanceProfile: text)
        case .lifetimeDays: try self.init(lifetimeDays: text)
        case .keyReuse: try self.init(keyReuse: text)
        }
    }

    /// True when no setting is given.
    public var isEmpty: Bool {
        mode == nil && includeSubdomains == nil && expires == nil && port == nil && connect == nil
            && !touchesIssuance
    }

    /// True when a field of `issuance` is given.
    public var touchesIssuance: Bool {
        issuanceCA != nil || issuanceProfile != nil || lifetimeDays != nil || keyReuse != nil
    }

    /// Writes the settings given into `settings`.
    public func apply(to settings: inout DomainSettings) {
        if let mode { settings.mode = mode }
        if let includeSubdomains { settings.includeSubdomains = includeSubdomains }
        if let expires { settings.expires = expires }
        if let port { settings.port = port }
        if let connect { settings.connect = connect }
        if let issuanceCA { settings.issuance.ca = issuanceCA }
        if let issuanceProfile { settings.issuance.profile = issuanceProfile }
        if let lifetimeDays { settings.issuance.lifetimeDays = lifetimeDays }
        if let keyReuse { settings.issuance.keyReuse = keyReuse }
    }
}
