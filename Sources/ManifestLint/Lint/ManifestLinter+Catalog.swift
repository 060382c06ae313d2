import CACatalog
import Foundation
import PinningCore

/// The rules that know the CAs of the catalog (docs/ca-catalog.md): a pin set on part of a pool a CA picks from at
/// random, a pin set on a CA's intermediates none of which issues any more, pins on intermediates no longer issued
/// from, and certificate pins on expired or replaced certificates. A pin is recognised by its value (a catalog key's
/// `spki-sha256`, a catalog certificate's `cert-sha256`), so the rules need no served chain.
///
/// Only the pool's own root key covers the pool: every path from one of its intermediates holds that key (the root,
/// or a cross-sign of it), while a key further up (ISRG Root X1 above Root YE) drops out of the path of a client
/// whose store holds the pool's root itself.
extension ManifestLinter {
    func catalogFindings(_ domain: DomainPolicy, now: Date) -> [LintFinding] {
        let catalog: CACatalog
        switch catalogForRules(domain) {
        case .nothingToJudge: return []
        case .unreadable(let finding): return [finding]
        case .use(let found): catalog = found
        }
        let pins = PinnedValues(domain.pins)
        // A pin set that cannot lock anyone out (report-only, or lapsed) is warned, never refused.
        let severity: LintFinding.Severity = domain.mode == .enforce && !domain.hasLapsed(at: now) ? .error : .warning
        var findings: [LintFinding] = []
        for authority in catalog.authorities {
            // One finding per pool, and one per pinned key or certificate (E5's key is in two certificates).
            var reported: Set<String> = []
            for entry in authority.certificates where pins.names(entry) {
                for finding in poolFindings(entry, authority, pins, now: now, host: domain.host, severity: severity)
                where reported.insert(finding.message).inserted {
                    findings.append(finding)
                }
                let pinned = pins.spki.contains(entry.spkiPin) ? entry.spkiPin : entry.certPin
                if let finding = lapsedFinding(entry, authority, pins, now: now, host: domain.host),
                    reported.insert(pinned).inserted
                {
                    findings.append(finding)
                }
            }
            if let finding = nothingIssuingFinding(domain, authority, pins, now: now, severity: severity) {
                findings.append(finding)
            }
        }
        return findings
    }

    /// What the rules judge `domain` with.
    private enum RulesCatalog {
        /// No pin names a built-in certificate, or a given catalog failed (said once for the manifest).
        case nothingToJudge
        case unreadable(LintFinding)
        case use(CACatalog)
    }

    private func catalogForRules(_ domain: DomainPolicy) -> RulesCatalog {
        switch environment.catalog {
        case .given(.success(let given)):
            return .use(given)
        case .given(.failure):
            return .nothingToJudge
        case .builtIn:
            guard domain.pins.contains(where: { CACatalog.isBuiltInPinValue($0.value) }) else { return .nothingToJudge }
            do {
                return .use(try CACatalog.builtIn())
            } catch {
                return .unreadable(
                    LintFinding(
                        .error, .caCatalogUnreadable, host: domain.host,
                        message: "pins a key of a CA the built-in catalog knows, which cannot be read (\(error)).",
                        fix: "Report this: the catalog compiled into pinbench is checked by its tests."))
            }
        }
    }

    /// A pin on an intermediate of a pool, when the pin set misses a sibling and does not pin the pool's root key:
    /// each renewal may come from the sibling, and is then locked out. A key pinned further up covers only the
    /// clients whose path reaches it: a warning.
    private func poolFindings(
        _ entry: CatalogCertificate, _ authority: CertificateAuthority, _ pins: PinnedValues, now: Date, host: String,
        severity: LintFinding.Severity
    ) -> [LintFinding] {
        guard entry.mayIssue(on: now), let rootPin = authority.signerPins[entry.file] else { return [] }
        let pool = authority.pool(under: rootPin, on: now)
        let missing = pool.filter { sibling in
            !authority.certificates(withKey: sibling.spkiPin).contains(where: pins.names)
        }
        guard !missing.isEmpty, !pins.spki.contains(rootPin) else { return [] }
        let poolText = pool.map { $0.status == .backup ? "\($0.label) (backup)" : $0.label }.joined(separator: ", ")
        let pick = authority.picksAtRandom ? "picked at random for each certificate" : "issued from one at a time"
        let rootLabel = authority.keyLabel(rootPin) ?? "its root"
        let pinnedLabels = pool.filter { pins.names($0) }.map(\.label).joined(separator: ", ")
        let missingText = missing.map(\.label).joined(separator: " or ")
        let fix =
            "Add spki-sha256 pins for " + missing.map { "\($0.label) (\($0.spkiPin))" }.joined(separator: " and ")
            + ", or pin the key of \(rootLabel) (\(rootPin)) instead."
        let above = Self.keysAbove(rootPin, in: authority, now: now).subtracting([rootPin]).filter(pins.spki.contains)
        if let key = above.sorted().first {
            let keyLabel = authority.keyLabel(key) ?? key
            return [
                LintFinding(
                    .warning, .pinsPartOfIssuingPool, host: host,
                    message: "pins \(authority.name)'s \(pinnedLabels) of the pool \(poolText), \(pick), and "
                        + "\(keyLabel) above it: a renewal from \(missingText) matches only where the client's path "
                        + "reaches \(keyLabel); a client whose trust store holds \(rootLabel) is locked out.",
                    fix: fix)
            ]
        }
        return [
            LintFinding(
                severity, .pinsPartOfIssuingPool, host: host,
                message: "pins \(authority.name)'s \(pinnedLabels) of the pool \(poolText), \(pick); a backup may "
                    + "start at any time without warning. A renewal from \(missingText) is locked out.",
                fix: fix)
        ]
    }

    /// Every pin of the domain names a certificate of this CA, and none of them is, or is above, an intermediate
    /// that issues now: the next renewal comes from the current pools and matches no pin.
    private func nothingIssuingFinding(
        _ domain: DomainPolicy, _ authority: CertificateAuthority, _ pins: PinnedValues, now: Date,
        severity: LintFinding.Severity
    ) -> LintFinding? {
        let pinned = authority.certificates.filter(pins.names)
        let pinnedKeys = Set(pinned.map(\.spkiPin))
        let pinnedCertificates = Set(pinned.map(\.certPin))
        guard !pinned.isEmpty,
            domain.pins.allSatisfy({ ($0.type == .spkiSHA256 ? pinnedKeys : pinnedCertificates).contains($0.value) })
        else { return nil }
        let issuing = authority.certificates.filter { $0.mayIssue(on: now) }
        guard !issuing.isEmpty, !issuing.contains(where: pins.names) else { return nil }
        let roots = Set(issuing.compactMap { authority.signerPins[$0.file] })
        let covering = roots.reduce(into: Set<String>()) { $0.formUnion(Self.keysAbove($1, in: authority, now: now)) }
        guard covering.isDisjoint(with: pins.spki) else { return nil }
        let labels = Array(Set(pinned.map(\.label))).sorted().joined(separator: ", ")
        return LintFinding(
            severity, .pinsPartOfIssuingPool, host: domain.host,
            message: "pins only \(authority.name) certificates that issue nothing now (\(labels)): the next renewal "
                + "comes from \(issuing.map(\.label).joined(separator: ", ")) and matches no pin.",
            fix: "Pin the current pools' root keys ("
                + roots.sorted().map { "\(authority.keyLabel($0) ?? $0) \($0)" }.joined(separator: ", ")
                + ") or every intermediate that issues now.")
    }

    /// A pin on an intermediate the CA no longer issues from, on an expired certificate of any role, or (as
    /// `cert-sha256`) on a certificate the CA replaced with a new one of the same key.
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
        let expired = entry.status == .expired || entry.notAfter < now
        if pins.cert.contains(entry.certPin), expired {
            return LintFinding(
                .warning, .pinOnRetiredIntermediate, host: host,
                message: "pins the certificate \(entry.label) of \(authority.name), expired on \(day): no chain can "
                    + "carry it any more.",
                fix: "Remove the pin.")
        }
        guard entry.role == .intermediate, pins.names(entry),
            !authority.certificates(withKey: entry.spkiPin).contains(where: { $0.mayIssue(on: now) })
        else { return nil }
        let state = expired ? "expired on \(day)" : "\(entry.status.rawValue), valid to \(day)"
        return LintFinding(
            .warning, .pinOnRetiredIntermediate, host: host,
            message: "pins \(authority.name)'s \(entry.label) (\(state)): no new certificate comes from it.",
            fix: expired
                ? "Remove the pin." : "Keep it only while a certificate it issued is served; pin what issues now.")
    }

    /// `rootPin` and every catalog key that signs, in a certificate valid at `now` and not replaced, a certificate
    /// of a key already in the set (the cross-signs up to the oldest root).
    static func keysAbove(_ rootPin: String, in authority: CertificateAuthority, now: Date) -> Set<String> {
        var keys: Set<String> = [rootPin]
        var frontier = [rootPin]
        while let key = frontier.popLast() {
            for entry in authority.certificates(withKey: key)
            where entry.status != .replaced && entry.status != .expired && entry.notAfter >= now {
                if let signer = authority.signerPins[entry.file], keys.insert(signer).inserted {
                    frontier.append(signer)
                }
            }
        }
        return keys
    }
}
