import Foundation
import SwiftASN1
import X509

/// The rules ``ValidationProfile/strict`` adds (``StrictRuleViolation``), as one pure function over a path, leaf
/// first and the trust anchor last. ``StrictRulesPolicy`` applies it while paths are built; the trust evaluator
/// applies it again to a path found without it, to say which rule failed.
enum StrictRules {
    /// The first rule of `standards` that `path` breaks, or nil when it meets them all. Rules are looked at in one
    /// order (the leaf's own first, then each level from the leaf up), whatever the standards.
    static func firstViolation<Path: RandomAccessCollection<Certificate>>(
        in path: Path, standards: Set<StrictRuleViolation.Standard>
    ) -> StrictRuleViolation? where Path.Index == Int {
        guard let leaf = path.first, !standards.isEmpty else { return nil }
        if standards.contains(.mobilePlatforms) {
            for level in path.indices {
                if let violation = platformViolation(path[level], level: level) { return violation }
            }
        }
        // Under `platform` nothing else applies: the issuance rules below are not looked at (nor their words made).
        guard !standards.subtracting([.mobilePlatforms]).isEmpty else { return nil }
        if let violation = leafViolations(leaf).first(where: { standards.contains($0.standard) }) { return violation }
        for level in path.indices {
            let violations = certificateViolations(path[level], level: level, isAnchor: level == path.count - 1)
            if let violation = violations.first(where: { standards.contains($0.standard) }) { return violation }
        }
        return nil
    }

    /// The rule a mobile platform enforces that `certificate` breaks, at any level (the anchor included): iOS
    /// refuses a path with a known extension it cannot parse (its `UnparseableExtension` check), and its parsers
    /// refuse an unreadable or empty authority information access and an authority key identifier whose issuer and
    /// serial do not come together.
    private static func platformViolation(_ certificate: Certificate, level: Int) -> StrictRuleViolation? {
        let extensions = certificate.extensions
        if extensions[oid: .X509ExtensionID.authorityInformationAccess] != nil,
            (try? extensions.authorityInformationAccess)?.isEmpty != false
        {
            return .malformedAuthorityInformationAccess(level: level, subject: certificate.subject.opensslString)
        }
        if let raw = extensions[oid: .X509ExtensionID.authorityKeyIdentifier], isRefused(authorityKeyIdentifier: raw) {
            return .unreadableAuthorityKeyIdentifier(level: level, subject: certificate.subject.opensslString)
        }
        return nil
    }

    /// Whether iOS refuses this authority key identifier: unreadable, or an issuer without a serial or the reverse.
    /// The usual one, a key identifier alone, is recognised from its bytes: decoding it was a tenth of the verifier's
    /// own work, on every certificate of every candidate path.
    static func isRefused(authorityKeyIdentifier raw: Certificate.Extension) -> Bool {
        if holdsKeyIdentifierAlone(raw.value) { return false }
        return isRefusedWhenDecoded(authorityKeyIdentifier: raw)
    }

    /// The rule itself, on the decoded extension.
    static func isRefusedWhenDecoded(authorityKeyIdentifier raw: Certificate.Extension) -> Bool {
        let identifier = try? AuthorityKeyIdentifier(raw)
        return identifier.map({ ($0.authorityCertIssuer == nil) != ($0.authorityCertSerialNumber == nil) }) != false
    }

    /// True only for `SEQUENCE { [0] keyIdentifier }` in short-form DER and nothing else, which decodes to a key
    /// identifier with neither issuer nor serial; anything else (false) is decoded.
    static func holdsKeyIdentifierAlone(_ value: ArraySlice<UInt8>) -> Bool {
        let count = value.count
        guard count >= 4, count - 2 < 0x80 else { return false }
        let start = value.startIndex
        return value[start] == 0x30 && Int(value[start + 1]) == count - 2 && value[start + 2] == 0x80
            && Int(value[start + 3]) == count - 4
    }

    private static func leafViolations(_ leaf: Certificate) -> [StrictRuleViolation] {
        let subject = leaf.subject.opensslString
        var violations: [StrictRuleViolation] = []
        let usage = try? leaf.extensions.extendedKeyUsage
        if usage?.contains(.serverAuth) != true { violations.append(.leafWithoutServerAuth(subject: subject)) }
        if let san = leaf.extensions[oid: .X509ExtensionID.subjectAlternativeName], san.critical != leaf.subject.isEmpty
        {
            violations.append(.subjectAlternativeNameCriticality(subject: subject, critical: san.critical))
        }
        let names = try? leaf.extensions.subjectAlternativeNames
        let dnsNames = names?.compactMap { name -> String? in
            if case .dnsName(let text) = name { return text } else { return nil }
        }
        if let name = dnsNames?.first(where: { !isPreferredNameSyntax($0) }) {
            violations.append(.dnsNameSyntax(subject: subject, name: name))
        }
        if let commonName = leaf.subject.commonName, !sanTexts(names).contains(commonName) {
            violations.append(.commonNameNotInSubjectAlternativeNames(subject: subject, commonName: commonName))
        }
        return violations
    }

    /// RFC 1034 3.5 as RFC 1123 2.1 relaxed it (``HostNameParser/isPreferredLabel(_:)``), label by label. A leftmost
    /// `*` label is a wildcard (RFC 6125 6.4.3), which ``ServerNameMatcher`` judges on its own.
    static func isPreferredNameSyntax(_ name: String) -> Bool {
        var labels = name.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count > 1, labels.first == "*" { labels.removeFirst() }
        return !labels.isEmpty && labels.allSatisfy(HostNameParser.isPreferredLabel)
    }

    /// The leaf's SAN entries (`names`, nil when it has none or they are unreadable) as CA/B BR 7.1.4.3 wants a CN
    /// to repeat them: DNS names as written, IPv4 addresses in dotted decimal, IPv6 addresses in RFC 5952 form
    /// (lowercase, zeros compressed).
    private static func sanTexts(_ names: SubjectAlternativeNames?) -> [String] {
        guard let names else { return [] }
        return names.compactMap { name in
            switch name {
            case .dnsName(let text): return text
            case .ipAddress(let octets): return IPAddressText.text(Array(octets.bytes))
            default: return nil
            }
        }
    }

    /// Every rule `certificate` breaks at `level`, in the order they are reported.
    private static func certificateViolations(
        _ certificate: Certificate, level: Int, isAnchor: Bool
    ) -> [StrictRuleViolation] {
        let subject = certificate.subject.opensslString
        let extensions = certificate.extensions
        var violations: [StrictRuleViolation] = []
        // The anchor's serial is not checked: trusted roots with serial 0 exist (Starfield Root G2).
        if !isAnchor, let problem = serialProblem(Array(certificate.serialNumber.bytes)) {
            violations.append(.serialNumber(level: level, subject: subject, problem: problem))
        }
        let isCA = isCA(certificate)
        if isCA { violations += caViolations(certificate, level: level, subject: subject) }
        if !isAnchor, extensions[oid: .X509ExtensionID.authorityKeyIdentifier] == nil {
            violations.append(.missingAuthorityKeyIdentifier(level: level, subject: subject))
        }
        if isAnchor, certificate.issuer == certificate.subject, let problem = anchorKeyIdentifierProblem(certificate) {
            violations.append(.anchorAuthorityKeyIdentifier(subject: subject, problem: problem))
        }
        if let problem = nameConstraintsProblem(certificate, isCA: isCA) {
            violations.append(.nameConstraintsProfile(level: level, subject: subject, problem: problem))
        }
        if extensions[oid: PolicyConstraintsPolicy.policyConstraints]?.critical == false {
            violations.append(.policyConstraintsNotCritical(level: level, subject: subject))
        }
        let key = PublicKeyDescription(certificate.publicKey)
        if key.algorithm == .rsa, key.bits % 8 != 0 {
            violations.append(.rsaModulusNotMultipleOf8(level: level, subject: subject, bits: key.bits))
        }
        if let usage = extensions[oid: .X509ExtensionID.extendedKeyUsage] {
            if usage.critical { violations.append(.criticalExtendedKeyUsage(level: level, subject: subject)) }
            if isAnchor, level > 0 { violations.append(.extendedKeyUsageOnRoot(subject: subject)) }
        }
        return violations
    }

    /// The rules of a CA certificate's own fields: a subject, a subject key identifier, critical basic constraints.
    private static func caViolations(_ certificate: Certificate, level: Int, subject: String) -> [StrictRuleViolation] {
        let extensions = certificate.extensions
        var violations: [StrictRuleViolation] = []
        if certificate.subject.isEmpty { violations.append(.caSubjectEmpty(level: level)) }
        if extensions[oid: .X509ExtensionID.subjectKeyIdentifier] == nil {
            violations.append(.missingSubjectKeyIdentifier(level: level, subject: subject))
        }
        if extensions[oid: .X509ExtensionID.basicConstraints]?.critical == false {
            violations.append(.basicConstraintsNotCritical(level: level, subject: subject))
        }
        return violations
    }

    /// RFC 5280 4.1.2.2: positive, at most 20 octets. swift-certificates keeps the magnitude only (no sign octet),
    /// so a negative serial cannot be told apart here; zero can.
    private static func serialProblem(_ bytes: [UInt8]) -> StrictRuleViolation.SerialNumberProblem? {
        if bytes.count > 20 { return .longerThan20Octets(bytes.count) }
        if bytes.allSatisfy({ $0 == 0 }) { return .notPositive }
        return nil
    }

    private static func anchorKeyIdentifierProblem(
        _ anchor: Certificate
    ) -> StrictRuleViolation.AnchorKeyIdentifierProblem? {
        guard anchor.extensions[oid: .X509ExtensionID.authorityKeyIdentifier] != nil else { return nil }
        guard let identifier = try? anchor.extensions.authorityKeyIdentifier,
            let keyIdentifier = identifier.keyIdentifier
        else { return .noKeyIdentifier }
        if identifier.authorityCertIssuer != nil || identifier.authorityCertSerialNumber != nil {
            return .namesIssuerOrSerial
        }
        let subjectKeyIdentifier = (try? anchor.extensions.subjectKeyIdentifier)?.keyIdentifier
        return subjectKeyIdentifier.map(Array.init) == Array(keyIdentifier) ? nil : .differsFromSubjectKeyIdentifier
    }

    private static func nameConstraintsProblem(
        _ certificate: Certificate, isCA: Bool
    ) -> StrictRuleViolation.NameConstraintsProblem? {
        guard let raw = certificate.extensions[oid: .X509ExtensionID.nameConstraints] else { return nil }
        if !raw.critical { return .notCritical }
        if !isCA { return .inLeaf }
        guard let constraints = try? certificate.extensions.nameConstraints else { return .unreadable }
        if constraints.permittedSubtrees.isEmpty && constraints.excludedSubtrees.isEmpty { return .empty }
        let dnsNames = Array(constraints.permittedDNSDomains) + Array(constraints.excludedDNSDomains)
        return dnsNames.first { $0.hasPrefix(".") }.map {
            StrictRuleViolation.NameConstraintsProblem.dnsNameWithLeadingPeriod($0)
        }
    }

    private static func isCA(_ certificate: Certificate) -> Bool {
        guard case .isCertificateAuthority = try? certificate.extensions.basicConstraints else { return false }
        return true
    }
}
