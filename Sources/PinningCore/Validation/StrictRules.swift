import Foundation
import SwiftASN1
import X509

/// The rules ``ValidationProfile/strict`` adds (``StrictRuleViolation``), as one pure function over a path, leaf
/// first and the trust anchor last. ``StrictRulesPolicy`` applies it while paths are built; the trust evaluator
/// applies it again to a path found without it, to say which rule failed.
enum StrictRules {
    /// The first rule `path` breaks, or nil when it meets them all.
    static func firstViolation(in path: [Certificate]) -> StrictRuleViolation? {
        guard let leaf = path.first else { return nil }
        if let violation = leafViolation(leaf) { return violation }
        for level in path.indices {
            if let violation = certificateViolation(path[level], level: level, isAnchor: level == path.count - 1) {
                return violation
            }
        }
        return nil
    }

    private static func leafViolation(_ leaf: Certificate) -> StrictRuleViolation? {
        let subject = leaf.subject.opensslString
        let usage = try? leaf.extensions.extendedKeyUsage
        if usage?.contains(.serverAuth) != true { return .leafWithoutServerAuth(subject: subject) }
        if let san = leaf.extensions[oid: .X509ExtensionID.subjectAlternativeName], san.critical != leaf.subject.isEmpty
        {
            return .subjectAlternativeNameCriticality(subject: subject, critical: san.critical)
        }
        if let commonName = leaf.subject.commonName, !sanTexts(leaf).contains(commonName) {
            return .commonNameNotInSubjectAlternativeNames(subject: subject, commonName: commonName)
        }
        return nil
    }

    /// The leaf's SAN entries as CA/B BR 7.1.4.3 wants a CN to repeat them: DNS names as written, IPv4 addresses
    /// in dotted decimal, IPv6 addresses in RFC 5952 form (lowercase, zeros compressed).
    private static func sanTexts(_ leaf: Certificate) -> [String] {
        guard let names = try? leaf.extensions.subjectAlternativeNames else { return [] }
        return names.compactMap { name in
            switch name {
            case .dnsName(let text): return text
            case .ipAddress(let octets): return addressText(Array(octets.bytes))
            default: return nil
            }
        }
    }

    private static func addressText(_ bytes: [UInt8]) -> String? {
        let family: Int32
        switch bytes.count {
        case 4: family = AF_INET
        case 16: family = AF_INET6
        default: return nil
        }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func certificateViolation(
        _ certificate: Certificate, level: Int, isAnchor: Bool
    ) -> StrictRuleViolation? {
        let subject = certificate.subject.opensslString
        let extensions = certificate.extensions
        // The anchor's serial is not checked: trusted roots with serial 0 exist (Starfield Root G2).
        if !isAnchor, let problem = serialProblem(Array(certificate.serialNumber.bytes)) {
            return .serialNumber(level: level, subject: subject, problem: problem)
        }
        let isCA = isCA(certificate)
        if isCA {
            if certificate.subject.isEmpty { return .caSubjectEmpty(level: level) }
            if extensions[oid: .X509ExtensionID.subjectKeyIdentifier] == nil {
                return .missingSubjectKeyIdentifier(level: level, subject: subject)
            }
            if extensions[oid: .X509ExtensionID.basicConstraints]?.critical == false {
                return .basicConstraintsNotCritical(level: level, subject: subject)
            }
        }
        if !isAnchor, extensions[oid: .X509ExtensionID.authorityKeyIdentifier] == nil {
            return .missingAuthorityKeyIdentifier(level: level, subject: subject)
        }
        if isAnchor, certificate.issuer == certificate.subject, let problem = anchorKeyIdentifierProblem(certificate) {
            return .anchorAuthorityKeyIdentifier(subject: subject, problem: problem)
        }
        if let problem = nameConstraintsProblem(certificate, isCA: isCA) {
            return .nameConstraintsProfile(level: level, subject: subject, problem: problem)
        }
        if extensions[oid: PolicyConstraintsPolicy.policyConstraints]?.critical == false {
            return .policyConstraintsNotCritical(level: level, subject: subject)
        }
        if extensions[oid: .X509ExtensionID.authorityInformationAccess] != nil {
            let access = try? extensions.authorityInformationAccess
            if access?.isEmpty != false { return .malformedAuthorityInformationAccess(level: level, subject: subject) }
        }
        let key = PublicKeyDescription(certificate.publicKey)
        if key.algorithm == .rsa, key.bits % 8 != 0 {
            return .rsaModulusNotMultipleOf8(level: level, subject: subject, bits: key.bits)
        }
        if let usage = extensions[oid: .X509ExtensionID.extendedKeyUsage] {
            if usage.critical { return .criticalExtendedKeyUsage(level: level, subject: subject) }
            if isAnchor, level > 0 { return .extendedKeyUsageOnRoot(subject: subject) }
        }
        return nil
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

/// Applies ``StrictRules`` to every candidate path under ``ValidationProfile/strict``.
struct StrictRulesPolicy: VerifierPolicy {
    let verifyingCriticalExtensions: [ASN1ObjectIdentifier] = []

    func chainMeetsPolicyRequirements(chain: UnverifiedCertificateChain) -> PolicyEvaluationResult {
        guard let violation = StrictRules.firstViolation(in: Array(chain)) else { return .meetsPolicy }
        return .failsToMeetPolicy(reason: violation.reason)
    }
}
