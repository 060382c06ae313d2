import Foundation
import PinningCore

/// Human-readable blocks of certificate details, as `pinbench pins` and `inspect` print them.
public enum DetailsText {
    public static func lines(_ details: CertificateDetails, now: Date) -> [String] {
        let days = details.daysLeft(at: now)
        let validity = days < 0 ? "EXPIRED \(-days) days ago" : "\(days) days left"
        var lines = [
            "Subject:      \(details.subject)",
            "Issuer:       \(details.issuer)",
            "Serial:       \(details.serialNumber)",
            "Valid:        \(Timestamp.format(details.notBefore)) to \(Timestamp.format(details.notAfter)) (\(validity))",
        ]
        if !details.dnsNames.isEmpty { lines.append("DNS names:    \(details.dnsNames.joined(separator: ", "))") }
        if !details.ipAddresses.isEmpty { lines.append("IP addresses: \(details.ipAddresses.joined(separator: ", "))") }
        lines += [
            "Key:          \(details.key.summary)",
            "Signature:    \(details.signatureAlgorithm)",
            "Kind:         \(details.isCertificateAuthority ? (details.isSelfIssued ? "root CA" : "CA") : "leaf")",
        ]
        lines += details.usage.labelledValues.map {
            ($0.label + ":").padding(toLength: 14, withPad: " ", startingAt: 0) + $0.value
        }
        lines += [
            "SHA-256:      \(details.sha256Fingerprint)",
            "SHA-1:        \(details.sha1Fingerprint)",
            "spki-sha256:  \(details.spkiPin)",
            "cert-sha256:  \(details.certPin)",
        ]
        return lines
    }
}

/// The JSON form of one certificate of a file.
public struct CertificateJSON: Encodable, Sendable {
    public let file: String
    public let index: Int
    public let details: CertificateDetails
    public let daysLeft: Int

    public init(file: String, index: Int, details: CertificateDetails, daysLeft: Int) {
        self.file = file
        self.index = index
        self.details = details
        self.daysLeft = daysLeft
    }
}
