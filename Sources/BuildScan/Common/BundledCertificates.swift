import Foundation
import PinningCore

/// Certificates bundled in a build (an APK's `res/raw` and `assets`, anywhere in an iOS app): each with its `spki-sha256` and `cert-sha256` pins
/// (PinningCore's ``Fingerprint``, the one pin rule), and whether it is a debugging proxy's CA.
enum BundledCertificates {
    static let extensions: Set<String> = ["cer", "crt", "der", "pem"]

    /// The debugging proxies whose CA names itself so. Each generates its CA per install, so no pin list could
    /// know them: the certificate's subject is what names it.
    static let proxyNames = [
        "mitmproxy", "charles proxy", "portswigger", "fiddlerroot", "proxyman", "http toolkit", "httptoolkit",
    ]

    /// True for the entries an APK scan reads as certificates: certificate files under `res/raw/` and `assets/`.
    static func isCandidate(_ name: String) -> Bool {
        guard name.hasPrefix("res/raw/") || name.hasPrefix("assets/") else { return false }
        return hasCertificateExtension(name)
    }

    /// `.cer`, `.crt`, `.der` or `.pem`, in any case: how Alamofire and AFNetworking find an app's certificates.
    static func hasCertificateExtension(_ name: String) -> Bool {
        extensions.contains((name as NSString).pathExtension.lowercased())
    }

    /// The findings for one entry's bytes; a file that holds no certificate is reported as such, not an error.
    static func findings(_ bytes: [UInt8], entry: String) -> [ScanFinding] {
        let certificates: [ChainCertificate]
        do {
            certificates = try CertificateChainDecoder.decode(Data(bytes), source: entry)
        } catch {
            return [
                ScanFinding(
                    .bundledCertificate, value: "unreadable", detail: "not a certificate: \(error.reason)",
                    location: ScanLocation(entry: entry), certainty: .bundledFile)
            ]
        }
        return certificates.enumerated().map { index, certificate in
            let details = certificate.details
            let subject = details.subject.lowercased()
            let isProxy = proxyNames.contains { subject.contains($0) }
            return ScanFinding(
                .bundledCertificate, value: "sha256/" + details.spkiPin,
                detail: "subject \(details.subject); cert-sha256 \(details.certPin); not after "
                    + ISO8601DateFormatter().string(from: details.notAfter)
                    + (isProxy ? "; a debugging proxy's CA" : ""),
                location: ScanLocation(
                    entry: entry, keyPath: certificates.count > 1 ? "certificate[\(index + 1)]" : nil),
                certainty: .bundledFile, rules: isProxy ? [.debuggingProxyCA] : [], certificatePin: details.certPin)
        }
    }
}
