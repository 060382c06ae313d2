import CACatalog
import Foundation
import PinningCore

/// The rules that know the CAs of the catalog (docs/ca-catalog.md): a pin set on part of a pool a CA picks from at
/// random, pins on intermediates no longer issued from or expired, and certificate pins on certificates the CA has
/// replaced. A pin is recognised by its value (a catalog key's `spki-sha256`, a catalog certificate's `cert-sha256`),
/// so the rules need no served chain.
extension ManifestLinter {
    func catalogFindings(_ domain: DomainPolicy, now: Date) -> [LintFinding] {
        let catalog: CACatalog
        switch environment.catalog {
        case .given(.success(let given)):
            catalog = given
        case .given(.failure):
            return []  // said once for the manifest
        case .builtIn:
            guard domain.pins.contains(where: { CACatalog.isBuiltInPinValue($0.value) }) else { return [] }
            do {
                catalog = try CACatalog.builtIn()
            } catch {
                return [
                    LintFinding(
                        .error, .caCatalogUnreadable, host: domain.host,
                        message: "pins a key of a CA the built-in catalog knows, which cannot be read (\(error)).",
                        fix: "Report this: the catalog compiled into pinbench is checked by its tests.")
                ]
            }
        }
        let pins = PinnedValues(domain.pins)
        var findings: [LintFinding] = []
        for authority in catalog.authorities {
            // One finding per pool, and one per pinned key or certificate (E5's key is in two certificates).
            var reported: Set<String> = []
            for entry in authority.certificates where pins.names(entry) {
                if let finding = poolFinding(entry, authority, pins, now: now, host: domain.host),
                    reported.insert(finding.message).inserted
                {
                    findings.append(finding)
                }
                let pinned = pins.spki.contains(entry.spkiPin) ? entry.spkiPin : entry.certPin
                if let finding = lapsedFinding(entry, authority, pins, now: now, host: domain.host),
                    reported.insert(pinned).inserted
                {
                    findings.append(finding)
                }
            }
        }
        return findings
    }

    /// A pin on an intermediate of a pool the CA picks from at random, when the pin set misses a sibling and pins no
    /// key above the pool: each renewal may come from the sibling, and is then locked out.
    private func poolFinding(
        _ entry: CatalogCertificate, _ authority: CertificateAuthority, _ pins: PinnedValues, now: Date, host: String
    ) -> LintFinding? {
        guard entry.mayIssue(on: now), let rootPin = authority.signerPins[entry.file] else { return nil }
        let pool = authority.pool(under: rootPin, on: now)
        let missing = pool.filter { sibling in
            !authority.certificates(withKey: sibling.spkiPin).contains(where: pins.names)
        }
        let above = Self.keysAbove(rootPin, in: authority)
        guard !missing.isEmpty, !above.contains(where: pins.spki.contains) else { return nil }
        let poolText = pool.map { $0.status == .backup ? "\($0.label) (backup)" : $0.label }.joined(separator: ", ")
        let pick = authority.picksAtRandom ? "picked at random for each certificate" : "issued from one at a time"
        let rootLabel = authority.keyLabel(rootPin) ?? "its root"
        return LintFinding(
            .error, .pinsPartOfIssuingPool, host: host,
            message: "pins \(authority.name)'s \(pool.filter { pins.names($0) }.map(\.label).joined(separator: ", ")) "
                + "of the pool \(poolText), \(pick); a backup may start at any time without warning. A renewal "
                + "from \(missing.map(\.label).joined(separator: " or ")) is locked out.",
            fix: "Add spki-sha256 pins for "
                + missing.map { "\($0.label) (\($0.spkiPin))" }.joined(separator: " and ")
                + ", or pin the key of \(rootLabel) (\(rootPin)) instead.")
    }

    /// A pin on an intermediate the CA no longer issues from, on an expired certificate, or (as `cert-sha256`) on a
    /// certificate the CA replaced with a new one of the same key.
    private func lapsedFinding(
        _ entry: CatalogCertificate, _ authority: CertificateAuthority, _ pins: PinnedValues, now: Date, host: String
    ) -> LintFinding? {
        let day = CalendarDay(containing: entry.notAfter).description
        if entry.status == .replaced, pins.cert.contains(entry.certPin),
            let new = entry.replacedBy.flatMap(authority.certificate(file:))
        {
            let when = entry.until.map { " on \($0)" } ?? ""
            return LintFinding(
                .warning, .pinOnReplacedCertificate, host: host,
                message: "pins the certificate \(entry.label), which \(authority.name) replaced\(when) with a new "
                    + "certificate of the same key: chains carry the new one, which this cert-sha256 pin does not "
                    + "match.",
                fix: "Pin the key (spki-sha256 \(entry.spkiPin)) or the new certificate (cert-sha256 \(new.certPin)).")
        }
        guard entry.role == .intermediate, pins.spki.contains(entry.spkiPin) || pins.cert.contains(entry.certPin),
            !authority.certificates(withKey: entry.spkiPin).contains(where: { $0.mayIssue(on: now) })
        else { return nil }
        let expired = entry.status == .expired || entry.notAfter < now
        let state = expired ? "expired on \(day)" : "\(entry.status.rawValue), valid to \(day)"
        return LintFinding(
            .warning, .pinOnRetiredIntermediate, host: host,
            message: "pins \(authority.name)'s \(entry.label) (\(state)): no new certificate comes from it.",
            fix: expired
                ? "Remove the pin." : "Keep it only while a certificate it issued is served; pin what issues now.")
    }

    /// `rootPin` and every catalog key that signs a certificate of a key already in the set (the cross-signs up to
    /// the oldest root): a pin on any of them survives a change within the pool below.
    static func keysAbove(_ rootPin: String, in authority: CertificateAuthority) -> Set<String> {
        var keys: Set<String> = [rootPin]
        var frontier = [rootPin]
        while let key = frontier.popLast() {
            for entry in authority.certificates(withKey: key) {
                if let signer = authority.signerPins[entry.file], keys.insert(signer).inserted {
                    frontier.append(signer)
                }
            }
        }
        return keys
    }
}

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
