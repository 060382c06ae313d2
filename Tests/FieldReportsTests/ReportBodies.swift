import FieldReports
import Foundation
import LabPKI
import PinningCore
import TestSupport

/// Report bodies as the senders write them: TrustKit iOS (TSKPinFailureReport's fields), TrustKit Android
/// (PinningFailureReport's), and RFC 7469 section 3's, built from real lab chains.
enum ReportBodies {
    static let pki = TestPKI.shared

    static func pins(_ certificates: [IssuedCertificate]) -> [String] {
        certificates.map { "pin-sha256=\"\(Fixtures.spki($0))\"" }
    }

    static func trustKitIOS(
        host: String = pki.host, chain: [IssuedCertificate], version: String = "4.1", time: String = now,
        knownPins: [String]? = nil
    ) -> [String: Any] {
        [
            "app-bundle-id": "com.example.app", "app-version": version, "app-platform": "IOS",
            "app-platform-version": "17.2", "app-vendor-id": "A1B2C3D4-0000-0000-0000-000000000000",
            "trustkit-version": "3.0.3", "hostname": host, "port": 443, "noted-hostname": host,
            "include-subdomains": false, "enforce-pinning": true, "date-time": time,
            "validated-certificate-chain": chain.map(\.pem),
            "known-pins": knownPins ?? pins([pki.good.leaf, pki.intermediate]), "validation-result": 1,
        ]
    }

    static func trustKitAndroid(chain: [IssuedCertificate], version: String = "4.1") -> [String: Any] {
        [
            "app-bundle-id": "com.example.app", "app-version": version, "app-vendor-id": "vendor",
            "app-platform": "ANDROID", "app-platform-version": "14", "trustkit-version": "1.1.5",
            "hostname": pki.host, "port": 443, "noted-hostname": pki.host, "include-subdomains": true,
            "enforce-pinning": true, "date-time": now, "served-certificate-chain": chain.map(\.pem),
            "validated-certificate-chain": chain.map(\.pem), "known-pins": pins([pki.good.leaf]),
            "validation-result": 1,
        ]
    }

    static func rfc7469(chain: [IssuedCertificate]) -> [String: Any] {
        [
            "date-time": now, "hostname": pki.host, "port": 443, "effective-expiration-date": "2027-01-01T00:00:00Z",
            "include-subdomains": false, "noted-hostname": pki.host,
            "served-certificate-chain": chain.map(\.pem), "validated-certificate-chain": chain.map(\.pem),
            "known-pins": pins([pki.good.leaf]),
        ]
    }

    static var now: String { Timestamp.format(Date()) }

    static func bytes(_ object: Any) -> [UInt8] {
        Array(try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }
}
