import Foundation
import PinningCore

/// `pins`: every certificate of the files given, in file order, with its details and both pins, as text or JSON.
public struct CertificateListing: Sendable {
    /// The certificates, each with the file it came from and its position there.
    public let entries: [CertificateJSON]
    /// The instant days left are counted from, and the text's validity is judged at.
    public let now: Date

    /// `files`: each file's path and the certificates read from it, in order.
    public init(_ files: [(path: String, certificates: [ChainCertificate])], now: Date) {
        self.now = now
        entries = files.flatMap { file in
            file.certificates.enumerated().map { index, certificate in
                let details = CertificateDetails(certificate)
                return CertificateJSON(
                    file: file.path, index: index, details: details, daysLeft: details.daysLeft(at: now))
            }
        }
    }

    /// `FILE [INDEX]` and the details indented under it, a blank line between certificates.
    public var lines: [String] {
        entries.enumerated().flatMap { number, entry in
            (number > 0 ? [""] : []) + ["\(entry.file) [\(entry.index)]"]
                + DetailsText.lines(entry.details, now: now).map { "  " + $0 }
        }
    }
}
