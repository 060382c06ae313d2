import SwiftASN1
import X509

/// Checks one connection against the App Transport Security requirements. Pure: it looks only at the values given.
public enum ATSEvaluator {
    /// Evaluates a connection from its negotiated protocol ("TLSv1.2", "TLSv1.3", "TLS 1.2", ...), its cipher suite
    /// (IANA or OpenSSL name) and its certificate chain, leaf first (as sent or as built).
    public static func evaluate(protocolVersion: String, cipherSuite: String, chain: [Certificate]) -> ATSEvaluation {
        evaluate(protocolVersion: protocolVersion, cipherSuite: cipherSuite, chainDER: chain.map(\.derBytes))
    }

    /// The same from the chain's DER, leaf first (a probe's `sentChain`). Use this one for live servers: it also
    /// judges certificates that swift-certificates cannot parse (RSA under 2048 bits, P-224, SHA-1 ECDSA, MD5), which
    /// are the ones ATS rejects. A certificate that is not DER at all fails the rules it could not be checked for.
    public static func evaluate(protocolVersion: String, cipherSuite: String, chainDER: [[UInt8]]) -> ATSEvaluation {
        var violations = protocolViolations(protocolVersion: protocolVersion, cipherSuite: cipherSuite)
        let chain = chainDER.map { der in Result { try ATSCertificateFacts(derEncoded: der) } }
        switch chain.first {
        case nil:
            violations.append(.init(rule: .leafKeySize, finding: "no certificate to check"))
        case .failure(let error)?:
            violations.append(.init(rule: .leafKeySize, finding: "the leaf certificate cannot be read (\(error))"))
        case .success(let leaf)?:
            if let finding = weakKeyFinding(leaf.key) {
                violations.append(.init(rule: .leafKeySize, finding: finding))
            }
        }
        for (index, facts) in chain.enumerated() {
            let level = index == 0 ? "the leaf" : "certificate \(index + 1)"
            guard case .success(let certificate) = facts else {
                violations.append(.init(rule: .signatureHash, finding: "\(level) cannot be read"))
                continue
            }
            // A self-signed anchor's own signature is not relied upon; every other signature is.
            if index > 0 && certificate.isSelfIssued { continue }
            if let finding = weakSignatureFinding(certificate.signatureAlgorithm) {
                let named = index == 0 ? level : "\(level) (\(certificate.subject))"
                violations.append(.init(rule: .signatureHash, finding: "\(named) is signed with \(finding)"))
            }
        }
        return ATSEvaluation(violations: violations)
    }

    private static func protocolViolations(protocolVersion: String, cipherSuite: String) -> [ATSViolation] {
        var violations: [ATSViolation] = []
        let version = parseVersion(protocolVersion)
        if let version {
            if version < (1, 2) {
                violations.append(.init(rule: .minimumTLSVersion, finding: "negotiated \(protocolVersion)"))
            }
        } else {
            violations.append(.init(rule: .minimumTLSVersion, finding: "unrecognized protocol \(protocolVersion)"))
        }
        let isTLS13 = version.map { $0 >= (1, 3) } ?? false
        if !isTLS13 && !ATSCipherSuites.isForwardSecret(cipherSuite) {
            violations.append(
                .init(
                    rule: .forwardSecrecy,
                    finding: "\(cipherSuite) is not one of the ECDHE suites ATS accepts"
                        + (cipherSuite.uppercased().hasPrefix("TLS_RSA_") || !cipherSuite.contains("DHE")
                            ? " (RSA key exchange has no forward secrecy)" : "")))
        }
        return violations
    }

    /// (major, minor) of "TLSv1.2", "TLS 1.3", "TLSv1", "SSLv3"; SSL versions rank below every TLS version.
    static func parseVersion(_ text: String) -> (Int, Int)? {
        let trimmed = text.uppercased().replacingOccurrences(of: " ", with: "")
        if trimmed.hasPrefix("SSLV") { return (0, Int(trimmed.dropFirst(4)) ?? 0) }
        guard trimmed.hasPrefix("TLSV") || trimmed.hasPrefix("TLS") else { return nil }
        let number = trimmed.hasPrefix("TLSV") ? trimmed.dropFirst(4) : trimmed.dropFirst(3)
        let parts = number.split(separator: ".")
        guard let major = parts.first.flatMap({ Int($0) }) else { return nil }
        let minor = parts.count > 1 ? Int(parts[1]) : 0
        guard let minor else { return nil }
        return (major, minor)
    }

    private static func weakKeyFinding(_ key: ATSKeyAlgorithm) -> String? {
        switch key {
        case .rsa(let bits):
            return bits >= 2048 ? nil : "the leaf key is RSA \(bits) bits"
        case .ellipticCurve(let name, let bits):
            return bits >= 256 ? nil : "the leaf key is EC \(name), \(bits) bits"
        case .other(let name):
            return "the leaf key is \(name), neither RSA nor elliptic-curve"
        }
    }

    private static func weakSignatureFinding(_ algorithm: ASN1ObjectIdentifier) -> String? {
        if ATSAlgorithms.strongSignatures.contains(algorithm) { return nil }
        if let weak = ATSAlgorithms.weakSignatures[algorithm] { return weak }
        return "\(algorithm), not SHA-256 or better"
    }
}
