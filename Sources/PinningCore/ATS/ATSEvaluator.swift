import Crypto
import X509
import _CryptoExtras

/// Checks one connection against the App Transport Security requirements. Pure: it looks only at the values given.
public enum ATSEvaluator {
    /// Evaluates a connection from its negotiated protocol ("TLSv1.2", "TLSv1.3", "TLS 1.2", ...), its cipher suite
    /// (IANA or OpenSSL name) and its certificate chain, leaf first (as sent or as built).
    public static func evaluate(protocolVersion: String, cipherSuite: String, chain: [Certificate]) -> ATSEvaluation {
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
        if let leaf = chain.first {
            if let finding = weakKeyFinding(leaf.publicKey) {
                violations.append(.init(rule: .leafKeySize, finding: finding))
            }
        } else {
            violations.append(.init(rule: .leafKeySize, finding: "no certificate to check"))
        }
        for (index, certificate) in chain.enumerated() {
            // A self-signed anchor's own signature is not relied upon; every other signature is.
            if index > 0 && certificate.subject == certificate.issuer { continue }
            if let finding = weakSignatureFinding(certificate.signatureAlgorithm) {
                let level = index == 0 ? "the leaf" : "certificate \(index + 1) (\(certificate.subject))"
                violations.append(.init(rule: .signatureHash, finding: "\(level) is signed with \(finding)"))
            }
        }
        return ATSEvaluation(violations: violations)
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

    private static func weakKeyFinding(_ key: Certificate.PublicKey) -> String? {
        if let rsa = _RSA.Signing.PublicKey(key) {
            let bits = rsa.keySizeInBits
            return bits >= 2048 ? nil : "the leaf key is RSA \(bits) bits"
        }
        if P256.Signing.PublicKey(key) != nil || P384.Signing.PublicKey(key) != nil
            || P521.Signing.PublicKey(key) != nil || Curve25519.Signing.PublicKey(key) != nil
        {
            return nil
        }
        return "the leaf key's algorithm is not recognized as RSA or elliptic-curve"
    }

    private static func weakSignatureFinding(_ algorithm: Certificate.SignatureAlgorithm) -> String? {
        switch algorithm {
        case .sha256WithRSAEncryption, .sha384WithRSAEncryption, .sha512WithRSAEncryption, .ecdsaWithSHA256,
            .ecdsaWithSHA384, .ecdsaWithSHA512, .ed25519:
            return nil
        case .sha1WithRSAEncryption:
            return "SHA-1 (sha1WithRSAEncryption)"
        default:
            return "\(algorithm), not SHA-256 or better"
        }
    }
}
