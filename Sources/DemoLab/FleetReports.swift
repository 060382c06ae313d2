import Foundation
import LabPKI
import PinForecast
import PinningCore
import X509

/// The reports the demo's simulated fleet sends, in TrustKit's format as its iOS and Android libraries write them,
/// built from what the lab really serves: a lockout after the rotation story (release 2.0, which pins only today's
/// leaf key, meeting the renewal with a new key), an interception through the `mitm` scenario, and a few client
/// faults on `good` (a device clock years behind, and a stale trust store). Counts are fixed, so a test can assert
/// what the Reports view shows.
public struct FleetReport: Hashable, Sendable {
    /// What the collector is expected to judge it, for the demo's own check and the tests.
    public enum Expected: String, Hashable, Sendable {
        case lockout, interception
        case clientFault = "client-fault"
    }

    public let name: String
    public let host: String
    public let expected: Expected
    /// The JSON body each device POSTs: the same report but for the device's own `app-vendor-id`, so the collector
    /// counts them in one row without taking them for one body replayed.
    public let bodies: [Data]
    /// How many devices send it.
    public var copies: Int { bodies.count }
}

extension RunningLab {
    /// The fleet's reports, against `releases` as the demo wrote them (their names and pins).
    public func fleetReports(releases: [Release], now: Date = Date()) -> [FleetReport] {
        let rotating = scenario(.rotating).host
        let good = scenario(.good)
        let mitm = scenario(.mitm)
        func knownPins(_ release: String, _ host: String) -> [String] {
            let policy = releases.first { $0.name == release }.flatMap { PolicyLookup($0.manifest).policy(for: host) }
            return (policy?.pins ?? []).filter { $0.type == .spkiSHA256 }.map { "pin-sha256=\"\($0.value)\"" }.sorted()
        }
        func pem(_ chain: [Certificate]) -> [String] {
            chain.map { PEMDocumentText(type: "CERTIFICATE", der: $0.derBytes).text }
        }
        func trustKit(
            host: String, version: String, android: Bool, chain: [Certificate], pins: [String], time: String,
            devices: Int
        ) -> [Data] {
            var object: [String: Any] = [
                "app-bundle-id": "test.pinbench.demo", "app-version": version,
                "app-platform": android ? "ANDROID" : "IOS",
                "trustkit-version": android ? "1.1.5" : "3.0.3", "hostname": host, "port": 443, "noted-hostname": host,
                "include-subdomains": false, "enforce-pinning": true, "date-time": time, "known-pins": pins,
                "validated-certificate-chain": pem(chain), "validation-result": 1,
            ]
            // TrustKit Android sends the chain as served too (and its time as a local time: see DeviceTime).
            if android { object["served-certificate-chain"] = pem(chain) }
            // Keys sorted: the same report is the same bytes on every run.
            return (1...devices).map { device in
                object["app-vendor-id"] = "demo-fleet-device-\(device)"
                return try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            }
        }
        let stamp = Timestamp.format(now)
        let renewal = rotationChain(.renewalNewKey)
        return [
            FleetReport(
                name: "release 2.0 meets the renewal with a new key", host: rotating, expected: .lockout,
                bodies: trustKit(
                    host: rotating, version: "2.0", android: false, chain: renewal, pins: knownPins("2.0", rotating),
                    time: stamp, devices: 8)),
            FleetReport(
                name: "a proxy's chain for mitm", host: mitm.host, expected: .interception,
                bodies: trustKit(
                    host: mitm.host, version: "2.1", android: true, chain: mitm.servedCertificates,
                    pins: knownPins("2.1", mitm.host), time: stamp, devices: 3)),
            FleetReport(
                name: "a device clock years behind", host: good.host, expected: .clientFault,
                bodies: trustKit(
                    host: good.host, version: "2.1", android: false, chain: good.servedCertificates,
                    pins: knownPins("2.1", good.host), time: "2019-06-01T12:00:00Z", devices: 2)),
            FleetReport(
                name: "a stale trust store", host: good.host, expected: .clientFault,
                bodies: trustKit(
                    host: good.host, version: "2.1", android: false, chain: good.servedCertificates,
                    pins: knownPins("2.1", good.host), time: stamp, devices: 1)),
        ]
    }
}
