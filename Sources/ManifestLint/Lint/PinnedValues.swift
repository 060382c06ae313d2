import CACatalog
import PinningCore

/// A domain's pin values by type, for matching catalog keys and certificates.
struct PinnedValues {
    let spki: Set<String>
    let cert: Set<String>

    init(_ pins: [Pin]) {
        spki = Set(pins.filter { $0.type == .spkiSHA256 }.map(\.value))
        cert = Set(pins.filter { $0.type == .certSHA256 }.map(\.value))
    }

    /// True when a pin names this certificate: its key, or the certificate itself.
    func names(_ entry: CatalogCertificate) -> Bool {
        spki.contains(entry.spkiPin) || cert.contains(entry.certPin)
    }
}
