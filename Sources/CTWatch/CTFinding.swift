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
    /// The leaf's SPKI pin, and its issuer's when the issuer is proven (the precertificate's named key, or a served
    /// issuer whose key verifies the leaf's signature).
    public let spkiPin: String
    public let issuerSPKIPin: String?
    public let verdicts: [WatchVerdict]
    /// Why the judged path ends before the last issuer the log served (an issuer that did not sign the certificate
    /// below it): the verdicts are for the proven part only. Nil when every served issuer was proven.
    public let pathCut: String?
    /// When the watch judged it (the time its verdicts are for): the workbench lists findings newest first.
    public let found: Date
    /// Names and hosts the certificate has beyond what a kept finding holds (``bounded``): 0 for a finding as
    /// judged.
    public let namesLeftOut: Int
    public let hostsLeftOut: Int

    /// A finding as the state file keeps it.
    init(
        log: String, index: UInt64, kind: LogEntry.Kind, serial: String, issuer: String, notBefore: Date,
        notAfter: Date, names: [String], spkiPin: String, issuerSPKIPin: String?, verdicts: [WatchVerdict],
        pathCut: String? = nil, found: Date, namesLeftOut: Int = 0, hostsLeftOut: Int = 0
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
        self.pathCut = pathCut
        self.found = found
        self.namesLeftOut = namesLeftOut
        self.hostsLeftOut = hostsLeftOut
    }

    /// The finding for `entry` if it is for a pinned host; nil when no manifest pins any of its names. Throws when
    /// the entry names a pinned host but its certificate does not decode.
    public init?(
        entry: LogEntry, issuers: [[UInt8]], log: String, hosts: WatchedHosts, releases: [Release], next: PinManifest?,
        at time: Date
    ) throws(LogEntryError) {
        names = entry.names
        let pinned = hosts.hosts(for: names)
        guard !pinned.isEmpty else { return nil }
        let certificate = try entry.certificate()
        let served = ServedPath(entry, certificate: certificate, issuers: issuers)
        let path = served.pins
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
        pathCut = served.cut
        found = time
        namesLeftOut = 0
        hostsLeftOut = 0
    }

    /// True when the working manifest (not yet shipped) would reject this certificate on one of its hosts, whether or
    /// not a shipped release would.
    public var locksOutNext: Bool {
        verdicts.contains { $0.rows.contains { !$0.shipped && $0.cell == .lockedOut } }
    }

    /// The releases this certificate would lock out, on any of its hosts.
    public var lockingOut: [String] {
        var seen: Set<String> = []
        return verdicts.flatMap { $0.lockingOut.map(\.release) }.filter { seen.insert($0).inserted }
    }
}
