import Foundation
import LabPKI
import PinningCore

/// Helpers to build manifests and validators over the shared test PKI, for every target's tests that judge a manifest.
public enum Fixtures {
    public static var pki: TestPKI { TestPKI.shared }

    public static func spki(_ issued: IssuedCertificate) -> String { CertificateDetails(issued.certificate).spkiPin }
    public static func cert(_ issued: IssuedCertificate) -> String { CertificateDetails(issued.certificate).certPin }

    public static func pin(
        _ value: String,
        type: PinType = .spkiSHA256,
        role: PinRole = .active,
        position: PinPosition = .any,
        notAfter: Date? = nil
    ) -> Pin {
        Pin(type: type, value: value, role: role, position: position, notAfter: notAfter)
    }

    public static func manifest(_ domains: DomainPolicy...) -> PinManifest {
        PinManifest(domains: domains)
    }

    public static func validator(_ manifest: PinManifest, anchors: [IssuedCertificate]? = nil) -> PinValidator {
        PinValidator(
            manifest: manifest,
            trustAnchors: TrustAnchors(certificates: (anchors ?? [pki.root]).map(\.certificate))
        )
    }

    /// A well-formed pin value that matches nothing.
    public static let unrelatedPin = Data(repeating: 7, count: 32).base64EncodedString()
}
