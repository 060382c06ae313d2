import Foundation
import X509

/// A certificate's ``CertificateDetails``, computed when someone first reads them and then kept.
///
/// A verdict needs one pin, and perhaps a subject, of each certificate it looks at; fingerprints, SHA-1, names and
/// the key description are for people and reports. So the validator asks this value for a pin (computed on its own
/// and kept), and the full details wait until `details` is read: by a report, `inspect --json` or the workbench.
/// Either way the values are the ones ``CertificateDetails`` computes, so what is shown never changes.
package final class LazyCertificateDetails: Sendable {
    /// Nil for a certificate swift-certificates refused, known by its details alone.
    package let certificate: Certificate?
    /// The DER as received; nil for a certificate known only parsed, whose DER is re-serialized when needed.
    private let der: [UInt8]?
    private let memo: Locked<Memo>

    private struct Memo {
        var details: CertificateDetails?
        var spkiPin: String?
        var certPin: String?
        var subject: String?
    }

    /// Details to compute from `certificate` when read; `der` is its encoding when the caller has it.
    init(_ certificate: Certificate, der: [UInt8]?) {
        self.certificate = certificate
        self.der = der
        memo = Locked(Memo())
    }

    /// Details already computed (a certificate swift-certificates refused, read field by field).
    init(_ details: CertificateDetails) {
        certificate = nil
        der = nil
        memo = Locked(Memo(details: details))
    }

    /// The DER, when the certificate is known by more than its details (always so in a verified path).
    package var derBytes: [UInt8]? { der ?? certificate?.derBytes }

    var details: CertificateDetails {
        if let known = memo.withLock({ $0.details }) { return known }
        // `certificate` is set whenever `details` was not given at init.
        let computed = CertificateDetails(certificate!, der: derBytes!)
        return memo.withLock { memo in
            if let known = memo.details { return known }
            memo.details = computed
            return computed
        }
    }

    /// The pin value of the given type: the same string as `details.pinValue(type)`, without the rest.
    func pinValue(_ type: PinType) -> String {
        let known = memo.withLock { memo in
            memo.details?.pinValue(type) ?? (type == .spkiSHA256 ? memo.spkiPin : memo.certPin)
        }
        if let known { return known }
        let computed: String
        switch type {
        case .spkiSHA256: computed = Fingerprint.spkiPin(certificate!)
        case .certSHA256: computed = Fingerprint.sha256Base64(derBytes!)
        }
        memo.withLock { memo in
            switch type {
            case .spkiSHA256: memo.spkiPin = computed
            case .certSHA256: memo.certPin = computed
            }
        }
        return computed
    }

    /// `details.notAfter`, without the rest.
    var notAfter: Date { certificate?.notValidAfter ?? details.notAfter }

    /// `details.subject`, without the rest.
    package var subject: String {
        if let known = memo.withLock({ $0.details?.subject ?? $0.subject }) { return known }
        let computed = certificate!.subject.opensslString
        memo.withLock { $0.subject = computed }
        return computed
    }
}
