import PinningCore

/// An app version in the field and the pins it carries: the pins cannot change until its users update.
public struct Release: Hashable, Sendable {
    public var name: String
    /// The day it shipped, when known.
    public var shipped: CalendarDay?
    /// Its share of active installs, in percent, when known.
    public var share: Double?
    /// The manifest its pins come from (a git revision, a file or an imported app configuration).
    public var manifest: PinManifest

    public init(name: String, shipped: CalendarDay? = nil, share: Double? = nil, manifest: PinManifest) {
        self.name = name
        self.shipped = shipped
        self.share = share
        self.manifest = manifest
    }
}
