import Foundation
import Synchronization
import X509

/// One trust anchor: its DER, the fields a store indexes it by, and the certificate, parsed the first time a path
/// looks it up (or at once, when it came parsed or its source asked for that).
final class TrustAnchor: Sendable {
    let der: [UInt8]
    let subject: DistinguishedName
    let notValidBefore: Date
    let notValidAfter: Date
    private let parsed: Mutex<Parsed>

    private enum Parsed {
        case notYet
        case certificate(Certificate)
        /// swift-certificates refused it (a legacy key), or it disagreed with the header it was indexed by.
        case refused
    }

    /// An anchor known parsed.
    init(_ certificate: Certificate, der: [UInt8]? = nil) {
        self.der = der ?? certificate.derBytes
        subject = certificate.subject
        notValidBefore = certificate.notValidBefore
        notValidAfter = certificate.notValidAfter
        parsed = Mutex(.certificate(certificate))
    }

    /// An anchor indexed by its header alone; the rest is parsed when ``certificate`` is first read.
    init(deferringParseOf der: [UInt8]) throws {
        let header = try CertificateHeader(derEncoded: der)
        self.der = der
        subject = header.subject
        notValidBefore = header.notBefore
        notValidAfter = header.notAfter
        parsed = Mutex(.notYet)
    }

    /// The parsed certificate, or nil when swift-certificates cannot use it. A certificate whose parsed subject is
    /// not the one it was indexed under is never handed out: a lookup by subject must not return another name.
    var certificate: Certificate? {
        let known = parsed.withLock { state -> Certificate?? in
            switch state {
            case .notYet: return .none
            case .certificate(let certificate): return .some(certificate)
            case .refused: return .some(nil)
            }
        }
        if let known { return known }
        let certificate = (try? Certificate(derEncoded: der)).flatMap { $0.subject == subject ? $0 : nil }
        parsed.withLock { $0 = certificate.map(Parsed.certificate) ?? .refused }
        return certificate
    }
}
