import Foundation
import PinForecast
import PinningCore
import TransparencyLog
import X509

/// The path a logged certificate would be served on, as far as it is proven. The tree covers only the entry: the
/// issuers a log serves beside it (RFC 6962 `extra_data`, a tiled log's issuer fingerprints) are claims. Each one
/// counts only once its key verifies the signature of the certificate below it; the path stops at the first that
/// does not, and says why, so a forged chain of pinned CAs never makes a verdict "accepted".
struct ServedPath {
    let pins: PathPins
    /// Why the path ends before the last issuer the log served; nil when every served issuer was proven.
    let cut: String?

    /// At most this many issuers above the leaf are judged (and signature-checked) per entry.
    static let maximumIssuers = 15

    /// The leaf (a precertificate's final certificate is not known, so only its key), the issuer (a
    /// precertificate's key is named in the entry itself), then each served issuer that signed the one below.
    init(_ entry: LogEntry, certificate: Certificate, issuers: [[UInt8]]) {
        let leaf = CertificateDetails(certificate)
        var levels = [
            PathPins.Level(
                spki: leaf.spkiPin, certificate: entry.kind == .certificate ? leaf.certPin : nil,
                notAfter: certificate.notValidAfter)
        ]
        var served = issuers[...]
        // The certificate whose signature the next issuer must verify: a precertificate's own signature is not
        // in the entry (the log hashes its TBSCertificate), so its issuer is proven by the key hash instead.
        var below: Certificate? = entry.kind == .certificate ? certificate : nil
        var cut: String?
        if let keyHash = entry.issuerKeyHash {
            let named = Data(keyHash).base64EncodedString()
            if let first = served.first, let issuer = try? Certificate(derEncoded: first),
                CertificateDetails(issuer).spkiPin == named
            {
                levels.append(Self.level(issuer))
                below = issuer
                served.removeFirst()
            } else {
                levels.append(PathPins.Level(spki: named, certificate: nil))
                below = nil
                if !served.isEmpty {
                    cut = "the log's first issuer is not the key the precertificate names; the path ends at that key"
                }
            }
        }
        for (offset, der) in served.prefix(Self.maximumIssuers).enumerated() {
            guard let certificate = below else { break }
            let level = levels.count
            guard let issuer = try? Certificate(derEncoded: der) else {
                cut = "the log's issuer \(offset + 1) does not decode; the path ends at level \(level - 1)"
                break
            }
            guard certificate.isSigned(by: issuer) else {
                cut =
                    "the log's issuer \(offset + 1) (\(issuer.subject)) did not sign the certificate below it; "
                    + "the path ends at level \(level - 1)"
                break
            }
            levels.append(Self.level(issuer))
            below = issuer
        }
        pins = PathPins(levels: levels)
        self.cut = cut
    }

    private static func level(_ certificate: Certificate) -> PathPins.Level {
        let details = CertificateDetails(certificate)
        return PathPins.Level(spki: details.spkiPin, certificate: details.certPin, notAfter: certificate.notValidAfter)
    }
}
