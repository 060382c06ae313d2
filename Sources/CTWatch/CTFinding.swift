import Foundation
import PinForecast
import PinningCore
import TransparencyLog
import X509

/// A logged certificate for a pinned host, with what it is and what every release would decide on it: the unit a
/// watch reports, as a line to read or a JSON line to alert on, and keeps in its state file for the workbench.
public struct CTFinding: Hashable, Sendable {
    public let log: String
    public let index: UInt64
    public let kind: LogEntry.Kind
    public let serial: String
    public let issuer: String
    public let notBefore: Date
    public let notAfter: Date
    public let names: [String]
    /// The leaf's SPKI pin, and its issuer's when the log named the issuer.
    public let spkiPin: String
    public let issuerSPKIPin: String?
    public let verdicts: [WatchVerdict]
    /// When the watch judged it (the time its verdicts are for): the workbench lists findings newest first.
    public let found: Date

    /// A finding as the state file keeps it.
    init(
        log: String, index: UInt64, kind: LogEntry.Kind, serial: String, issuer: String, notBefore: Date,
        notAfter: Date, names: [String], spkiPin: String, issuerSPKIPin: String?, verdicts: [WatchVerdict],
        found: Date
    ) {
        self.log = log
        self.index = index
        self.kind = kind
        self.serial = serial
        self.issuer = issuer
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.names = names
        self.spkiPin = spkiPin
        self.issuerSPKIPin = issuerSPKIPin
        self.verdicts = verdicts
        self.found = found
    }

    /// The finding for `entry` if it is for a pinned host; nil when no manifest pins any of its names. Throws when
    /// the entry names a pinned host but its certificate does not decode.
    public init?(
        entry: LogEntry, issuers: [[UInt8]], log: String, hosts: WatchedHosts, releases: [Release], next: PinManifest?,
        at time: Date
    ) throws(LogEntryError) {
        names = entry.dnsNames
        let pinned = hosts.hosts(for: names)
        guard !pinned.isEmpty else { return nil }
        let certificate = try entry.certificate()
        let path = Self.path(entry, certificate: certificate, issuers: issuers)
        self.log = log
        index = entry.index
        kind = entry.kind
        serial = certificate.serialNumber.description
        // In the order and spelling every other view and command prints names (`openssl x509 -issuer`).
        issuer = certificate.issuer.opensslString
        notBefore = certificate.notValidBefore
        notAfter = certificate.notValidAfter
        spkiPin = path.levels[0].spki ?? ""
        issuerSPKIPin = path.levels.count > 1 ? path.levels[1].spki : nil
        verdicts = pinned.map { WatchVerdict(host: $0, path: path, releases: releases, next: next, at: time) }
        found = time
    }

    /// The releases this certificate would lock out, on any of its hosts.
    public var lockingOut: [String] {
        var seen: Set<String> = []
        return verdicts.flatMap { $0.lockingOut.map(\.release) }.filter { seen.insert($0).inserted }
    }

    /// The pins of the path the certificate would be served on: the leaf (a precertificate's final certificate is
    /// not known, so only its key), the issuer (a precertificate names its key hash), then the rest of the chain
    /// the log named.
    static func path(_ entry: LogEntry, certificate: Certificate, issuers: [[UInt8]]) -> PathPins {
        let leaf = CertificateDetails(certificate)
        var levels = [
            PathPins.Level(
                spki: leaf.spkiPin, certificate: entry.kind == .certificate ? leaf.certPin : nil,
                notAfter: certificate.notValidAfter)
        ]
        var chain = issuers.compactMap { try? Certificate(derEncoded: $0) }
        if let keyHash = entry.issuerKeyHash {
            let named = Data(keyHash).base64EncodedString()
            // The named issuer key leads; a served issuer with that key also gives its certificate's pin.
            if let first = chain.first, CertificateDetails(first).spkiPin == named {
                levels.append(level(first))
                chain.removeFirst()
            } else {
                levels.append(PathPins.Level(spki: named, certificate: nil))
                chain.removeAll()
            }
        }
        levels += chain.prefix(15).map(level)
        return PathPins(levels: levels)
    }

    private static func level(_ certificate: Certificate) -> PathPins.Level {
        let details = CertificateDetails(certificate)
        return PathPins.Level(spki: details.spkiPin, certificate: details.certPin, notAfter: certificate.notValidAfter)
    }
}
