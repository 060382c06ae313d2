import Foundation
import X509

/// A certificate rule that OpenSSL, curl and the mobile platforms enforce and swift-certificates' RFC 5280 policy
/// does not, broken by a verified-looking path. Decided by ``ChainRules``; a typed value, so that the verdict's
/// rejection and its words both come from the case, never from a message's text.
enum ChainRuleViolation: Hashable, Sendable {
    /// A CA certificate that issued the next certificate of the path states a key usage without `keyCertSign`
    /// (RFC 5280 4.2.1.3; `openssl verify` error 32, curl "invalid CA certificate").
    case caCannotSignCertificates(level: Int, subject: String)
    /// The leaf's key usage allows none of digitalSignature, keyEncipherment and keyAgreement, so its key cannot
    /// take part in a TLS handshake (OpenSSL's `sslserver` purpose; curl "unsuitable certificate purpose").
    case leafKeyUsageCannotHandshake(subject: String, usage: String)
    /// The leaf's key usage lacks digitalSignature, which the JDK asks of a TLS 1.3 or ECDHE server's key
    /// (`EndEntityChecker`: "KeyUsage does not allow digital signatures").
    case leafKeyUsageWithoutDigitalSignature(subject: String, usage: String)
    /// The leaf asserts `keyCertSign` without being a CA (RFC 5280 4.2.1.3: keyCertSign requires cA).
    case leafSignsCertificatesWithoutBeingCA(subject: String)
    /// The leaf is a CA certificate (basic constraints cA TRUE) and not itself the trust anchor (CA/Browser Forum
    /// BR 7.1.2.7.8: a subscriber certificate is not a CA; rustls-webpki, Chrome when its key usage is a CA's).
    case caCertificateAsLeaf(subject: String)
    /// The leaf, issued after 1 July 2019, lacks the serverAuth extended key usage (iOS 13 and later,
    /// SecPolicyCheckServerAuthEKU, for every anchor but a user-installed root).
    case leafLacksServerAuthUsage(subject: String, notBefore: Date)

    /// The rejection a verdict gives for this violation.
    var rejection: Verdict.Rejection {
        switch self {
        case .caCannotSignCertificates: return .caCannotSignCertificates
        case .leafKeyUsageCannotHandshake, .leafSignsCertificatesWithoutBeingCA, .leafKeyUsageWithoutDigitalSignature:
            return .leafKeyUsage
        case .caCertificateAsLeaf: return .caAsLeaf
        case .leafLacksServerAuthUsage: return .wrongKeyUsage
        }
    }

    /// The reason in words, naming the certificate and the rule.
    var reason: String {
        switch self {
        case .caCannotSignCertificates(let level, let subject):
            return "level \(level) (\(subject)) is a CA whose key usage does not include keyCertSign, so it may not "
                + "sign certificates (RFC 5280 4.2.1.3; openssl verify error 32, curl: invalid CA certificate)"
        case .leafKeyUsageCannotHandshake(let subject, let usage):
            return "the leaf (\(subject)) has key usage \(usage), which allows neither digitalSignature, "
                + "keyEncipherment nor keyAgreement: its key cannot be used in a TLS handshake (curl and OpenSSL: "
                + "unsuitable certificate purpose)"
        case .leafKeyUsageWithoutDigitalSignature(let subject, let usage):
            return "the leaf (\(subject)) has key usage \(usage), without digitalSignature: the JDK refuses it for a "
                + "TLS 1.3 or ECDHE handshake (KeyUsage does not allow digital signatures)"
        case .leafSignsCertificatesWithoutBeingCA(let subject):
            return "the leaf (\(subject)) asserts keyCertSign in its key usage but is not a CA (RFC 5280 4.2.1.3)"
        case .caCertificateAsLeaf(let subject):
            return "the leaf (\(subject)) is a CA certificate (basic constraints CA:TRUE); a TLS server certificate "
                + "must not be one (CA/Browser Forum BR 7.1.2.7.8; rustls-webpki and Chrome refuse it)"
        case .leafLacksServerAuthUsage(let subject, let notBefore):
            return "the leaf (\(subject)), issued \(Timestamp.format(notBefore)), has no extended key usage "
                + "allowing TLS server authentication (serverAuth); iOS 13 and later require it of every leaf "
                + "issued after 1 July 2019"
        }
    }
}
