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
    ///
    /// `keyExchange` is what OpenSSL reported for the suite; nil reads it from the suite's IANA name.
    public static func evaluate(
        protocolVersion: String, cipherSuite: String, keyExchange: KeyExchange? = nil, chainDER: [[UInt8]]
    ) -> ATSEvaluation {
        var violations = protocolViolations(
            protocolVersion: protocolVersion, cipherSuite: cipherSuite,
            keyExchange: keyExchange ?? KeyExchange(suiteName: cipherSuite))
        let chain = chainDER.map { der in Result { try ATSCertificateFacts(derEncoded: der) } }
        switch chain.first {
        case nil:
            violations.append(.init(rule: .leafKeySize, finding: "no certificate to check"))
        case .failure(let error)?:
            violations.append(.init(rule: .leafKeySize, finding: "the leaf certificate cannot be read (\(error))"))
        case .success(let leaf)?:
            if let finding = weakKeyFinding(leaf.key) {
                violations.append(.init(rule: .leafKeySize, finding: finding, exception: .noForwardSecrecyRequirement))
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
                violations.append(
                    .init(
                        rule: .signatureHash, finding: "\(named) is signed with \(finding)",
                        exception: .allowsInsecureHTTPLoads))
            }
        }
        return ATSEvaluation(violations: violations)
    }

    private static func protocolViolations(
        protocolVersion: String, cipherSuite: String, keyExchange: KeyExchange
    ) -> [ATSViolation] {
        var violations: [ATSViolation] = []
        let version = parseVersion(protocolVersion)
        if let version {
            if version < (1, 2) {
                let spoken = version.0 == 0 ? "SSL \(version.1).0" : "TLS \(version.0).\(version.1)"
                violations.append(
                    .init(
                        rule: .minimumTLSVersion, finding: "\(spoken) < 1.2",
                        exception: .minimumTLSVersion(major: version.0, minor: version.1)))
            }
        } else {
            violations.append(.init(rule: .minimumTLSVersion, finding: "unrecognized protocol \(protocolVersion)"))
        }
        let isTLS13 = version.map { $0 >= (1, 3) } ?? false
        if !isTLS13 && !ATSCipherSuites.isForwardSecret(cipherSuite) {
            violations.append(forwardSecrecyViolation(cipherSuite: cipherSuite, keyExchange: keyExchange))
        }
        return violations
    }

    /// Why a TLS 1.2 (or older) suite is not one ATS accepts, by its key exchange, and whether a key can allow it.
    private static func forwardSecrecyViolation(cipherSuite: String, keyExchange: KeyExchange) -> ATSViolation {
        let allowed = ATSCipherSuites.isAllowedWithoutForwardSecrecy(cipherSuite)
        let finding: String
        switch keyExchange {
        case .rsa:
            finding =
                "\(cipherSuite) uses RSA key exchange (no forward secrecy)"
                + (allowed ? "" : " and is not one of the six RSA suites ATS can be told to accept")
        case .dhe:
            finding =
                "\(cipherSuite) uses DHE key exchange: forward secret, but Apple's TLS offers no DHE suite, so an "
                + "app connects only if the server also accepts one of the ECDHE suites ATS lists"
        case .ecdhe:
            finding = "\(cipherSuite) is an ECDHE suite ATS does not list (its cipher or MAC is not accepted)"
        default:
            finding = "\(cipherSuite) uses \(keyExchange) key exchange, which ATS does not accept"
        }
        return ATSViolation(
            rule: .forwardSecrecy, finding: finding, exception: allowed ? .noForwardSecrecyRequirement : nil)
    }

    /// (major, minor) of "TLSv1.2", "TLS 1.3", "TLSv1", "SSLv3"; SSL versions rank below every TLS version.
    static func parseVersion(_ text: String) -> (Int, Int)? {
        let trimmed = String(text.filter { $0 != " " }).uppercased()
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
