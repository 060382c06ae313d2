import PinningCore

/// Some of a domain's settings, as a user typed them (`pinbench domain set`): every value is read before the
/// manifest is touched, so a typo changes nothing; the settings not given stay as they are.
public struct DomainSettingsChange: Hashable, Sendable {
    public var mode: EnforcementMode?
    public var includeSubdomains: Bool?
    /// `.some(nil)` clears the setting (`none`).
    public var expires: CalendarDay??
    public var port: Int?
    /// `.some(nil)` clears the setting (`none`).
    public var connect: String??

    /// Reads each text given with ``DomainSettings``'s readers; the first that cannot be used is the error.
    public init(
        mode: EnforcementMode? = nil, includeSubdomains: String? = nil, expires: String? = nil, port: String? = nil,
        connect: String? = nil
    ) throws(DomainSettingsError) {
        self.mode = mode
        if let includeSubdomains { self.includeSubdomains = try DomainSettings.parseBool(includeSubdomains) }
        if let expires { self.expires = .some(try DomainSettings.parseExpires(expires)) }
        if let port { self.port = try DomainSettings.parsePort(port) }
        if let connect { self.connect = .some(try DomainSettings.parseConnect(connect)) }
    }

    /// True when no setting is given.
    public var isEmpty: Bool {
        mode == nil && includeSubdomains == nil && expires == nil && port == nil && connect == nil
    }

    /// Writes the settings given into `settings`.
    public func apply(to settings: inout DomainSettings) {
        if let mode { settings.mode = mode }
        if let includeSubdomains { settings.includeSubdomains = includeSubdomains }
        if let expires { settings.expires = expires }
        if let port { settings.port = port }
        if let connect { settings.connect = connect }
    }
}
