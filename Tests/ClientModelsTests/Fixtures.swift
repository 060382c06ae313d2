import Foundation
import LabPKI
import PinningCore
import TestSupport

/// Helpers to build manifests and validators over the shared test PKI (as PinningCoreTests has them; the client tests
/// moved here from there).
enum Fixtures {
    static var pki: TestPKI { TestPKI.shared }

    static func spki(_ issued: IssuedCertificate) -> String { CertificateDetails(issued.certificate).spkiPin }
    static func cert(_ issued: IssuedCertificate) -> String { CertificateDetails(issued.certificate).certPin }

    static func pin(
        _ value: String,
        type: PinType = .spkiSHA256,
        role: PinRole = .active,
        position: PinPosition = .any,
        notAfter: Date? = nil
    ) -> Pin {
        Pin(type: type, value: value, role: role, position: position, notAfter: notAfter)
    }

    static func manifest(_ domains: DomainPolicy...) -> PinManifest {
        PinManifest(domains: domains)
    }

    static func validator(_ manifest: PinManifest, anchors: [IssuedCertificate]? = nil) -> PinValidator {
        PinValidator(
            manifest: manifest,
            trustAnchors: TrustAnchors(certificates: (anchors ?? [pki.root]).map(\.certificate))
        )
    }

    /// A well-formed pin value that matches nothing.
    static let unrelatedPin = Data(repeating: 7, count: 32).base64EncodedString()
}
