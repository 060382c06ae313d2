import PinningCore

/// What the Domains pane draws after a domain's name (its pins and its mode), and what each means. The pane builds
/// its rows from this table and the help's legend lists it, so no marker can be drawn without an explanation.
///
/// The status marker before the name is a glyph of ``Marker`` (✓ ✗ ! ? … ·), explained in the legend's first part.
public enum DomainMarker: CaseIterable, Hashable, Sendable {
    case activePins
    case backupPins
    case noPins
    case reportOnly

    /// The text drawn; the pin markers are followed by their count.
    public var symbol: String {
        switch self {
        case .activePins: return Marker.activePin.symbol
        case .backupPins: return Marker.backupPin.symbol
        case .noPins: return "no pins"
        case .reportOnly: return "ro"
        }
    }

    /// How the legend shows it: `●N` for a count.
    public var legendSymbol: String {
        switch self {
        case .activePins, .backupPins: return symbol + "N"
        case .noPins, .reportOnly: return symbol
        }
    }

    public var meaning: String {
        switch self {
        case .activePins: return "N active pins"
        case .backupPins: return "N backup pins"
        case .noPins: return "the domain lists no pins yet"
        case .reportOnly: return "report-only: a pin mismatch is reported, the connection is not refused"
        }
    }

    /// The markers for `domain`, in the order drawn, each with its text (`●2`, `ro`).
    public static func markers(for domain: DomainPolicy) -> [(marker: DomainMarker, text: String)] {
        let active = domain.pins.filter { $0.role == .active }.count
        let backup = domain.pins.count - active
        var markers: [(marker: DomainMarker, text: String)] = []
        if domain.pins.isEmpty { markers.append((.noPins, noPins.symbol)) }
        if active > 0 { markers.append((.activePins, activePins.symbol + "\(active)")) }
        if backup > 0 { markers.append((.backupPins, backupPins.symbol + "\(backup)")) }
        if domain.mode == .reportOnly { markers.append((.reportOnly, reportOnly.symbol)) }
        return markers
    }
}
