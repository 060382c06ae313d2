import Foundation
import LabPKI
import PinningCore
import X509

/// A lab CA shaped like Let's Encrypt's Gen Y, in the catalog format a team would write (docs/ca-catalog.md): one
/// root, two active intermediates picked at random and a backup, all ending on one day (as YE1–YE3 end
/// 2028-09-02), a `classic` profile of 90 days then 64 from 2027-02-10, a `yearly` one of 398 days (bounded by
/// SC-081). Real certificates: the renewal calendar's renewals are issued here and judged by the whole validator.
public struct GenYLab: Sendable {
    public static let host = "api.calendar.test"
    /// The catalog id of the lab CA.
    public static let id = "labgeny"

    public let root: IssuedCertificate
    /// YE1, YE2 (active), YE3 (backup).
    public let pool: [IssuedCertificate]
    /// The leaf served today, from YE1.
    public let leaf: IssuedCertificate
    /// The day the pool's certificates end.
    public static let poolEnds = day("2028-09-02")

    /// Today's leaf issued on `issued` for `days` days from YE1.
    public init(issued: CalendarDay = day("2026-11-01"), days: Int = 90) throws {
        let start = Self.day("2026-01-01").startDate!
        let root = try CertificateIssuer.root(
            commonName: "Lab Root YE", notBefore: start, notAfter: Self.day("2036-01-01").startDate!)
        let ends = Self.poolEnds.endDate!.addingTimeInterval(-1)
        let pool = try ["Lab YE1", "Lab YE2", "Lab YE3"].map {
            try CertificateIssuer.intermediate(commonName: $0, issuer: root, notBefore: start, notAfter: ends)
        }
        self.root = root
        self.pool = pool
        leaf = try Self.leaf(key: LabKey(.p256), issuer: pool[0], issued: issued, days: days)
    }

    /// The catalog's files by path (`labgeny/catalog.json`, `labgeny/ye1.pem`…): a `--ca-catalog` folder's content.
    public var files: [String: String] {
        let json = """
            {
              "format": 1, "id": "labgeny", "name": "Lab Gen Y", "public": true, "issuance": "random",
              "renewAt": 0.6667,
              "certificates": [
                { "file": "root.pem", "label": "Lab Root YE", "role": "root", "status": "active" },
                { "file": "ye1.pem", "label": "YE1", "role": "intermediate", "status": "active" },
                { "file": "ye2.pem", "label": "YE2", "role": "intermediate", "status": "active" },
                { "file": "ye3.pem", "label": "YE3", "role": "intermediate", "status": "backup" }
              ],
              "profiles": [
                { "name": "classic", "default": true,
                  "lifetimes": [ { "days": 90 }, { "from": "2027-02-10", "days": 64 } ] },
                { "name": "yearly", "lifetimes": [ { "days": 398 } ] }
              ]
            }
            """
        return [
            "labgeny/catalog.json": json, "labgeny/root.pem": root.pem, "labgeny/ye1.pem": pool[0].pem,
            "labgeny/ye2.pem": pool[1].pem, "labgeny/ye3.pem": pool[2].pem,
        ]
    }

    /// A leaf for ``host`` with `key` from `issuer`, valid `days` days from the start of `issued` (as CAs count:
    /// the last second inside).
    public static func leaf(
        key: LabKey, issuer: IssuedCertificate, issued: CalendarDay, days: Int, hosts: [String] = [host]
    ) throws -> IssuedCertificate {
        let start = issued.startDate!
        let profile = CertificateIssuer.Profile(
            subject: try CertificateIssuer.name(commonName: hosts[0]), notBefore: start,
            notAfter: start.addingTimeInterval(Double(days) * 86_400 - 1), dnsNames: hosts,
            extendedKeyUsage: ([.serverAuth], false))
        return try CertificateIssuer.issue(profile, key: key, issuer: issuer)
    }

    public static func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    public var anchors: TrustAnchors { TrustAnchors(certificates: [root.certificate]) }
    public var served: [ChainCertificate] { [leaf.chainCertificate, pool[0].chainCertificate] }

    public func spki(_ issued: IssuedCertificate) -> Pin {
        Pin(type: .spkiSHA256, value: Fingerprint.spkiPin(issued.certificate))
    }

    /// Releases pinning one intermediate, two, all three, the root key, and the leaf key.
    public var releases: [(name: String, pins: [Pin])] {
        [
            ("ye1", [spki(pool[0])]),
            ("ye1+ye2", [spki(pool[0]), spki(pool[1])]),
            ("ye1+ye2+ye3", pool.map(spki)),
            ("root-key", [spki(root)]),
            ("leaf-key", [spki(leaf)]),
        ]
    }

    public func policy(_ pins: [Pin], issuance: DomainIssuance? = nil) -> DomainPolicy {
        DomainPolicy(host: Self.host, pins: pins, issuance: issuance)
    }
}
