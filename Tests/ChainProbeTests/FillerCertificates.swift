import LabPKI
import TestSupport

/// Distinct CA certificates to pad a server's certificate list with, as a hostile or broken server might.
enum FillerCertificates {
    /// Enough for every oversized-chain test; generated once per process (key generation is the slow part).
    static let pile: [IssuedCertificate] = (0..<48).map { index in
        try! CertificateIssuer.intermediate(
            commonName: "PinBench Filler CA \(index)", key: .p256, issuer: TestPKI.shared.root)
    }
}
